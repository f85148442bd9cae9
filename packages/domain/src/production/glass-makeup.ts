import { Dec } from './decimal.ts';

/**
 * Glass make-up notation as glass processors write it (PRODUCT.md "Insulating glass units"):
 * - panes and gaps alternate, separated by `-` or `/`: `4-16Ar-4`, `4/18/4/18/4`, `6-14Kr-44.1`;
 * - a gap is its width in mm with an optional gas: `Ar` argon, `Kr` krypton, `Xe` xenon, `Air`/none
 *   air;
 * - a pane is float (`4`, `3.3` is not a thickness we know → error), laminated by plies and PVB
 *   layers `44.1` (2 × 4 mm + 1 × 0.38 mm PVB), `33.2`, `55.2`, or by total thickness `6.38`
 *   (2 × 3 mm + 0.38), `8.76` (2 × 4 + 0.76), `9.14` (2 × 4 + 1.14), `10.52` (2 × 4.5 is refused:
 *   plies of a total notation are equal and whole);
 * - pane suffixes: `E`, `LE`, `LowE` = Low-E coated, `T` or `K` (kaljeno) = tempered, in any order
 *   (`4E`, `44.1LowE`, `6TE`).
 * Faces are numbered from the outside (pane n has faces 2n−1 and 2n); a Low-E coating faces the
 * cavity: on the outer pane face 2, on any other pane the face towards the cavity before it (face
 * 3 on the inner pane of a double unit).
 */
export const PVB_MM = '0.38';
/** Float glass weighs 2.5 kg per m² and mm of thickness. */
export const GLASS_KG_PER_M2_MM = '2.5';

export type GlassGas = 'air' | 'argon' | 'krypton' | 'xenon';
export type GlassPane = {
  /** The token as written, e.g. `44.1`. */
  notation: string;
  /** Glass plies in mm (one for float, two or more for laminated). */
  plies_mm: string[];
  pvb_layers: number;
  thickness_mm: string;
  low_e: boolean;
  tempered: boolean;
};
export type GlassGap = { width_mm: string; gas: GlassGas };
export type GlassMakeup = {
  kind: 'monolithic' | 'laminated' | 'insulating';
  panes: GlassPane[];
  gaps: GlassGap[];
  /** Overall thickness: panes (with PVB) + gaps. */
  thickness_mm: string;
  /** Glass only (no PVB, no gaps): for weight. */
  glass_mm: string;
  weight_kg_m2: string;
  low_e_faces: number[];
  /** Canonical notation: `4-16Ar-4`, `44.1-16Ar-4E`. */
  normalized: string;
};
export type GlassMakeupResult =
  | { ok: true; makeup: GlassMakeup }
  | { ok: false; key: 'validation.glassMakeupInvalid'; params: { token: string; position: number } };

const GASES: Record<string, GlassGas> = { '': 'air', air: 'air', ar: 'argon', kr: 'krypton', xe: 'xenon' };
const GAS_CODES: Record<GlassGas, string> = { air: '', argon: 'Ar', krypton: 'Kr', xenon: 'Xe' };
/** PVB total thickness by its fraction in a total-thickness notation: .38, .76, 1.14, 1.52. */
const PVB_BY_FRACTION: Record<string, number> = { '38': 1, '76': 2, '14': 3, '52': 4 };
const MIN_PLY = 2;
const MAX_PLY = 25;

