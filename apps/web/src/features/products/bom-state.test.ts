import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { editorStateFrom, toBomInput } from './bom-editor.tsx';
import type { BomLine } from './products-api.ts';

const saved = (patch: Partial<BomLine>): BomLine =>
  ({
    id: 'l1',
    position: 1,
    componentId: '00000000-0000-4000-8000-000000000051',
    quantity: '1.125',
    formula: null,
    unit: 'm',
    scrapPct: '2.125',
    childWidth: null,
    childHeight: null,
    cutCount: null,
    cutLength: null,
    cutWidth: null,
    cutHeight: null,
    cutAngleStart: 90,
    cutAngleEnd: 90,
    component: { id: '00000000-0000-4000-8000-000000000051', sku: 'PR', name: 'Profil', baseUnit: 'm' },
    componentHasBom: false,
    ...patch,
  }) as BomLine;
const bom = (lines: BomLine[]) => ({ note: '', variables: [], lines });
const resent = (lines: BomLine[], lng: string) =>
  toBomInput(editorStateFrom(bom(lines), lng)).lines.map((l) => ({
    quantity: l.quantity,
    formula: l.formula,
    scrapPct: l.scrapPct,
  }));

describe('BOM editor: a saved BOM opened and saved unchanged', () => {
  // Typed numbers are read in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('shows fixed quantities and scrap in Croatian format and sends them back as saved (not 1 125)', () => {
    const lines = [saved({}), saved({ id: 'l2', quantity: '1234.5', scrapPct: '0' })];
    expect(editorStateFrom(bom(lines), 'hr').lines.map((l) => [l.amount, l.scrapPct])).toEqual([
      ['1,125', '2,125'],
      ['1234,5', '0'],
    ]);
    expect(resent(lines, 'hr')).toEqual([
      { quantity: '1.125', formula: null, scrapPct: '2.125' },
      { quantity: '1234.5', formula: null, scrapPct: '0' },
    ]);
  });

  it('keeps a formula as written', () => {
    const lines = [saved({ quantity: null, formula: '(W + H) * 2 / 1000' })];
    expect(resent(lines, 'hr')).toEqual([
      { quantity: null, formula: '(W + H) * 2 / 1000', scrapPct: '2.125' },
    ]);
  });

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    expect(editorStateFrom(bom([saved({})]), 'en').lines[0]?.amount).toBe('1.125');
    expect(resent([saved({})], 'en')).toEqual([{ quantity: '1.125', formula: null, scrapPct: '2.125' }]);
  });
});
