import type Decimal from 'decimal.js';
import {
  BOM_MAX_DEPTH,
  BomCycleError,
  type BomLineDef,
  BomLineError,
  type BomLookup,
  bomVariableNames,
} from './bom.ts';
import { Dec, ONE } from './decimal.ts';
import { compileFormula, evaluateFormula, FormulaError } from './formula.ts';

/**
 * The pieces a made-to-measure product is cut into, read from its BOM: every line whose component
 * is a sheet (2D) or bar (1D) material, followed down through sub-assemblies with their own
 * W × H (`childWidth`/`childHeight`), as the explosion does.
 *
 * - Pieces per unit of the product: `cutCount` when given, else the line's quantity when it is a
 *   whole number (`2` panes), else 1 — a measured quantity (`W*H/1e6` m² of glass) is one piece.
 *   Along a sub-assembly the counts multiply with the sub-assembly line's quantity.
 * - Sheet: width × height from `cutWidth` × `cutHeight`, each defaulting to the W or H the BOM is
 *   evaluated with. Bar: length from `cutLength` (the outer length), end angles from
 *   `cutAngleStart`/`cutAngleEnd` (45 = mitre, else 90); a bar line without a length is not cut.
 * - Sizes are exact decimals here; the caller rounds them to its unit.
 * Formula problems throw `BomLineError` naming the product and line; cycles `BomCycleError`.
 */

export type CutMaterialKind = '1d' | '2d';

export type BomCutPiece = {
  materialId: string;
  kind: CutMaterialKind;
  /** Products from the ordered one down to the BOM holding the line. */
  products: string[];
  /** 1-based BOM line positions along `products` (the last one is the cut line). */
  path: number[];
  /** Pieces per one unit of the ordered product (exact, may be fractional along a path). */
  perUnit: Decimal;
  length?: Decimal;
  width?: Decimal;
  height?: Decimal;
  /** Bars: the saw angle at each end, 90 (square) or 45 (mitre); `length` is the outer length. */
  angleStart?: number;
  angleEnd?: number;
};

export type BomCutInput = {
  productId: string;
  /** W and H (mm) of the order line. */
  values: Readonly<Record<string, Decimal.Value>>;
  bomOf: BomLookup;
  /** The cutting kind of a material item: sheets (length × width) are 2D, bars (length) 1D. */
  materialOf: (itemId: string) => CutMaterialKind | undefined;
};

const filled = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

export function bomCutPieces(input: BomCutInput): BomCutPiece[] {
  const out: BomCutPiece[] = [];
  const base = new Map<string, Decimal>();
  for (const [name, value] of Object.entries(input.values)) base.set(name, new Dec(value));

  const walk = (
    productId: string,
    values: Map<string, Decimal>,
    factor: Decimal,
    products: string[],
    path: number[],
  ) => {
    if (products.includes(productId))
      throw new BomCycleError([...products.slice(products.indexOf(productId)), productId]);
    if (products.length >= BOM_MAX_DEPTH) throw new BomCycleError([...products, productId]);
    const bom = input.bomOf(productId);
    if (!bom) return;
    const scope = new Map(values);
    for (const v of bom.variables) if (!scope.has(v.name)) scope.set(v.name, new Dec(v.value));
    const names = bomVariableNames(bom);
    const chain = [...products, productId];
    const evaluate = (index: number, source: string): Decimal => {
      const compiled = compileFormula(source, names);
      if (!compiled.ok) throw new BomLineError(productId, index, compiled.issue);
      try {
        return evaluateFormula(compiled.formula, scope);
      } catch (error) {
        if (error instanceof FormulaError) throw new BomLineError(productId, index, error.issue);
        throw error;
      }
    };
    const quantityOf = (line: BomLineDef, index: number): Decimal =>
      filled(line.formula) ? evaluate(index, line.formula) : new Dec(line.quantity ?? 0);

    bom.lines.forEach((line, index) => {
      if (input.bomOf(line.componentId)) {
        // A sub-assembly: its pieces, at its own size, times how many go into one unit of ours.
        const child = new Map(values);
        if (filled(line.childWidth)) child.set('W', evaluate(index, line.childWidth));
        if (filled(line.childHeight)) child.set('H', evaluate(index, line.childHeight));
        const perUnit = quantityOf(line, index);
        if (perUnit.lte(0)) return;
        walk(line.componentId, child, factor.mul(perUnit), chain, [...path, index + 1]);
        return;
      }
      const kind = input.materialOf(line.componentId);
      if (!kind) return;
      if (kind === '1d' && !filled(line.cutLength)) return;
      let count: Decimal;
      if (filled(line.cutCount)) {
        count = evaluate(index, line.cutCount);
        if (!count.isInteger() || count.isNeg())
          throw new BomLineError(productId, index, { key: 'validation.cutCountNotWhole', position: 1 });
      } else {
        const q = quantityOf(line, index);
        count = q.isInteger() && !q.isNeg() ? q : ONE;
      }
      if (count.isZero()) return;
      const piece: BomCutPiece = {
        materialId: line.componentId,
        kind,
        products: chain,
        path: [...path, index + 1],
        perUnit: factor.mul(count),
      };
      const size = (source: string | null | undefined, fallback: string): Decimal => {
        const v = filled(source) ? evaluate(index, source) : scope.get(fallback);
        if (v === undefined || v.lte(0))
          throw new BomLineError(productId, index, { key: 'validation.cutSizeInvalid', position: 1 });
        return v;
      };
      if (kind === '1d') {
        piece.length = size(line.cutLength, 'W');
        piece.angleStart = line.cutAngleStart === 45 ? 45 : 90;
        piece.angleEnd = line.cutAngleEnd === 45 ? 45 : 90;
      } else {
        piece.width = size(line.cutWidth, 'W');
        piece.height = size(line.cutHeight, 'H');
      }
      out.push(piece);
    });
  };
  walk(input.productId, base, ONE, [], []);
  return out;
}
