import type Decimal from 'decimal.js';
import * as jsepModule from 'jsep';
import { Dec, ONE, ZERO } from './decimal.ts';

/**
 * Quantity formulas of made-to-measure BOM lines, e.g. glass `W*H/1e6` (m2) or profile
 * `2*(W+H)/1000` (m).
 *
 * Parsing is done by jsep (a parser only: it builds an AST and never evaluates anything). The
 * AST is then checked against a small allow-list and converted into our own node types, which
 * a tiny interpreter evaluates in exact decimals. There is no member access, no strings, no
 * assignment and no way to reach JavaScript objects, so nothing like `constructor.constructor`
 * or `__proto__` can be expressed; variables are looked up in a Map, never on an object.
 */

export const FORMULA_MAX_LENGTH = 500;

/** Every problem carries an i18n key (namespace `common`) and a 1-based character position. */
export type FormulaIssue = {
  key:
    | 'validation.formulaEmpty'
    | 'validation.formulaTooLong'
    | 'validation.formulaSyntax'
    | 'validation.formulaUnknownVariable'
    | 'validation.formulaUnknownFunction'
    | 'validation.formulaNotAllowed'
    | 'validation.formulaArgumentCount'
    | 'validation.formulaDivisionByZero'
    | 'validation.formulaNotANumber';
  position: number;
  name?: string;
};

export class FormulaError extends Error {
  readonly issue: FormulaIssue;
  constructor(issue: FormulaIssue) {
    super(`${issue.key} at ${issue.position}${issue.name ? ` (${issue.name})` : ''}`);
    this.name = 'FormulaError';
    this.issue = issue;
  }
}

type BinaryOp = '+' | '-' | '*' | '/' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '&&' | '||';

/** Our validated tree; `pos` is the 0-based index of the token that a runtime error points at. */
export type FormulaNode =
  | { k: 'num'; v: Decimal }
  | { k: 'var'; name: string; pos: number }
  | { k: 'neg'; arg: FormulaNode }
  | { k: 'not'; arg: FormulaNode }
  | { k: 'bin'; op: BinaryOp; l: FormulaNode; r: FormulaNode; pos: number }
  | { k: 'call'; fn: FunctionName; args: FormulaNode[]; pos: number }
  | { k: 'cond'; test: FormulaNode; yes: FormulaNode; no: FormulaNode };

export type CompiledFormula = { source: string; root: FormulaNode; variables: ReadonlySet<string> };

const FUNCTIONS = {
  min: [1, 20],
  max: [1, 20],
  abs: [1, 1],
  sqrt: [1, 1],
  ceil: [1, 2],
  floor: [1, 2],
  round: [1, 2],
} as const;
export type FunctionName = keyof typeof FUNCTIONS;
export const FORMULA_FUNCTIONS = Object.keys(FUNCTIONS) as FunctionName[];
const isFunctionName = (name: string): name is FunctionName => Object.hasOwn(FUNCTIONS, name);

const BINARY_OPS = new Set<string>(['+', '-', '*', '/', '<', '<=', '>', '>=', '==', '!=', '&&', '||']);

/** Names a BOM may define for its own constants (seal depth `s`, gap `g`, ...). */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;
export const DIMENSION_VARIABLES = ['W', 'H'] as const;

// --- parsing with positions -------------------------------------------------------------------

type JsepNode = {
  type: string;
  start?: number;
  outerEnd?: number;
  [key: string]: unknown;
};
type JsepParser = { parse(): JsepNode; gobbleSpaces(): void; index: number };
type JsepClass = new (expr: string) => JsepParser & { gobbleToken(): JsepNode | false };

// jsep's typings only describe the default function; the class is exported at runtime.
const BaseParser = (jsepModule as unknown as { Jsep: JsepClass }).Jsep;

/** jsep does not record positions; this subclass stamps each token with where it starts and ends. */
class LocatingParser extends BaseParser {
  override gobbleToken(): JsepNode | false {
    this.gobbleSpaces();
    const start = this.index;
    const node = super.gobbleToken();
    if (node) {
      if (node.start === undefined) node.start = start;
      // Overwritten on purpose: for `(W)` the outer call includes the closing parenthesis.
      node.outerEnd = this.index;
    }
    return node;
  }
}

function outerEnd(node: JsepNode): number {
  if (node.outerEnd !== undefined) return node.outerEnd;
  if (node.type === 'BinaryExpression') return outerEnd(node.right as JsepNode);
  if (node.type === 'ConditionalExpression') return outerEnd(node.alternate as JsepNode);
  return node.start ?? 0;
}

