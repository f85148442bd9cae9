import type Decimal from 'decimal.js';
import { Dec, HUNDRED, ONE, ZERO } from './decimal.ts';
import {
  type CompiledFormula,
  compileFormula,
  DIMENSION_VARIABLES,
  evaluateFormula,
  FormulaError,
} from './formula.ts';

/** One line of a bill of materials: a fixed quantity per unit of the parent, or a formula. */
export type BomLineDef = {
  id?: string;
  componentId: string;
  /** Decimal string per one unit of the parent; used when `formula` is empty. */
  quantity: string | null;
  /** Quantity per unit over W, H (mm) and the BOM's own constants. */
  formula: string | null;
  unit: string;
  /** Scrap allowance in percent of the net quantity, e.g. "5" adds 5 %. */
  scrapPct: string;
  /**
   * For a sub-assembly: its own width/height as formulas over this BOM's values, e.g. the
   * glass unit of a window is `W - 2*48`. Empty = the sub-assembly gets the same W and H.
   */
  childWidth?: string | null;
  childHeight?: string | null;
  /**
   * For a sheet or bar material: the pieces one unit of the product is cut into (see
   * `cut-pieces.ts`). Pieces per unit (empty = the quantity when whole, else 1), bar length,
   * sheet width × height (empty = the product's W × H). The explosion ignores them.
   */
  cutCount?: string | null;
  cutLength?: string | null;
  cutWidth?: string | null;
  cutHeight?: string | null;
  /** For a bar material: the saw angle at each end of its pieces (90 square, 45 mitre); omitted = 90. */
  cutAngleStart?: number | null;
  cutAngleEnd?: number | null;
};

export type BomVariable = { name: string; value: string };

/** The BOM of one product (the active version when exploding). */
export type BomDef = { productId: string; variables: BomVariable[]; lines: BomLineDef[] };

export type BomLookup = (itemId: string) => BomDef | undefined;

/** Thrown when a BOM reaches itself again; `path` runs from the repeated item back to it. */
export class BomCycleError extends Error {
  readonly path: string[];
  constructor(path: string[]) {
    super(`BOM cycle: ${path.join(' → ')}`);
    this.name = 'BomCycleError';
    this.path = path;
  }
}

/** A formula that failed while exploding, with the product and line it belongs to. */
export class BomLineError extends Error {
  readonly productId: string;
  readonly lineIndex: number;
  readonly issue:
    | FormulaError['issue']
    | {
        key: 'validation.bomNegativeQuantity' | 'validation.cutCountNotWhole' | 'validation.cutSizeInvalid';
        position: number;
      };
  constructor(productId: string, lineIndex: number, issue: BomLineError['issue']) {
    super(`BOM line ${lineIndex + 1} of ${productId}: ${issue.key}`);
    this.name = 'BomLineError';
    this.productId = productId;
    this.lineIndex = lineIndex;
    this.issue = issue;
  }
}

export const BOM_MAX_DEPTH = 25;

/**
 * Finds a cycle reachable from `rootId`, following `componentsOf`. Returns the path of ids that
 * closes the loop (first and last are the same item), or null.
 */
export function findBomCycle(
  rootId: string,
  componentsOf: (itemId: string) => Iterable<string>,
): string[] | null {
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();

  const visit = (id: string): string[] | null => {
    if (onStack.has(id)) return [...stack.slice(stack.indexOf(id)), id];
    if (done.has(id)) return null;
    stack.push(id);
    onStack.add(id);
    for (const child of componentsOf(id)) {
      const cycle = visit(child);
      if (cycle) return cycle;
    }
    stack.pop();
    onStack.delete(id);
    done.add(id);
    return null;
  };
  return visit(rootId);
}

/** The names a line formula of this BOM may use. */
export function bomVariableNames(bom: Pick<BomDef, 'variables'>): string[] {
  return [...DIMENSION_VARIABLES, ...bom.variables.map((v) => v.name)];
}

/** One node of the explosion tree, for display. Quantities include scrap. */
export type ExplosionNode = {
  itemId: string;
  unit: string;
  level: number;
  /** Quantity per one unit of the parent, before scrap (the formula's or the fixed value). */
  perUnit: Decimal;
  scrapPct: Decimal;
  quantity: Decimal;
  /** True when the item has its own BOM and was exploded further. */
  made: boolean;
  /** Dimensions a made component was exploded with. */
  width?: Decimal;
  height?: Decimal;
  children: ExplosionNode[];
};

/** A flattened requirement: purchased (or not further exploded) item with its total quantity. */
export type Requirement = {
  itemId: string;
  unit: string;
  /** Total including every scrap allowance on the way down. */
  quantity: Decimal;
  /** The part of `quantity` that is scrap allowance (quantity − quantity without any scrap). */
  scrapQuantity: Decimal;
};

