import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LotCandidate, pickLots } from './lots.ts';

const lots: LotCandidate[] = [
  { lotId: 'L1', available: '5', expiresOn: '2031-06-01', receivedOn: '2031-01-10' },
  { lotId: 'L2', available: '5', expiresOn: '2031-03-01', receivedOn: '2031-02-10' },
  { lotId: 'L3', available: '5', expiresOn: null, receivedOn: '2031-01-01' },
];

describe('pickLots', () => {
  it('FEFO takes the lot expiring first, lots without expiry last', () => {
    expect(pickLots(lots, '12', 'fefo')).toEqual({
      ok: true,
      picks: [
        { lotId: 'L2', quantity: '5' },
        { lotId: 'L1', quantity: '5' },
        { lotId: 'L3', quantity: '2' },
      ],
    });
  });
  it('FIFO takes the lot received first', () => {
    expect(pickLots(lots, '7', 'fifo')).toEqual({
      ok: true,
      picks: [
        { lotId: 'L3', quantity: '5' },
        { lotId: 'L1', quantity: '2' },
      ],
    });
  });
  it('reports what is available when the lots hold too little', () => {
    expect(pickLots(lots, '16', 'fefo')).toEqual({ ok: false, available: '15' });
  });
  it('picks exactly the quantity, never more than a lot holds', () => {
    const lot = fc.record({
      lotId: fc.uuid(),
      available: fc.integer({ min: 0, max: 50 }).map(String),
      expiresOn: fc.option(fc.constantFrom('2031-01-01', '2031-02-01', '2031-03-01'), { nil: null }),
      receivedOn: fc.constantFrom('2030-01-01', '2030-06-01'),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(lot, { selector: (l) => l.lotId, maxLength: 6 }),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom('fefo' as const, 'fifo' as const),
        (cands, q, strategy) => {
          const total = cands.reduce((s, c) => s + Number(c.available), 0);
          const result = pickLots(cands, String(q), strategy);
          expect(result.ok).toBe(total >= q);
          if (!result.ok) return;
          expect(result.picks.reduce((s, p) => s.plus(p.quantity), new Decimal(0)).toNumber()).toBe(q);
          for (const p of result.picks) {
            const c = cands.find((x) => x.lotId === p.lotId);
            expect(Number(p.quantity)).toBeLessThanOrEqual(Number(c?.available));
            expect(Number(p.quantity)).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});