function startOf(node: JsepNode): number {
  if (node.start !== undefined) return node.start;
  if (node.type === 'BinaryExpression') return startOf(node.left as JsepNode);
  if (node.type === 'ConditionalExpression') return startOf(node.test as JsepNode);
  return 0;
}

function skipSpaces(source: string, index: number): number {
  let i = index;
  while (i < source.length && /\s/.test(source.charAt(i))) i++;
  return i;
}

type Check = { source: string; allowed: ReadonlySet<string>; used: Set<string> };

function fail(key: FormulaIssue['key'], index: number, name?: string): never {
  throw new FormulaError({ key, position: index + 1, ...(name === undefined ? {} : { name }) });
}

function convert(node: JsepNode, check: Check): FormulaNode {
  switch (node.type) {
    case 'Literal': {
      // Numbers are rebuilt from their source text so that 0.1 stays exactly 0.1.
      if (typeof node.value !== 'number') fail('validation.formulaNotAllowed', startOf(node));
      return { k: 'num', v: new Dec(String(node.raw)) };
    }
    case 'Identifier': {
      const name = String(node.name);
      if (!check.allowed.has(name)) fail('validation.formulaUnknownVariable', startOf(node), name);
      check.used.add(name);
      return { k: 'var', name, pos: startOf(node) };
    }
    case 'UnaryExpression': {
      const arg = convert(node.argument as JsepNode, check);
      if (node.operator === '-') return { k: 'neg', arg };
      if (node.operator === '+') return arg;
      if (node.operator === '!') return { k: 'not', arg };
      return fail('validation.formulaNotAllowed', startOf(node));
    }
    case 'BinaryExpression': {
      const left = node.left as JsepNode;
      const pos = skipSpaces(check.source, outerEnd(left));
      const op = String(node.operator);
      if (!BINARY_OPS.has(op)) fail('validation.formulaNotAllowed', pos);
      return {
        k: 'bin',
        op: op as BinaryOp,
        l: convert(left, check),
        r: convert(node.right as JsepNode, check),
        pos,
      };
    }
    case 'ConditionalExpression':
      return {
        k: 'cond',
        test: convert(node.test as JsepNode, check),
        yes: convert(node.consequent as JsepNode, check),
        no: convert(node.alternate as JsepNode, check),
      };
    case 'CallExpression': {
      const callee = node.callee as JsepNode;
      const pos = startOf(node);
      if (callee.type !== 'Identifier') fail('validation.formulaNotAllowed', pos);
      const name = String(callee.name);
      if (!isFunctionName(name)) return fail('validation.formulaUnknownFunction', pos, name);
      const args = (node.arguments as JsepNode[]).map((a) => convert(a, check));
      const [min, max] = FUNCTIONS[name];
      if (args.length < min || args.length > max) fail('validation.formulaArgumentCount', pos, name);
      return { k: 'call', fn: name, args, pos };
    }
    case 'Compound':
    case 'SequenceExpression': {
      // `W H` or `W, H`: point at the second part, where the formula stops making sense.
      const parts = (node.body ?? node.expressions) as JsepNode[];
      return fail('validation.formulaNotAllowed', startOf(parts[1] ?? node));
    }
    default:
      // Member access, strings, arrays, `this`, sequences and compounds (`W H`) are not formulas.
      return fail('validation.formulaNotAllowed', startOf(node));
  }
}

/**
 * Parses and checks a formula. `variables` are the names it may use (W, H and the BOM's own
 * constants). Returns the compiled formula or the first problem with its position.
 */
export function compileFormula(
  source: string,
  variables: Iterable<string> = DIMENSION_VARIABLES,
): { ok: true; formula: CompiledFormula } | { ok: false; issue: FormulaIssue } {
  if (source.trim() === '') return { ok: false, issue: { key: 'validation.formulaEmpty', position: 1 } };
  if (source.length > FORMULA_MAX_LENGTH)
    return { ok: false, issue: { key: 'validation.formulaTooLong', position: FORMULA_MAX_LENGTH + 1 } };
  let ast: JsepNode;
  try {
    ast = new LocatingParser(source).parse();
  } catch (error) {
    const index = (error as { index?: unknown }).index;
    const at = typeof index === 'number' ? Math.min(index, source.length) : 0;
    return { ok: false, issue: { key: 'validation.formulaSyntax', position: at + 1 } };
  }
  const check: Check = { source, allowed: new Set(variables), used: new Set() };
  try {
    const root = convert(ast, check);
    return { ok: true, formula: { source, root, variables: check.used } };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, issue: error.issue };
    throw error;
  }
}

