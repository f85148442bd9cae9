// Independent checker of cutting plans. It deliberately shares no code with the optimisers: it
// only reads the input and the returned plan and reports every rule the plan breaks.
import type { Cut1dInput, Cut2dInput, CutResult1d, CutResult2d } from './types.ts';

export type PlanIssue = string;

export function validatePlan1d(input: Cut1dInput, plan: CutResult1d): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const stockById = new Map(input.stock.map((s) => [s.id, s]));
  checkStockCounts(
    input.stock,
    plan.stockUsed,
    plan.layouts.map((l) => l.stockId),
    issues,
  );
  const expected = new Map<string, number>();
  for (const p of input.pieces) expected.set(p.id, (expected.get(p.id) ?? 0) + p.quantity);
  const lengthOf = new Map(input.pieces.map((p) => [p.id, p.length]));
  const seen = new Map<string, number>();
  plan.layouts.forEach((layout, li) => {
    const stock = stockById.get(layout.stockId);
    if (!stock) {
      issues.push(`layout ${li}: unknown stock ${layout.stockId}`);
      return;
    }
    if (layout.length !== stock.length)
      issues.push(`layout ${li}: length ${layout.length} != stock ${stock.length}`);
    const lo = input.trim.head;
    const hi = stock.length - input.trim.tail;
    const sorted = [...layout.placements].sort((a, b) => a.x - b.x);
    let prevEnd = Number.NEGATIVE_INFINITY;
    for (const p of sorted) {
      seen.set(p.pieceId, (seen.get(p.pieceId) ?? 0) + 1);
      if (lengthOf.get(p.pieceId) !== p.length)
        issues.push(`layout ${li}: piece ${p.pieceId} has wrong length ${p.length}`);
      if (p.x < lo || p.x + p.length > hi)
        issues.push(`layout ${li}: piece ${p.pieceId} outside usable bar [${lo}, ${hi}]`);
      if (p.x < prevEnd + input.kerf)
        issues.push(`layout ${li}: piece ${p.pieceId} at ${p.x} overlaps or ignores the kerf`);
      prevEnd = p.x + p.length;
    }
    // Offcuts (kept as stock or wasted) lie on the bar and never on a piece or on each other: an
    // offcut over a piece would be stocked (or counted as waste) twice.
    const span = (x: number, length: number): Box => ({ x0: x, y0: 0, x1: x + length, y1: 1 });
    checkOffcuts(
      `layout ${li}`,
      layout.offcuts.map((o) => span(o.x, o.length)),
      layout.placements.map((p) => span(p.x, p.length)),
      span(0, stock.length),
      issues,
    );
  });
  comparePieceCounts(expected, seen, issues);
  return issues;
}

export type Validate2dOptions = { stageLimit?: number };

