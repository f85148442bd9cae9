import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateFormulaSource, FormulaError, formulaIssue } from './formula.ts';

const value = (source: string, values: Record<string, number | string> = { W: 1000, H: 800 }) =>
  evaluateFormulaSource(source, values).toString();

describe('formula evaluation', () => {
  it('computes the trade formulas exactly', () => {
    expect(value('W*H/1e6')).toBe('0.8');
    expect(value('2*(W+H)/1000')).toBe('3.6');
    expect(value('2*((W-2*s)+(H-2*s))/1000', { W: 1000, H: 800, s: 5 })).toBe('3.56');
    expect(value('0.1 + 0.2')).toBe('0.3');
    expect(value('W/3*3')).toBe('1000');
  });

  it('supports comparisons, conditions and the allowed functions', () => {
    expect(value('H > 1200 ? 3 : 2')).toBe('2');
    expect(value('H > 600 && W >= 1000 ? 3 : 2')).toBe('3');
    expect(value('!(W == 1000)')).toBe('0');
    expect(value('min(W, H, 900)')).toBe('800');
    expect(value('max(W, H)')).toBe('1000');
    expect(value('abs(H - W)')).toBe('200');
    expect(value('sqrt(W*W + 0)')).toBe('1000');
    // Billing size: round a side up to the next 30 mm.
    expect(value('ceil(W + 1, 30)')).toBe('1020');
    expect(value('floor(H + 29, 30)')).toBe('810');
    expect(value('round(2.5)')).toBe('3');
    expect(value('round(W/7, 0.01)')).toBe('142.86');
    expect(value('-W + +H')).toBe('-200');
  });

  it('reports syntax errors at the character where parsing stopped', () => {
    expect(formulaIssue('W*')).toEqual({ key: 'validation.formulaSyntax', position: 3 });
    expect(formulaIssue('W + * 3')).toEqual({ key: 'validation.formulaSyntax', position: 5 });
    expect(formulaIssue('(W + H')).toEqual({ key: 'validation.formulaSyntax', position: 7 });
    expect(formulaIssue('1..2')).toEqual({ key: 'validation.formulaSyntax', position: 3 });
    expect(formulaIssue('   ')).toEqual({ key: 'validation.formulaEmpty', position: 1 });
  });

  it('names unknown variables and functions with their position', () => {
    expect(formulaIssue('W * X')).toEqual({
      key: 'validation.formulaUnknownVariable',
      position: 5,
      name: 'X',
    });
    expect(formulaIssue('2*(W + Hx)')).toEqual({
      key: 'validation.formulaUnknownVariable',
      position: 8,
      name: 'Hx',
    });
    expect(formulaIssue('W + pow(H, 2)')).toEqual({
      key: 'validation.formulaUnknownFunction',
      position: 5,
      name: 'pow',
    });
    expect(formulaIssue('abs(W, H)')).toEqual({
      key: 'validation.formulaArgumentCount',
      position: 1,
      name: 'abs',
    });
    expect(formulaIssue('W * s', ['W', 'H', 's'])).toBeNull();
  });

  it('refuses everything that is not arithmetic, pointing at it', () => {
    expect(formulaIssue('(W)*2 ^ 3')).toEqual({ key: 'validation.formulaNotAllowed', position: 7 });
    expect(formulaIssue('W % 3')).toEqual({ key: 'validation.formulaNotAllowed', position: 3 });
    expect(formulaIssue('W.constructor')).toEqual({ key: 'validation.formulaNotAllowed', position: 1 });
    expect(formulaIssue('W["__proto__"]')).toEqual({ key: 'validation.formulaNotAllowed', position: 1 });
    expect(formulaIssue('"text"')).toEqual({ key: 'validation.formulaNotAllowed', position: 1 });
    expect(formulaIssue('W H')).toEqual({ key: 'validation.formulaNotAllowed', position: 3 });
    expect(formulaIssue('W, H')).toEqual({ key: 'validation.formulaNotAllowed', position: 4 });
    expect(formulaIssue('this')).toEqual({ key: 'validation.formulaNotAllowed', position: 1 });
    expect(formulaIssue('constructor')).toMatchObject({ key: 'validation.formulaUnknownVariable' });
    expect(formulaIssue('W'.repeat(501))).toMatchObject({ key: 'validation.formulaTooLong' });
  });

  it('reports run-time problems with the operator position', () => {
    const error = (() => {
      try {
        value('W / (H - 800)');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FormulaError);
    expect((error as FormulaError).issue).toEqual({ key: 'validation.formulaDivisionByZero', position: 3 });
    expect(() => value('sqrt(H - W)')).toThrow(FormulaError);
  });
});

type Tree = { n: bigint } | { op: '+' | '-' | '*'; l: Tree; r: Tree } | { neg: Tree };

const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.bigInt({ min: 0n, max: 10n ** 15n }).map((n) => ({ n })),
    fc.record({ op: fc.constantFrom('+' as const, '-' as const, '*' as const), l: tie('t'), r: tie('t') }),
    tie('t').map((t) => ({ neg: t })),
  ),
})).t;

const print = (t: Tree): string =>
  'n' in t ? t.n.toString() : 'neg' in t ? `-(${print(t.neg)})` : `(${print(t.l)} ${t.op} ${print(t.r)})`;
const reference = (t: Tree): bigint => {
  if ('n' in t) return t.n;
  if ('neg' in t) return -reference(t.neg);
  const l = reference(t.l);
  const r = reference(t.r);
  return t.op === '+' ? l + r : t.op === '-' ? l - r : l * r;
};

describe('formula properties', () => {
  it('integer arithmetic matches exact BigInt arithmetic', () => {
    fc.assert(
      fc.property(tree, (t) => {
        // Precision is 40 digits: keep results inside it so the comparison is exact.
        fc.pre(reference(t) < 10n ** 38n && reference(t) > -(10n ** 38n));
        expect(evaluateFormulaSource(print(t), {}).toFixed()).toBe(reference(t).toString());
      }),
    );
  });

  it('any text either compiles or yields one issue with a position inside the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (source) => {
        const result = compileFormula(source, ['W', 'H']);
        if (!result.ok) {
          expect(result.issue.key.startsWith('validation.formula')).toBe(true);
          expect(result.issue.position).toBeGreaterThanOrEqual(1);
          expect(result.issue.position).toBeLessThanOrEqual(Math.max(source.length, 0) + 1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('hostile texts never reach JavaScript objects', () => {
    const parts = [
      '__proto__',
      'constructor',
      'prototype',
      '.',
      '[',
      ']',
      '(',
      ')',
      '"x"',
      '=',
      'W',
      '+',
      ' ',
      'this',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 12 }), (tokens) => {
        const source = tokens.join('');
        const result = compileFormula(source, ['W']);
        if (result.ok) evaluateFormulaSource(source, { W: 1 });
        expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('x');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });

  it('a quotient is the exact one rounded half-up to 10 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100000 }), fc.integer({ min: 1, max: 9999 }), (w, d) => {
        const q = evaluateFormulaSource(`W / ${d}`, { W: w });
        // Scaled to integers: |q*d*1e10 - w*1e10| <= d/2, checked with BigInt.
        const scaled = BigInt(q.mul(1e10).toFixed(0));
        const error = scaled * BigInt(d) - BigInt(w) * 10n ** 10n;
        expect(2n * (error < 0n ? -error : error) <= BigInt(d)).toBe(true);
        expect(q.decimalPlaces()).toBeLessThanOrEqual(10);
      }),
    );
  });
});
