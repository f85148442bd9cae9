import { describe, expect, it } from 'vitest';
import { monthsOf, supplierPerformance } from './supplier-performance.ts';

/*
 * Hand-computed fixture (period 2026-01-01 .. 2026-03-31):
 *   A sent 01-05, expected 01-15; lines 10/10 and 4/2 → line fills 1 and 0.5
 *     receipts 01-12 (on time, lead 7) and 01-20 (late, lead 15)
 *   B sent 02-01, expected 02-10; line 100/100 → fill 1; receipt 02-10 (on time, lead 9)
 *   C sent 02-20, no expected date; line 5/0 → fill 0; receipt 03-02 (not judged, lead 10)
 *   D sent 12-20 of the year before → outside the period, its receipt is ignored
 * on-time = 2 / 3 judged receipts = 0.6667; lead = (7 + 15 + 9 + 10) / 4 = 10.25 → 10.3
 * fill = (1 + 0.5 + 1 + 0) / 4 = 0.625
 */
const fixture = {
  from: '2026-01-01',
  to: '2026-03-31',
  orders: [
    {
      id: 'A',
      ordered_on: '2026-01-05',
      expected_on: '2026-01-15',
      lines: [
        { ordered: '10', received: '10' },
        { ordered: '4', received: '2' },
      ],
    },
    {
      id: 'B',
      ordered_on: '2026-02-01',
      expected_on: '2026-02-10',
      lines: [{ ordered: '100', received: '100' }],
    },
    { id: 'C', ordered_on: '2026-02-20', expected_on: null, lines: [{ ordered: '5', received: '0' }] },
    {
      id: 'D',
      ordered_on: '2025-12-20',
      expected_on: '2025-12-30',
      lines: [{ ordered: '1', received: '1' }],
    },
  ],
  receipts: [
    { order_id: 'A', received_on: '2026-01-12' },
    { order_id: 'A', received_on: '2026-01-20' },
    { order_id: 'B', received_on: '2026-02-10' },
    { order_id: 'C', received_on: '2026-03-02' },
    { order_id: 'D', received_on: '2026-01-03' },
  ],
};

describe('supplier delivery performance', () => {
  it('matches the hand-computed figures', () => {
    const p = supplierPerformance(fixture);
    expect(p.orders).toBe(3);
    expect(p.receipts).toBe(4);
    expect(p.on_time_rate).toBe('66.7');
    expect(p.avg_lead_time_days).toBe('10.3');
    expect(p.fill_rate).toBe('62.5');
    expect(p.months).toEqual([
      { month: '2026-01', receipts: 2, on_time: 1, late: 1, avg_lead_time_days: '11.0' },
      { month: '2026-02', receipts: 1, on_time: 1, late: 0, avg_lead_time_days: '9.0' },
      { month: '2026-03', receipts: 1, on_time: 0, late: 0, avg_lead_time_days: '10.0' },
    ]);
  });
  it('over-receipt counts as a full line, not more', () => {
    const p = supplierPerformance({
      from: '2026-01-01',
      to: '2026-01-31',
      orders: [
        {
          id: 'A',
          ordered_on: '2026-01-02',
          expected_on: '2026-01-03',
          lines: [{ ordered: '2', received: '3' }],
        },
      ],
      receipts: [{ order_id: 'A', received_on: '2026-01-03' }],
    });
    expect(p.fill_rate).toBe('100.0');
    expect(p.on_time_rate).toBe('100.0');
  });
  it('reports null, not zero, when there is nothing to measure', () => {
    const p = supplierPerformance({ from: '2026-01-01', to: '2026-02-15', orders: [], receipts: [] });
    expect(p).toMatchObject({
      orders: 0,
      receipts: 0,
      on_time_rate: null,
      avg_lead_time_days: null,
      fill_rate: null,
    });
    expect(p.months.map((m) => m.month)).toEqual(['2026-01', '2026-02']);
  });
  it('lists months across a year end', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
