import { describe, expect, it } from 'vitest';
import {
  canTransition,
  expectedDelivery,
  PO_STATUSES,
  type PoStatus,
  poActions,
  statusFromReceipts,
} from './po-status.ts';
import { formatPurchasingNumber, openQuantity, poTotals, receiptCheck } from './po-totals.ts';
import { poInputSchema, receiptInputSchema } from './purchasing.schemas.ts';

describe('purchase order state machine', () => {
  // The full table written out independently of the implementation: every pair is checked.
  const allowed = new Set([
    'draft>sent',
    'draft>cancelled',
    'sent>partially_received',
    'sent>received',
    'sent>cancelled',
    'partially_received>partially_received',
    'partially_received>received',
    'partially_received>sent',
    'received>partially_received',
    'received>sent',
  ]);
  for (const from of PO_STATUSES) {
    for (const to of PO_STATUSES) {
      const legal = allowed.has(`${from}>${to}`);
      it(`${from} → ${to} is ${legal ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(legal);
      });
    }
  }
  it('cancelled and received orders offer no action; drafts can be edited and sent', () => {
    const actions = (s: PoStatus) => poActions(s).sort();
    expect(actions('cancelled')).toEqual([]);
    expect(actions('received')).toEqual([]);
    expect(actions('draft')).toEqual(['cancel', 'edit', 'send']);
    expect(actions('sent')).toEqual(['cancel', 'receive']);
    // The rest of a partial delivery can be closed (no longer expected) instead of cancelled.
    expect(actions('partially_received')).toEqual(['close', 'receive']);
  });
  it('derives the status from received quantities', () => {
    expect(statusFromReceipts([{ ordered: '10', received: '0' }])).toBe('sent');
    expect(
      statusFromReceipts([
        { ordered: '10', received: '9.9999' },
        { ordered: '1', received: '1' },
      ]),
    ).toBe('partially_received');
    expect(
      statusFromReceipts([
        { ordered: '10', received: '10' },
        { ordered: '1', received: '1.5' },
      ]),
    ).toBe('received');
    expect(
      statusFromReceipts([
        { ordered: '10', received: '0' },
        { ordered: '1', received: '1' },
      ]),
    ).toBe('partially_received');
  });
});

describe('purchase order totals', () => {
  it('rounds line nets to cents and VAT once per rate', () => {
    // 3 × 0.335 = 1.005 → 1.01; 7 × 1.10 = 7.70; 25 % rate base 8.71 → VAT 2.1775 → 2.18
    // 1 × 10.00 at 13 % → 1.30; net 18.71, VAT 3.48, total 22.19
    const t = poTotals([
      { quantity: '3', unit_price: '0.335', vat_rate: '25' },
      { quantity: '7', unit_price: '1.10', vat_rate: '25' },
      { quantity: '1', unit_price: '10', vat_rate: '13' },
    ]);
    expect(t.lines.map((l) => l.net)).toEqual(['1.01', '7.70', '10.00']);
    expect(t.vat).toEqual([
      { rate: '25.00', base: '8.71', vat: '2.18' },
      { rate: '13.00', base: '10.00', vat: '1.30' },
    ]);
    expect(t).toMatchObject({ net: '18.71', vat_total: '3.48', total: '22.19' });
  });
  it('is exact where binary floats are not (0.1 + 0.2)', () => {
    const t = poTotals([
      { quantity: '1', unit_price: '0.1', vat_rate: '0' },
      { quantity: '1', unit_price: '0.2', vat_rate: '0' },
    ]);
    expect(t.total).toBe('0.30');
  });
  it('numbers orders NB-2026-0001 and grows past four digits', () => {
    expect(formatPurchasingNumber('NB-', 2026, 1)).toBe('NB-2026-0001');
    expect(formatPurchasingNumber('NB-', 2026, 12345)).toBe('NB-2026-12345');
  });
  it('checks receipts against the remaining quantity', () => {
    expect(receiptCheck({ ordered: '10', received: '4' }, '6')).toEqual({
      remaining: '6',
      over: false,
      excess: '0',
    });
    expect(receiptCheck({ ordered: '10', received: '4' }, '6.5')).toEqual({
      remaining: '6',
      over: true,
      excess: '0.5',
    });
    expect(receiptCheck({ ordered: '10', received: '12' }, '1')).toEqual({
      remaining: '0',
      over: true,
      excess: '1',
    });
    expect(openQuantity('10', '12')).toBe('0');
    expect(openQuantity('10', '2.5')).toBe('7.5');
  });
});

describe('purchasing input', () => {
  const uuid = '7b0c1f5e-2f35-4a8b-9d3e-1c2a3b4c5d6e';
  it('needs a supplier and at least one line with a positive quantity', () => {
    const r = poInputSchema.safeParse({ supplier_id: uuid, lines: [] });
    expect(r.error?.issues[0]?.message).toBe('validation.linesRequired');
    const q = poInputSchema.safeParse({
      supplier_id: uuid,
      lines: [{ item_id: uuid, quantity: '0', unit_price: '1' }],
    });
    expect(q.error?.issues.map((i) => i.message)).toEqual(['validation.positive']);
  });
  it('takes the Croatian VAT rates on lines (25, 13, 5, 0 %) and refuses others', () => {
    const line = (vat_rate?: string) =>
      poInputSchema.safeParse({
        supplier_id: uuid,
        lines: [{ item_id: uuid, quantity: '1', unit_price: '1', vat_rate }],
      });
    for (const rate of ['25', '13.00', '5', '0', undefined]) expect(line(rate).success).toBe(true);
    for (const rate of ['22', '10', '100'])
      expect(line(rate).error?.issues.map((i) => i.message)).toEqual(['validation.vatRateInvalid']);
  });
  it('refuses impossible dates on receipts', () => {
    const r = receiptInputSchema.safeParse({
      location_id: uuid,
      received_on: '2026-02-30',
      lines: [{ po_line_id: uuid, quantity: '1' }],
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['validation.dateInvalid']);
  });
});

describe('expected delivery of a sent order', () => {
  it('is the typed date, else the send date plus the supplier lead time in calendar days', () => {
    expect(expectedDelivery('2026-12-01', '2026-11-27', 5)).toBe('2026-12-01');
    expect(expectedDelivery(null, '2026-11-27', 5)).toBe('2026-12-02');
    expect(expectedDelivery(null, '2026-12-30', 3)).toBe('2027-01-02');
    expect(expectedDelivery(null, '2026-11-27', 0)).toBe('2026-11-27');
    expect(expectedDelivery(null, '2026-11-27', null)).toBeNull();
  });
});
