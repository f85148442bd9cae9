import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaBound1d, l2Bound1d } from './bounds-1d.ts';
import { areaBound2d, l2Bound2d } from './bounds-2d.ts';

describe('1D bounds', () => {
  it('L2 sees that big pieces need their own bars', () => {
    // 3 pieces of 60 cannot share a bar of 100; the two 50s fill one more: optimum 4, area bound 3.
    expect(areaBound1d([60, 60, 60, 50, 50], 100)).toBe(3);
    expect(l2Bound1d([60, 60, 60, 50, 50], 100)).toBe(4);
  });
  it('L2 counts small pieces that fit beside big ones', () => {
    expect(l2Bound1d([70, 70, 30, 30], 100)).toBe(2);
  });
});

describe('2D bounds', () => {
  it('area bound rounds up', () => {
    expect(areaBound2d([{ w: 6, h: 6, rotate: false }], 10, 10)).toBe(1);
    expect(
      areaBound2d(
        Array.from({ length: 3 }, () => ({ w: 6, h: 10, rotate: false })),
        10,
        10,
      ),
    ).toBe(2);
  });
  it('Martello–Vigo L2 separates pieces larger than half the sheet', () => {
    // Four 6x6 squares in 10x10: area says 2, but no two fit together.
    const items = Array.from({ length: 4 }, () => ({ w: 6, h: 6, rotate: true }));
    expect(l2Bound2d(items, 10, 10)).toBe(4);
  });
  it('the rotation variant does not count a piece as wide when turning it helps', () => {
    // Seven 6x3 pieces in 10x10. Grain-locked, all are wider than half the sheet, so they stack:
    // three per sheet (heights 3+3+3), three sheets, while the area bound says two.
    const oriented = Array.from({ length: 7 }, () => ({ w: 6, h: 3, rotate: false }));
    expect(areaBound2d(oriented, 10, 10)).toBe(2);
    expect(l2Bound2d(oriented, 10, 10)).toBe(3);
    // Rotating, four fit on a sheet (three lying plus one standing), so two sheets is possible.
    const rotating = oriented.map((r) => ({ ...r, rotate: true }));
    expect(l2Bound2d(rotating, 10, 10)).toBe(2);
  });
});

// The benchmark data lives in shared/ beside the repository (CI clones it there too).
const DATA =
  process.env.CUTTING_2D_DIR ?? resolve(import.meta.dirname, '../../../../../shared/bench/cutting-2d');

function readCsv(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));
}

describe('2D bounds on the classic instances', () => {
  it('never exceed the best known values (free and 3-stage, with and without rotation)', () => {
    expect(existsSync(DATA)).toBe(true);
    const best = (kind: string): Map<string, number> =>
      new Map(readCsv(join(DATA, `data_bin_packing_${kind}.csv`)).map((r) => [r[0] as string, Number(r[1])]));
    const oriented = best('oriented');
    const rotation = best('rotation');
    const nho = best('3nho');
    const nhr = best('3nhr');
    let checked = 0;
    let tight = 0;
    // Every tenth instance (all ten classes, all sizes) keeps the test at a few seconds; the
    // benchmark (bench/cutting/run-2d.ts) checks the bound on all 500 in every run.
    for (const group of ['berkey1987', 'martello1998']) {
      const files = readdirSync(join(DATA, group))
        .filter((x) => x.endsWith('_items.csv'))
        .sort()
        .filter((_, k) => k % 10 === 0);
      for (const f of files) {
        const base = f.slice(0, -'_items.csv'.length);
        const path = `${group}/${base}`;
        const bin = readCsv(join(DATA, group, `${base}_bins.csv`))[0] as string[];
        const W = Number(bin[1]);
        const H = Number(bin[2]);
        const items = readCsv(join(DATA, group, f)).flatMap((r) =>
          Array.from({ length: r[3] ? Number(r[3]) : 1 }, () => ({ w: Number(r[1]), h: Number(r[2]) })),
        );
        const lbO = l2Bound2d(
          items.map((i) => ({ ...i, rotate: false })),
          W,
          H,
        );
        const lbR = l2Bound2d(
          items.map((i) => ({ ...i, rotate: true })),
          W,
          H,
        );
        expect(lbO, path).toBeLessThanOrEqual(Math.min(oriented.get(path) ?? 0, nho.get(path) ?? 0));
        expect(lbR, path).toBeLessThanOrEqual(Math.min(rotation.get(path) ?? 0, nhr.get(path) ?? 0));
        if (lbR === nhr.get(path)) tight++;
        checked++;
      }
    }
    expect(checked).toBe(50);
    // The bound is useful, not just valid: it meets the best known value on most instances.
    expect(tight).toBeGreaterThan(25);
  });
});
