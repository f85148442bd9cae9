import { describe, expect, it } from 'vitest';
import { parseGlassMakeup } from './glass-makeup.ts';

const ok = (text: string) => {
  const r = parseGlassMakeup(text);
  if (!r.ok) throw new Error(`refused ${text}: ${JSON.stringify(r.params)}`);
  return r.makeup;
};

describe('glass make-up notation', () => {
  it('reads a double unit 4-16Ar-4: two 4 mm panes, 16 mm argon, 24 mm, 20 kg/m²', () => {
    const m = ok('4-16Ar-4');
    expect(m.kind).toBe('insulating');
    expect(m.panes.map((p) => p.plies_mm)).toEqual([['4'], ['4']]);
    expect(m.gaps).toEqual([{ width_mm: '16', gas: 'argon' }]);
    expect(m.thickness_mm).toBe('24');
    expect(m.glass_mm).toBe('8');
    expect(m.weight_kg_m2).toBe('20');
    expect(m.low_e_faces).toEqual([]);
    expect(m.normalized).toBe('4-16Ar-4');
  });

  it('reads a triple unit 4/18/4/18/4 with air and Low-E on faces 3 and 5', () => {
    const m = ok(' 4 / 18 / 4E / 18 / 4LowE ');
    expect(m.panes).toHaveLength(3);
    expect(m.gaps.map((g) => g.gas)).toEqual(['air', 'air']);
    expect(m.thickness_mm).toBe('48');
    expect(m.low_e_faces).toEqual([3, 5]);
    expect(m.normalized).toBe('4-18-4E-18-4E');
  });

  it('puts Low-E of the outer pane on face 2 and of the inner pane of a double unit on face 3', () => {
    expect(ok('4E-16Ar-4').low_e_faces).toEqual([2]);
    expect(ok('4-16Ar-4le').low_e_faces).toEqual([3]);
  });

  it('reads laminated glass by plies (44.1) and by total thickness (6.38, 8.76, 9.14)', () => {
    const l = ok('44.1');
    expect(l.kind).toBe('laminated');
    expect(l.panes[0]).toMatchObject({ plies_mm: ['4', '4'], pvb_layers: 1, thickness_mm: '8.38' });
    expect(ok('33.2').panes[0]).toMatchObject({ plies_mm: ['3', '3'], pvb_layers: 2, thickness_mm: '6.76' });
    expect(ok('6.38').panes[0]).toMatchObject({ plies_mm: ['3', '3'], pvb_layers: 1 });
    expect(ok('8.76').panes[0]).toMatchObject({ plies_mm: ['4', '4'], pvb_layers: 2 });
    expect(ok('9.14').panes[0]).toMatchObject({ plies_mm: ['4', '4'], pvb_layers: 3 });
    const igu = ok('6T-14Kr-44.1E');
    expect(igu.panes[0]).toMatchObject({ tempered: true, low_e: false });
    expect(igu.panes[1]).toMatchObject({ tempered: false, low_e: true, pvb_layers: 1 });
    expect(igu.gaps[0]).toEqual({ width_mm: '14', gas: 'krypton' });
    expect(igu.thickness_mm).toBe('28.38');
    expect(igu.glass_mm).toBe('14');
  });

  it('reads a single float pane', () => {
    expect(ok('8')).toMatchObject({ kind: 'monolithic', thickness_mm: '8', weight_kg_m2: '20' });
  });

  it('refuses what is not a make-up, naming the token and its position', () => {
    expect(parseGlassMakeup('4-16Ar')).toMatchObject({ ok: false, params: { token: '16Ar', position: 2 } });
    expect(parseGlassMakeup('4-16Ne-4')).toMatchObject({ ok: false, params: { token: '16Ne', position: 2 } });
    expect(parseGlassMakeup('4-2-4')).toMatchObject({ ok: false, params: { position: 2 } });
    expect(parseGlassMakeup('3.3-16-4')).toMatchObject({ ok: false, params: { token: '3.3', position: 1 } });
    expect(parseGlassMakeup('10.52')).toMatchObject({ ok: false, key: 'validation.glassMakeupInvalid' });
    expect(parseGlassMakeup('44.7')).toMatchObject({ ok: false });
    expect(parseGlassMakeup('')).toMatchObject({ ok: false, params: { position: 1 } });
    expect(parseGlassMakeup('staklo')).toMatchObject({ ok: false, params: { token: 'staklo' } });
  });
});
