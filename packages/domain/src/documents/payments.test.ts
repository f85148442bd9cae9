import { describe, expect, it } from 'vitest';
import {
  dueDateAtIssue,
  dueDateFrom,
  outstanding,
  paymentFits,
  paymentStatus,
  refundFits,
} from './payments.ts';

describe('payment status', () => {
  const base = { total: '125.00', dueDate: '2026-03-15', today: '2026-03-10' };
  it('is unpaid, partially paid or paid by what was received', () => {
    expect(paymentStatus({ ...base, paid: '0' })).toBe('unpaid');
    expect(paymentStatus({ ...base, paid: '0.01' })).toBe('partially_paid');
    expect(paymentStatus({ ...base, paid: '125.00' })).toBe('paid');
  });
  it('is overdue after the due day when something is owed, never when paid', () => {
    expect(paymentStatus({ ...base, paid: '0', today: '2026-03-15' })).toBe('unpaid');
    expect(paymentStatus({ ...base, paid: '0', today: '2026-03-16' })).toBe('overdue');
    expect(paymentStatus({ ...base, paid: '100', today: '2026-03-16' })).toBe('overdue');
    expect(paymentStatus({ ...base, paid: '125', today: '2027-01-01' })).toBe('paid');
  });
  it('counts credit notes against the invoice', () => {
    expect(outstanding({ total: '125.00', credited: '25.00', paid: '50.00' }).toFixed(2)).toBe('50.00');
    expect(paymentStatus({ ...base, credited: '125.00', paid: '0', today: '2027-01-01' })).toBe('paid');
  });
  it('is refund due when credit notes took back more than was left to pay, paid once refunded', () => {
    // 225 billed, 102 paid, all 225 credited: 102 owed back; a refund of 102 (a payment of -102) settles it.
    const owed = { total: '225.00', credited: '225.00', dueDate: null, today: '2026-03-10' };
    expect(paymentStatus({ ...owed, paid: '102.00' })).toBe('refund_due');
    expect(outstanding({ ...owed, paid: '102.00' }).toFixed(2)).toBe('-102.00');
    expect(paymentStatus({ ...owed, paid: '0.00' })).toBe('paid');
    expect(refundFits('102', '-102.00')).toBe(true);
    expect(refundFits('102.01', '-102.00')).toBe(false);
    expect(refundFits('1', '0')).toBe(false);
    expect(refundFits('0', '-102.00')).toBe(false);
  });
  it('accepts payments up to what is owed', () => {
    expect(paymentFits('50', '50')).toBe(true);
    expect(paymentFits('50.01', '50')).toBe(false);
    expect(paymentFits('0', '50')).toBe(false);
  });
  it('computes due dates across month and year ends', () => {
    expect(dueDateFrom('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateFrom('2026-12-20', 15)).toBe('2027-01-04');
    expect(dueDateFrom('2028-02-14', 15)).toBe('2028-02-29');
    expect(dueDateFrom('2026-05-05', 0)).toBe('2026-05-05');
  });
  it('keeps the terms of a draft when it is issued on a later day', () => {
    // written on 1 June 2025 with 15 days, issued on 27 November 2026: due 12 December 2026
    expect(dueDateAtIssue({ doc_date: '2025-06-01', due_date: '2025-06-16' }, '2026-11-27')).toBe(
      '2026-12-12',
    );
    expect(dueDateAtIssue({ doc_date: '2026-11-27', due_date: '2026-11-27' }, '2026-11-30')).toBe(
      '2026-11-30',
    );
    expect(dueDateAtIssue({ doc_date: '2026-11-01', due_date: null }, '2026-11-27')).toBeNull();
  });
});
