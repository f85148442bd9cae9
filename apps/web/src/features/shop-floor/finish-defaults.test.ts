import { describe, expect, it } from 'vitest';
import { numberInputToApi } from '../../lib/format.ts';
import { finishDefaults } from './shop-floor-page.tsx';

// An operation for 3.5 m of which 2.375 m are done: 1.125 m left, three digits after the point.
const op = { quantity: '3.5', unit: 'm', good_qty: '2.375', scrap_qty: '0', last_check: null } as const;

describe('shop floor finish dialog: the remaining quantity put into the good-quantity input', () => {
  it('shows it in Croatian format and finishing unchanged reports 1.125 (not 1 125)', () => {
    const v = finishDefaults(op, 'hr');
    expect(v.good_qty).toBe('1,125');
    expect(numberInputToApi(v.good_qty, 'hr')).toBe('1.125');
  });

  it('keeps the English "." decimal', () => {
    const v = finishDefaults(op, 'en');
    expect(v.good_qty).toBe('1.125');
    expect(numberInputToApi(v.good_qty, 'en')).toBe('1.125');
  });

  it('leaves out what was reported as scrap', () => {
    expect(finishDefaults({ ...op, good_qty: '2', scrap_qty: '0.375' }, 'hr').good_qty).toBe('1,125');
  });

  it('offers 0 once the operation is complete', () => {
    expect(finishDefaults({ ...op, good_qty: '4' }, 'hr').good_qty).toBe('0');
  });
});
