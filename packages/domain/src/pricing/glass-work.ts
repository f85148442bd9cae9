import type Decimal from 'decimal.js';
import { Dec } from '../production/decimal.ts';
import { parseGlassMakeup } from '../production/glass-makeup.ts';
import type { EdgeType } from './measure-pricing.ts';

/**
 * Holes and cut-outs on a glass line (PRODUCT.md "Glass processing": "holes and cut-outs per
 * piece (diameter ≥ glass thickness, at least 2× thickness from the edge — checked with a
 * warning)"). A line carries one group of holes per pane: their count, their diameter and the
 * least distance of any of them from the pane's edge (mm, from the edge of the glass to the edge of
 * the hole); cut-outs are a count. The price is measure-pricing.ts's (per piece at the company's
 * hole and cut-out price); here are the checks. They are warnings: the line is saved as typed and
 * the warnings are shown in the line grid, returned by the server and printed on the work order.
 */
export type GlassWorkWarning =
  | { key: 'glassWork.holeDiameter'; params: { diameter: string; thickness: string } }
  | { key: 'glassWork.holeEdge'; params: { edge: string; min: string; thickness: string } };

export type GlassWorkLine = {
  holeCount?: Decimal.Value | null;
  holeDiameterMm?: Decimal.Value | null;
  holeEdgeMm?: Decimal.Value | null;
};

const num = (value: Decimal.Value | null | undefined): Decimal | null => {
  if (value === null || value === undefined || value === '') return null;
  try {
    const d = new Dec(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/**
 * The thickness the hole rules use (mm): the item's own thickness; without one, the item's SKU read
 * as a glass make-up (`8`, `44.1`, `6-16Ar-6`: the thickest pane, the one a hole goes through is
 * drilled pane by pane); null when neither says.
 */
export function glassThicknessMm(
  itemThicknessMm: Decimal.Value | null | undefined,
  makeupText?: string | null,
): Decimal | null {
  const own = num(itemThicknessMm);
  if (own?.gt(0)) return own;
  if (!makeupText) return null;
  const parsed = parseGlassMakeup(makeupText);
  if (!parsed.ok) return null;
  const panes = parsed.makeup.panes.map((p) => new Dec(p.thickness_mm));
  return panes.length ? Dec.max(...panes) : null;
}

/**
 * The warnings of a line's holes for glass of this thickness: a hole narrower than the glass is
 * thick, and a hole nearer the edge than twice the thickness. None without holes, without a known
 * thickness, or for a value not given (no edge distance: no edge check).
 */
export function glassWorkWarnings(
  line: GlassWorkLine,
  thicknessMm: Decimal.Value | null | undefined,
): GlassWorkWarning[] {
  const count = num(line.holeCount);
  const thickness = num(thicknessMm);
  if (!count?.gt(0) || !thickness?.gt(0)) return [];
  const out: GlassWorkWarning[] = [];
  const diameter = num(line.holeDiameterMm);
  if (diameter?.lt(thickness))
    out.push({
      key: 'glassWork.holeDiameter',
      params: { diameter: diameter.toFixed(), thickness: thickness.toFixed() },
    });
  const edge = num(line.holeEdgeMm);
  const min = thickness.times(2);
  if (edge?.lt(min))
    out.push({
      key: 'glassWork.holeEdge',
      params: { edge: edge.toFixed(), min: min.toFixed(), thickness: thickness.toFixed() },
    });
  return out;
}

/** A line's glass work fields as a copy takes them (quote → work order → delivery note → invoice). */
export function glassWorkOf(l: {
  hole_count?: number | null;
  hole_diameter_mm?: string | null;
  hole_edge_mm?: string | null;
  cutout_count?: number | null;
  edge_type?: EdgeType | null;
  coating_removal?: boolean | null;
}) {
  return {
    hole_count: l.hole_count ?? 0,
    hole_diameter_mm: l.hole_diameter_mm ?? null,
    hole_edge_mm: l.hole_edge_mm ?? null,
    cutout_count: l.cutout_count ?? 0,
    edge_type: l.edge_type ?? ('rezano' as const),
    coating_removal: l.coating_removal ?? false,
  };
}