function parsePane(token: string): GlassPane | null {
  const m = /^(\d{1,2}(?:[.,]\d{1,2})?)((?:lowe|le|e|t|k)*)$/i.exec(token);
  if (!m) return null;
  const core = (m[1] as string).replace(',', '.');
  const suffix = (m[2] as string).toLowerCase();
  let plies: Dec[];
  let layers = 0;
  const byPlies = /^(\d)(\d)\.(\d)$/.exec(core);
  const byTotal = /^(\d{1,2})\.(\d{2})$/.exec(core);
  if (byPlies) {
    plies = [new Dec(byPlies[1] as string), new Dec(byPlies[2] as string)];
    layers = Number(byPlies[3]);
    if (layers < 1 || layers > 4) return null;
  } else if (byTotal) {
    layers = PVB_BY_FRACTION[byTotal[2] as string] ?? 0;
    if (layers === 0) return null;
    const glass = new Dec(core).minus(new Dec(PVB_MM).times(layers));
    const ply = glass.div(2);
    if (!ply.isInteger()) return null;
    plies = [ply, ply];
  } else if (/^\d{1,2}$/.test(core)) {
    plies = [new Dec(core)];
  } else return null;
  if (plies.some((p) => p.lt(MIN_PLY) || p.gt(MAX_PLY))) return null;
  const thickness = plies.reduce((a, p) => a.plus(p), new Dec(0)).plus(new Dec(PVB_MM).times(layers));
  return {
    notation: token,
    plies_mm: plies.map((p) => p.toFixed()),
    pvb_layers: layers,
    thickness_mm: thickness.toFixed(),
    low_e: /lowe|le|e/.test(suffix.replace(/t|k/g, '')),
    tempered: /[tk]/.test(suffix.replace(/lowe/g, '')),
  };
}

function parseGap(token: string): GlassGap | null {
  const m = /^(\d{1,2}(?:[.,]\d)?)\s*(ar|kr|xe|air)?$/i.exec(token);
  if (!m) return null;
  const width = new Dec((m[1] as string).replace(',', '.'));
  if (width.lt(4) || width.gt(32)) return null;
  return { width_mm: width.toFixed(), gas: GASES[(m[2] ?? '').toLowerCase()] as GlassGas };
}

function paneText(p: GlassPane): string {
  const core = p.notation.replace(/(?:lowe|le|e|t|k)*$/i, '').replace(',', '.');
  return `${core}${p.tempered ? 'T' : ''}${p.low_e ? 'E' : ''}`;
}

/** Parses a make-up; an unknown token answers its text and 1-based position (for a clear error). */
export function parseGlassMakeup(text: string): GlassMakeupResult {
  const tokens = text
    .trim()
    .split(/\s*[-/]\s*/)
    .map((t) => t.replace(/\s+/g, ''));
  const fail = (i: number): GlassMakeupResult => ({
    ok: false,
    key: 'validation.glassMakeupInvalid',
    params: { token: tokens[i] ?? text.trim(), position: i + 1 },
  });
  if (tokens.length === 0 || tokens[0] === '' || tokens.length % 2 === 0 || tokens.length > 7)
    return fail(tokens.length % 2 === 0 ? tokens.length - 1 : 0);
  const panes: GlassPane[] = [];
  const gaps: GlassGap[] = [];
  for (const [i, token] of tokens.entries()) {
    if (i % 2 === 0) {
      const pane = parsePane(token);
      if (!pane) return fail(i);
      panes.push(pane);
    } else {
      const gap = parseGap(token);
      if (!gap) return fail(i);
      gaps.push(gap);
    }
  }
  const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Dec(0));
  const glass = sum(panes.flatMap((p) => p.plies_mm));
  const thickness = sum([...panes.map((p) => p.thickness_mm), ...gaps.map((g) => g.width_mm)]);
  const normalized = panes
    .map((p, i) => {
      const gap = gaps[i];
      return gap ? `${paneText(p)}-${gap.width_mm}${GAS_CODES[gap.gas]}` : paneText(p);
    })
    .join('-');
  return {
    ok: true,
    makeup: {
      kind: gaps.length > 0 ? 'insulating' : panes[0]?.pvb_layers ? 'laminated' : 'monolithic',
      panes,
      gaps,
      thickness_mm: thickness.toFixed(),
      glass_mm: glass.toFixed(),
      weight_kg_m2: glass.times(GLASS_KG_PER_M2_MM).toFixed(),
      low_e_faces: panes.flatMap((p, i) => (p.low_e ? [i === 0 ? 2 : 2 * i + 1] : [])),
      normalized,
    },
  };
}