/** A product or sub-assembly made for this explosion, with the quantity to make (for labour). */
export type MadeItem = { itemId: string; quantity: Decimal };

export type Explosion = {
  productId: string;
  quantity: Decimal;
  requirements: Requirement[];
  made: MadeItem[];
  tree: ExplosionNode;
  /** True when the display tree was cut at `treeLimit` nodes (the totals are always complete). */
  treeTruncated: boolean;
};

export type ExplodeInput = {
  productId: string;
  quantity: Decimal.Value;
  /** Order line dimensions and any other inputs, e.g. { W: 1000, H: 800 }. */
  values: Readonly<Record<string, Decimal.Value>>;
  bomOf: BomLookup;
  /** Upper bound on display tree nodes; flattened totals are exact regardless. */
  treeLimit?: number;
};

type Amount = { gross: Decimal; net: Decimal };
type PerUnit = { leaves: Map<string, Amount & { itemId: string; unit: string }> };

type Values = ReadonlyMap<string, Decimal>;
type LineEval = {
  line: BomLineDef;
  perUnit: Decimal;
  factor: Decimal;
  scrapPct: Decimal;
  made: boolean;
  /** The values a made component is exploded with (its W and H may differ from ours). */
  childValues: Values;
};

const reqKey = (itemId: string, unit: string) => `${itemId}\u0000${unit}`;

/**
 * Explodes a product's BOM for a quantity and dimensions.
 *
 * Line quantities depend on the dimensions but never on the ordered quantity, so each
 * (product, W, H) is evaluated once and quantities are pushed down the BOM graph in topological
 * order: shared sub-assemblies cost nothing extra and totals stay exact.
 */
export function explodeBom(input: ExplodeInput): Explosion {
  const baseValues = new Map<string, Decimal>();
  for (const [name, value] of Object.entries(input.values)) baseValues.set(name, new Dec(value));
  const formulas = new Map<string, CompiledFormula>();
  const linesMemo = new Map<string, LineEval[]>();
  const path: string[] = [];

  const compiled = (productId: string, index: number, source: string, names: string[]): CompiledFormula => {
    const cacheKey = `${names.join(',')}\u0000${source}`;
    const hit = formulas.get(cacheKey);
    if (hit) return hit;
    const result = compileFormula(source, names);
    if (!result.ok) throw new BomLineError(productId, index, result.issue);
    formulas.set(cacheKey, result.formula);
    return result.formula;
  };

  const evalLineFormula = (
    productId: string,
    index: number,
    source: string,
    names: string[],
    values: Values,
  ) => {
    try {
      return evaluateFormula(compiled(productId, index, source, names), values);
    } catch (error) {
      if (error instanceof FormulaError) throw new BomLineError(productId, index, error.issue);
      throw error;
    }
  };
  const filled = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

  const linesOf = (productId: string, bom: BomDef, inputValues: Values): LineEval[] => {
    const memoKey = `${productId}\u0000${valuesKey(inputValues)}`;
    const hit = linesMemo.get(memoKey);
    if (hit) return hit;
    const values = new Map(inputValues);
    for (const v of bom.variables) if (!values.has(v.name)) values.set(v.name, new Dec(v.value));
    const names = bomVariableNames(bom);
    const evaluated = bom.lines.map((line, index): LineEval => {
      const perUnit = filled(line.formula)
        ? evalLineFormula(productId, index, line.formula, names, values)
        : new Dec(line.quantity ?? 0);
      if (perUnit.isNeg())
        throw new BomLineError(productId, index, { key: 'validation.bomNegativeQuantity', position: 1 });
      const scrapPct = new Dec(line.scrapPct || 0);
      const factor = ONE.add(scrapPct.div(HUNDRED));
      const made = input.bomOf(line.componentId) !== undefined;
      let childValues: Values = inputValues;
      if (made && (filled(line.childWidth) || filled(line.childHeight))) {
        const next = new Map(inputValues);
        if (filled(line.childWidth))
          next.set('W', evalLineFormula(productId, index, line.childWidth, names, values));
        if (filled(line.childHeight))
          next.set('H', evalLineFormula(productId, index, line.childHeight, names, values));
        childValues = next;
      }
      return { line, perUnit, factor, scrapPct, made, childValues };
    });
    linesMemo.set(memoKey, evaluated);
    return evaluated;
  };

  // 1. Discover every (product, W/H) node once, depth-first, refusing cycles; the reverse
  //    post-order is a topological order (parents before children).
  type Node = { key: string; productId: string; values: Values; lines: LineEval[] };
  const nodes = new Map<string, Node>();
  const postOrder: Node[] = [];
  const visit = (productId: string, values: Values): string => {
    const key = `${productId}\u0000${valuesKey(values)}`;
    if (path.includes(productId))
      throw new BomCycleError([...path.slice(path.indexOf(productId)), productId]);
    if (nodes.has(key)) return key;
    if (path.length >= BOM_MAX_DEPTH) throw new BomCycleError([...path, productId]);
    const bom = input.bomOf(productId);
    const node: Node = { key, productId, values, lines: bom ? linesOf(productId, bom, values) : [] };
    path.push(productId);
    for (const ev of node.lines) if (ev.made) visit(ev.line.componentId, ev.childValues);
    path.pop();
    nodes.set(key, node);
    postOrder.push(node);
    return key;
  };
  const rootKey = visit(input.productId, baseValues);

  // 2. Push quantities down in topological order: each line costs a couple of multiplications,
  //    however often a sub-assembly is shared (a naive walk would visit every path of the tree).
  const quantity = new Dec(input.quantity);
  const toMake = new Map<string, Amount>([[rootKey, { gross: quantity, net: quantity }]]);
  const leaves: PerUnit['leaves'] = new Map();
  for (let i = postOrder.length - 1; i >= 0; i--) {
    const node = postOrder[i] as Node;
    const amount = toMake.get(node.key);
    if (!amount) continue;
    for (const ev of node.lines) {
      const gross = amount.gross.mul(ev.perUnit).mul(ev.factor);
      const net = amount.net.mul(ev.perUnit);
      if (ev.made) addAmount(toMake, `${ev.line.componentId}\u0000${valuesKey(ev.childValues)}`, gross, net);
      else
        addLeaf(
          leaves,
          reqKey(ev.line.componentId, ev.line.unit),
          ev.line.componentId,
          ev.line.unit,
          gross,
          net,
        );
    }
  }
  const requirements: Requirement[] = [...leaves.values()].map((leaf) => ({
    itemId: leaf.itemId,
    unit: leaf.unit,
    quantity: leaf.gross,
    scrapQuantity: leaf.gross.sub(leaf.net),
  }));
  // Made items per product (a sub-assembly made in two sizes is one item with two quantities summed).
  const madeTotals = new Map<string, Decimal>();
  for (let i = postOrder.length - 1; i >= 0; i--) {
    const node = postOrder[i] as Node;
    const amount = toMake.get(node.key);
    if (amount) madeTotals.set(node.productId, (madeTotals.get(node.productId) ?? ZERO).add(amount.gross));
  }
  const made: MadeItem[] = [...madeTotals].map(([itemId, q]) => ({ itemId, quantity: q }));

  const budget = { left: input.treeLimit ?? 5000, truncated: false };
  const tree: ExplosionNode = {
    itemId: input.productId,
    unit: '',
    level: 0,
    perUnit: ONE,
    scrapPct: ZERO,
    quantity,
    made: true,
    children: [],
  };
  buildTree(tree, baseValues, input.bomOf, linesOf, budget);
  return { productId: input.productId, quantity, requirements, made, tree, treeTruncated: budget.truncated };
}

