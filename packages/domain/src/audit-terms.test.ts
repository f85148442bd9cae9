import { describe, expect, it } from 'vitest';
import { isAuditFieldShown, isAuditTableShown } from './audit-terms.ts';

describe('audit terms: what the feed shows', () => {
  it('hides idempotency keys, counters and derived caches, shows business records', () => {
    for (const t of ['document_idempotency', 'inventory_idempotency', 'document_counters', 'item_stock'])
      expect(isAuditTableShown(t), t).toBe(false);
    for (const t of ['documents', 'invoice_payments', 'cutting_jobs', 'stock_movements'])
      expect(isAuditTableShown(t), t).toBe(true);
  });
  it('hides keys, bookkeeping and secret columns', () => {
    for (const f of ['id', 'company_id', 'updated_at', 'oib_bidx', 'webhook_secret', 'anything_bidx'])
      expect(isAuditFieldShown(f), f).toBe(false);
    for (const f of ['total', 'net_total', 'status', 'client_id']) expect(isAuditFieldShown(f), f).toBe(true);
  });
});