/** The first problem of a formula, or null when it is valid. For live validation in forms. */
export function formulaIssue(source: string, variables: Iterable<string> = DIMENSION_VARIABLES) {
  const result = compileFormula(source, variables);
  return result.ok ? null : result.issue;
}

// --- evaluation ---------------------------------------------------------------------------------

const truthy = (d: Decimal) => !d.isZero();
const bool = (b: boolean) => (b ? ONE : ZERO);

function toStep(value: Decimal, step: Decimal, mode: 'ceil' | 'floor' | 'round', pos: number): Decimal {
  if (step.lte(0)) fail('validation.formulaNotANumber', pos);
  const units = value.div(step);
  const whole = mode === 'ceil' ? units.ceil() : mode === 'floor' ? units.floor() : units.round();
  return whole.mul(step);
}

function call(node: Extract<FormulaNode, { k: 'call' }>, args: Decimal[]): Decimal {
  const [a, b] = args as [Decimal, Decimal | undefined];
  switch (node.fn) {
    case 'min':
      return Dec.min(...args);
    case 'max':
      return Dec.max(...args);
    case 'abs':
      return a.abs();
    case 'sqrt':
      if (a.isNeg()) fail('validation.formulaNotANumber', node.pos);
      return a.sqrt();
    case 'ceil':
    case 'floor':
    case 'round':
      return toStep(a, b ?? ONE, node.fn, node.pos);
  }
}

function binary(node: Extract<FormulaNode, { k: 'bin' }>, l: Decimal, r: Decimal): Decimal {
  switch (node.op) {
    case '+':
      return l.add(r);
    case '-':
      return l.sub(r);
    case '*':
      return l.mul(r);
    case '/':
      if (r.isZero()) fail('validation.formulaDivisionByZero', node.pos);
      return l.div(r);
    case '<':
      return bool(l.lt(r));
    case '<=':
      return bool(l.lte(r));
    case '>':
      return bool(l.gt(r));
    case '>=':
      return bool(l.gte(r));
    case '==':
      return bool(l.eq(r));
    case '!=':
      return bool(!l.eq(r));
    case '&&':
      return bool(truthy(l) && truthy(r));
    case '||':
      return bool(truthy(l) || truthy(r));
  }
}

function evaluateNode(node: FormulaNode, values: ReadonlyMap<string, Decimal>): Decimal {
  switch (node.k) {
    case 'num':
      return node.v;
    case 'var': {
      const value = values.get(node.name);
      if (value === undefined) return fail('validation.formulaUnknownVariable', node.pos, node.name);
      return value;
    }
    case 'neg':
      return evaluateNode(node.arg, values).neg();
    case 'not':
      return bool(!truthy(evaluateNode(node.arg, values)));
    case 'bin':
      return binary(node, evaluateNode(node.l, values), evaluateNode(node.r, values));
    case 'call':
      return call(
        node,
        node.args.map((a) => evaluateNode(a, values)),
      );
    case 'cond':
      return truthy(evaluateNode(node.test, values))
        ? evaluateNode(node.yes, values)
        : evaluateNode(node.no, values);
  }
}

export type FormulaValues = ReadonlyMap<string, Decimal> | Readonly<Record<string, Decimal.Value>>;

function asMap(values: FormulaValues): ReadonlyMap<string, Decimal> {
  if (values instanceof Map) return values;
  const map = new Map<string, Decimal>();
  for (const [name, value] of Object.entries(values)) map.set(name, new Dec(value));
  return map;
}

/** Results are rounded to this many decimals, so `W/3*3` gives back W exactly. */
export const FORMULA_RESULT_DECIMALS = 10;

/** Evaluates a compiled formula; throws FormulaError (division by zero, missing variable, ...). */
export function evaluateFormula(formula: CompiledFormula, values: FormulaValues): Decimal {
  const result = evaluateNode(formula.root, asMap(values));
  if (!result.isFinite()) fail('validation.formulaNotANumber', 0);
  return result.toDecimalPlaces(FORMULA_RESULT_DECIMALS, Dec.ROUND_HALF_UP);
}

/** Compiles and evaluates in one step; throws FormulaError on any problem. */
export function evaluateFormulaSource(
  source: string,
  values: Readonly<Record<string, Decimal.Value>>,
): Decimal {
  const compiled = compileFormula(source, Object.keys(values));
  if (!compiled.ok) throw new FormulaError(compiled.issue);
  return evaluateFormula(compiled.formula, values);
}