function valuesKey(values: Values): string {
  return [...values.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value.toString()}`)
    .join(';');
}

function addAmount(map: Map<string, Amount>, id: string, gross: Decimal, net: Decimal): void {
  const prev = map.get(id);
  map.set(id, prev ? { gross: prev.gross.add(gross), net: prev.net.add(net) } : { gross, net });
}

function addLeaf(
  map: PerUnit['leaves'],
  key: string,
  itemId: string,
  unit: string,
  gross: Decimal,
  net: Decimal,
): void {
  const prev = map.get(key);
  map.set(
    key,
    prev
      ? { itemId, unit, gross: prev.gross.add(gross), net: prev.net.add(net) }
      : { itemId, unit, gross, net },
  );
}

/** Breadth-first so that a truncated tree still shows the upper levels completely. */
function buildTree(
  root: ExplosionNode,
  rootValues: Values,
  bomOf: BomLookup,
  linesOf: (productId: string, bom: BomDef, values: Values) => LineEval[],
  budget: { left: number; truncated: boolean },
): void {
  const queue: { node: ExplosionNode; values: Values }[] = [{ node: root, values: rootValues }];
  for (let i = 0; i < queue.length; i++) {
    const { node, values } = queue[i] as { node: ExplosionNode; values: Values };
    const bom = bomOf(node.itemId);
    if (!bom) continue;
    for (const ev of linesOf(node.itemId, bom, values)) {
      if (budget.left <= 0) {
        budget.truncated = true;
        return;
      }
      budget.left--;
      const child: ExplosionNode = {
        itemId: ev.line.componentId,
        unit: ev.line.unit,
        level: node.level + 1,
        perUnit: ev.perUnit,
        scrapPct: ev.scrapPct,
        quantity: ev.perUnit.mul(ev.factor).mul(node.quantity),
        made: ev.made,
        children: [],
      };
      if (ev.made) {
        child.width = ev.childValues.get('W');
        child.height = ev.childValues.get('H');
        queue.push({ node: child, values: ev.childValues });
      }
      node.children.push(child);
    }
  }
}
