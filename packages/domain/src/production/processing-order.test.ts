import { describe, expect, it } from 'vitest';
import { checkRoutingOrder, type ProcessCategory, processCategorySchema } from './processing-order.ts';

/** Steps numbered 1, 2, ... in the given order, all of one piece. */
const routing = (...categories: ProcessCategory[]) =>
  categories.map((category, i) => ({ position: i + 1, category }));

describe('processing order (cut → edge → drill → coating removal → temper/laminate → assemble)', () => {
  it('accepts the textbook order, with or without optional stages, and an empty routing', () => {
    expect(
      checkRoutingOrder(routing('cut', 'edge', 'drill', 'coating_removal', 'temper', 'laminate', 'assemble')),
    ).toEqual([]);
    expect(checkRoutingOrder(routing('cut', 'temper', 'assemble'))).toEqual([]);
    expect(checkRoutingOrder(routing('cut', 'laminate', 'temper'))).toEqual([]);
    expect(checkRoutingOrder([])).toEqual([]);
  });

  it('warns about drilling after tempering, naming both steps', () => {
    expect(checkRoutingOrder(routing('cut', 'edge', 'temper', 'drill', 'assemble'))).toEqual([
      { code: 'processingAfterTemper', position: 4, category: 'drill', after: 3, afterCategory: 'temper' },
    ]);
  });

  it('warns once per misplaced step: cut and edge both after a laminate step', () => {
    expect(checkRoutingOrder(routing('laminate', 'cut', 'edge'))).toEqual([
      { code: 'processingAfterTemper', position: 2, category: 'cut', after: 1, afterCategory: 'laminate' },
      { code: 'processingAfterTemper', position: 3, category: 'edge', after: 1, afterCategory: 'laminate' },
    ]);
  });

  it('prefers the temper step as the reason even when another later stage came first', () => {
    // coating removal (4) came before edging (2), but the temper step is what makes step 4 wrong.
    expect(checkRoutingOrder(routing('cut', 'coating_removal', 'temper', 'edge'))).toEqual([
      { code: 'processingAfterTemper', position: 4, category: 'edge', after: 3, afterCategory: 'temper' },
    ]);
  });

  it('warns about tempering after the insulating unit is assembled', () => {
    expect(checkRoutingOrder(routing('cut', 'assemble', 'temper'))).toEqual([
      { code: 'temperAfterAssemble', position: 3, category: 'temper', after: 2, afterCategory: 'assemble' },
    ]);
  });

  it('reports other inversions as out of order: drilling before edging, cutting after assembly', () => {
    expect(checkRoutingOrder(routing('cut', 'drill', 'edge'))).toEqual([
      { code: 'outOfOrder', position: 3, category: 'edge', after: 2, afterCategory: 'drill' },
    ]);
    expect(checkRoutingOrder(routing('assemble', 'cut'))).toEqual([
      { code: 'outOfOrder', position: 2, category: 'cut', after: 1, afterCategory: 'assemble' },
    ]);
  });

  it('ignores steps of category other wherever they stand, but looks past them', () => {
    expect(checkRoutingOrder(routing('other', 'cut', 'other', 'temper', 'other'))).toEqual([]);
    expect(checkRoutingOrder(routing('temper', 'other', 'drill'))).toEqual([
      { code: 'processingAfterTemper', position: 3, category: 'drill', after: 1, afterCategory: 'temper' },
    ]);
  });

  it('compares steps of the same piece only (two lines of a work order)', () => {
    const steps = [
      { position: 1, category: 'cut' as const, piece: 'line-1' },
      { position: 2, category: 'temper' as const, piece: 'line-1' },
      { position: 3, category: 'cut' as const, piece: 'line-2' },
      { position: 4, category: 'drill' as const, piece: 'line-2' },
      { position: 5, category: 'drill' as const, piece: 'line-1' },
    ];
    expect(checkRoutingOrder(steps)).toEqual([
      { code: 'processingAfterTemper', position: 5, category: 'drill', after: 2, afterCategory: 'temper' },
    ]);
  });

  it('knows exactly the eight categories', () => {
    expect(processCategorySchema.options).toEqual([
      'cut',
      'edge',
      'drill',
      'coating_removal',
      'temper',
      'laminate',
      'assemble',
      'other',
    ]);
    expect(processCategorySchema.safeParse('polish').success).toBe(false);
  });
});
