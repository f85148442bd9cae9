import { describe, expect, it } from 'vitest';
import { moved } from './row-order-buttons.tsx';

describe('moved (the up/down buttons of BOM lines and routing steps)', () => {
  it('moves one row a place up or down and leaves the others in order', () => {
    const rows = ['a', 'b', 'c', 'd'];
    expect(moved(rows, 2, -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moved(rows, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moved(rows, 3, -1)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('answers a new list: the one it was given is not changed', () => {
    const rows = [{ key: 1 }, { key: 2 }];
    const next = moved(rows, 1, -1);
    expect(rows.map((r) => r.key)).toEqual([1, 2]);
    expect(next.map((r) => r.key)).toEqual([2, 1]);
    expect(next[0]).toBe(rows[1]);
  });
});
