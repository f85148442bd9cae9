import { describe, expect, it } from 'vitest';
import { allocateParts } from './lot-allocation.ts';

describe('allocateParts', () => {
  it('fills lines in order from the parts in consumption order', () => {
    // line A needs 2, line B needs 1; lots: L1 2, L2 5 consumed 1 → L1 feeds A, L2 feeds B.
    expect(
      allocateParts(
        [
          { lotId: 'L1', quantity: '2' },
          { lotId: 'L2', quantity: '1' },
        ],
        [
          { lineId: 'A', quantity: '2' },
          { lineId: 'B', quantity: '1' },
        ],
      ),
    ).toEqual([
      { lotId: 'L1', lineId: 'A', quantity: '2' },
      { lotId: 'L2', lineId: 'B', quantity: '1' },
    ]);
  });

  it('splits a lot across lines and scales planned needs to the actual consumption', () => {
    // planned 1 + 3 = 4, consumed 6 (×1.5): A gets 1.5, B gets 4.5
    expect(
      allocateParts(
        [
          { lotId: 'L1', quantity: '2' },
          { lotId: null, quantity: '4' },
        ],
        [
          { lineId: 'A', quantity: '1' },
          { lineId: 'B', quantity: '3' },
        ],
      ),
    ).toEqual([
      { lotId: 'L1', lineId: 'A', quantity: '1.5' },
      { lotId: 'L1', lineId: 'B', quantity: '0.5' },
      { lotId: null, lineId: 'B', quantity: '4' },
    ]);
  });

  it('gives rounding leftovers to the last line, so nothing consumed goes unattributed', () => {
    const out = allocateParts(
      [{ lotId: 'L1', quantity: '1' }],
      [
        { lineId: 'A', quantity: '1' },
        { lineId: 'B', quantity: '1' },
        { lineId: 'C', quantity: '1' },
      ],
    );
    expect(out.map((a) => [a.lineId, a.quantity])).toEqual([
      ['A', '0.3333'],
      ['B', '0.3333'],
      ['C', '0.3334'],
    ]);
  });

  it('attributes nothing when no line needed the material', () => {
    expect(allocateParts([{ lotId: 'L1', quantity: '1' }], [{ lineId: 'A', quantity: '0' }])).toEqual([]);
  });
});