export function validatePlan2d(input: Cut2dInput, plan: CutResult2d): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const stockById = new Map(input.stock.map((s) => [s.id, s]));
  checkStockCounts(
    input.stock,
    plan.stockUsed,
    plan.layouts.map((l) => l.stockId),
    issues,
  );
  const pieceById = new Map(input.pieces.map((p) => [p.id, p]));
  const expected = new Map<string, number>();
  for (const p of input.pieces) expected.set(p.id, (expected.get(p.id) ?? 0) + p.quantity);
  const seen = new Map<string, number>();
  const { trim, kerf } = input;
  plan.layouts.forEach((layout, li) => {
    const stock = stockById.get(layout.stockId);
    if (!stock) {
      issues.push(`sheet ${li}: unknown stock ${layout.stockId}`);
      return;
    }
    if (layout.width !== stock.width || layout.height !== stock.height)
      issues.push(`sheet ${li}: wrong stock size`);
    for (const p of layout.placements) {
      seen.set(p.pieceId, (seen.get(p.pieceId) ?? 0) + 1);
      const piece = pieceById.get(p.pieceId);
      if (!piece) {
        issues.push(`sheet ${li}: unknown piece ${p.pieceId}`);
        continue;
      }
      const asIs = p.width === piece.width && p.height === piece.height;
      const turned = p.width === piece.height && p.height === piece.width;
      if (p.rotated) {
        if (piece.rotate === false) issues.push(`sheet ${li}: grain-locked piece ${p.pieceId} was rotated`);
        if (!turned) issues.push(`sheet ${li}: rotated piece ${p.pieceId} has wrong size`);
      } else if (!asIs) issues.push(`sheet ${li}: piece ${p.pieceId} has wrong size ${p.width}x${p.height}`);
      if (
        p.x < trim.left ||
        p.y < trim.top ||
        p.x + p.width > stock.width - trim.right ||
        p.y + p.height > stock.height - trim.bottom
      ) {
        issues.push(`sheet ${li}: piece ${p.pieceId} outside the trimmed sheet`);
      }
    }
    const boxes: Box[] = layout.placements.map((p) => ({
      x0: p.x,
      y0: p.y,
      x1: p.x + p.width,
      y1: p.y + p.height,
    }));
    for (let a = 0; a < boxes.length; a++) {
      for (let b = a + 1; b < boxes.length; b++) {
        if (overlap(boxes[a] as Box, boxes[b] as Box))
          issues.push(`sheet ${li}: pieces ${a} and ${b} overlap`);
      }
    }
    checkOffcuts(
      `sheet ${li}`,
      layout.offcuts.map((o) => ({ x0: o.x, y0: o.y, x1: o.x + o.width, y1: o.y + o.height })),
      boxes,
      { x0: 0, y0: 0, x1: stock.width, y1: stock.height },
      issues,
    );
    // A first cut across y is a horizontal line (strips stacked along y), across x a vertical one.
    const stages =
      input.firstCut === 'horizontal'
        ? stagesNeeded(boxes, 'y', kerf)
        : input.firstCut === 'vertical'
          ? stagesNeeded(boxes, 'x', kerf)
          : Math.min(stagesNeeded(boxes, 'x', kerf), stagesNeeded(boxes, 'y', kerf));
    if (!Number.isFinite(stages))
      issues.push(`sheet ${li}: layout is not guillotine-cuttable with kerf ${kerf}`);
    else if (input.stageLimit !== undefined && stages > input.stageLimit) {
      issues.push(`sheet ${li}: needs ${stages} stages, limit ${input.stageLimit}`);
    }
  });
  comparePieceCounts(expected, seen, issues);
  return issues;
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** Two boxes share area (touching edges do not). */
function overlap(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Every offcut has a size, lies on the stock, and covers no piece and no other offcut. */
function checkOffcuts(where: string, offcuts: Box[], pieces: Box[], stock: Box, issues: PlanIssue[]): void {
  offcuts.forEach((o, k) => {
    if (o.x1 <= o.x0 || o.y1 <= o.y0) issues.push(`${where}: offcut ${k} has no size`);
    if (o.x0 < stock.x0 || o.y0 < stock.y0 || o.x1 > stock.x1 || o.y1 > stock.y1)
      issues.push(`${where}: offcut ${k} lies outside the stock`);
    pieces.forEach((p, n) => {
      if (overlap(o, p)) issues.push(`${where}: offcut ${k} overlaps piece ${n}`);
    });
    for (let j = k + 1; j < offcuts.length; j++)
      if (overlap(o, offcuts[j] as Box)) issues.push(`${where}: offcuts ${k} and ${j} overlap`);
  });
}

/**
 * Splits the boxes at every straight cut across `axis` (a gap of at least `kerf` in their
 * projection). One group back means no such cut exists.
 */
function splitAcross(boxes: Box[], axis: 'x' | 'y', kerf: number): Box[][] {
  const lo = (b: Box): number => (axis === 'x' ? b.x0 : b.y0);
  const hi = (b: Box): number => (axis === 'x' ? b.x1 : b.y1);
  const sorted = [...boxes].sort((a, b) => lo(a) - lo(b));
  const groups: Box[][] = [];
  let current: Box[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const b of sorted) {
    if (current.length > 0 && lo(b) >= reach + kerf) {
      groups.push(current);
      current = [];
    }
    current.push(b);
    reach = Math.max(reach, hi(b));
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Fewest guillotine stages that separate all boxes when the first stage cuts across `axis`
 * (Infinity when not guillotine). A region holding one piece needs no further stage: the final
 * trim of a piece is not counted, as in non-exact staged cutting.
 */
function stagesNeeded(boxes: Box[], axis: 'x' | 'y', kerf: number): number {
  if (boxes.length <= 1) return 0;
  const other = axis === 'x' ? 'y' : 'x';
  const groups = splitAcross(boxes, axis, kerf);
  if (groups.length === 1) {
    // No cut this way: the stage is spent without cutting only if the other direction can cut.
    const again = splitAcross(boxes, other, kerf);
    if (again.length === 1) return Number.POSITIVE_INFINITY;
    return 1 + stagesNeeded(boxes, other, kerf);
  }
  let worst = 0;
  for (const g of groups) worst = Math.max(worst, stagesNeeded(g, other, kerf));
  return 1 + worst;
}

function checkStockCounts(
  stock: { id: string; quantity: number | null }[],
  stockUsed: { stockId: string; count: number }[],
  layoutStockIds: string[],
  issues: PlanIssue[],
): void {
  const counted = new Map<string, number>();
  for (const id of layoutStockIds) counted.set(id, (counted.get(id) ?? 0) + 1);
  const reported = new Map(stockUsed.map((u) => [u.stockId, u.count]));
  for (const [id, c] of counted) {
    if (reported.get(id) !== c) issues.push(`stockUsed for ${id} is ${reported.get(id)}, layouts use ${c}`);
  }
  for (const [id, c] of reported)
    if (!counted.has(id) && c !== 0) issues.push(`stockUsed lists unused ${id}`);
  for (const s of stock) {
    const c = counted.get(s.id) ?? 0;
    if (s.quantity !== null && c > s.quantity)
      issues.push(`stock ${s.id} used ${c} times, only ${s.quantity} available`);
  }
}

function comparePieceCounts(
  expected: Map<string, number>,
  seen: Map<string, number>,
  issues: PlanIssue[],
): void {
  for (const [id, q] of expected) {
    const got = seen.get(id) ?? 0;
    if (got !== q) issues.push(`piece ${id} placed ${got} times, expected ${q}`);
  }
  for (const id of seen.keys()) if (!expected.has(id)) issues.push(`unknown piece ${id} placed`);
}
