import { describe, expect, it } from 'vitest';
import { exactSheetFit } from './exact-sheet-2d.ts';
import { createRng } from './prng.ts';
import { fillOneSheet, type ItemSet, type PackedSheet } from './shelf-packer.ts';

function itemSet(sizes: [number, number][], rotate: boolean): ItemSet {
  return {
    w: Int32Array.from(sizes.map((s) => s[0])),
    h: Int32Array.from(sizes.map((s) => s[1])),
    rotate: new Uint8Array(sizes.length).fill(rotate ? 1 : 0),
  };
}

/** Independent check of a 3-stage sheet: strips, stacks and pieces inside their parents. */
function checkSheet(sheet: PackedSheet, items: ItemSet, set: number[], width: number, height: number): void {
  const seen: number[] = [];
  let y = 0;
  for (const shelf of sheet.shelves) {
    expect(shelf.y).toBe(y);
    y += shelf.h;
    let x = 0;
    for (const col of shelf.columns) {
      expect(col.x).toBe(x);
      x += col.w;
      let v = 0;
      col.items.forEach((i, k) => {
        const rot = col.rotated[k] === true;
        if (rot) expect(items.rotate[i]).toBe(1);
        const w = rot ? (items.h[i] as number) : (items.w[i] as number);
        const h = rot ? (items.w[i] as number) : (items.h[i] as number);
        expect(w).toBeLessThanOrEqual(col.w);
        v += h;
        seen.push(i);
      });
      expect(v).toBeLessThanOrEqual(shelf.h);
    }
    expect(x).toBeLessThanOrEqual(width);
  }
  expect(y).toBeLessThanOrEqual(height);
  expect(seen.sort((a, b) => a - b)).toEqual(set.slice().sort((a, b) => a - b));
}

describe('exactSheetFit', () => {
  it('fits four quarters and refuses a fifth piece', () => {
    const items = itemSet(
      [
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
        [50, 50],
      ],
      false,
    );
    const four = exactSheetFit(items, [0, 1, 2, 3], 100, 100, 10_000);
    expect(four).toBeTruthy();
    checkSheet(four as PackedSheet, items, [0, 1, 2, 3], 100, 100);
    expect(exactSheetFit(items, [0, 1, 2, 3, 4], 100, 100, 10_000)).toBeNull();
  });

  it('refuses a pinwheel that fills the sheet exactly but has no guillotine cut', () => {
    // Four 60 × 40 pieces around a 20 × 20 centre: area 10 000 = the sheet, not guillotine.
    const items = itemSet(
      [
        [60, 40],
        [40, 60],
        [60, 40],
        [40, 60],
        [20, 20],
      ],
      false,
    );
    expect(exactSheetFit(items, [0, 1, 2, 3, 4], 100, 100, 100_000)).toBeNull();
    // Three of the four do fit (a strip 80 high: two 60 × 40 stacked beside a 40 × 60).
    const three = exactSheetFit(items, [0, 1, 2], 100, 100, 100_000);
    expect(three).toBeTruthy();
    checkSheet(three as PackedSheet, items, [0, 1, 2], 100, 100);
  });

  it('rotates a piece only when it may', () => {
    // 100 × 30 twice and 30 × 100 once: only fits if the last one lies down (30+30+30 ≤ 100).
    const fixed = itemSet(
      [
        [100, 30],
        [100, 30],
        [30, 100],
      ],
      false,
    );
    expect(exactSheetFit(fixed, [0, 1, 2], 100, 100, 10_000)).toBeNull();
    const free = itemSet(
      [
        [100, 30],
        [100, 30],
        [30, 100],
      ],
      true,
    );
    const sheet = exactSheetFit(free, [0, 1, 2], 100, 100, 10_000);
    expect(sheet).toBeTruthy();
    checkSheet(sheet as PackedSheet, free, [0, 1, 2], 100, 100);
  });

  it('agrees with the shelf engine on random sets: never refuses what the engine fits', () => {
    const rng = createRng(11);
    let fitted = 0;
    for (let t = 0; t < 400; t++) {
      const rotate = t % 2 === 0;
      const k = 2 + rng.int(6);
      const sizes: [number, number][] = Array.from({ length: k }, () => [1 + rng.int(70), 1 + rng.int(70)]);
      const items = itemSet(sizes, rotate);
      const set = sizes.map((_s, i) => i);
      const exact = exactSheetFit(items, set, 100, 100, 200_000);
      expect(exact).not.toBeUndefined();
      const kinds = [{ width: 100, height: 100, quantity: 1, order: 0 }];
      const engine = fillOneSheet(items, set, new Uint8Array(k), kinds, 0, { stacking: true });
      const engineFitsAll =
        engine.shelves.reduce((a, s) => a + s.columns.reduce((b, c) => b + c.items.length, 0), 0) === k;
      if (engineFitsAll) expect(exact).not.toBeNull();
      if (exact) {
        fitted++;
        checkSheet(exact, items, set, 100, 100);
      }
    }
    // The sample holds both outcomes.
    expect(fitted).toBeGreaterThan(50);
    expect(fitted).toBeLessThan(400);
  });

  it('gives up (undefined) when the node budget runs out', () => {
    const items = itemSet(
      [
        [60, 40],
        [40, 60],
        [60, 40],
        [40, 60],
        [20, 20],
      ],
      false,
    );
    // The pinwheel needs more than three nodes to be refused.
    expect(exactSheetFit(items, [0, 1, 2, 3, 4], 100, 100, 3)).toBeUndefined();
  });
});
