import { sql } from 'drizzle-orm';
import { withCompany } from '../../db/tenant.ts';
import type { SignedIn, TestApp } from '../../test/harness.ts';

/**
 * Tests only: moves a sent order's ordered_on into the past, so receipts dated before today pass
 * the rule that a receipt is not dated before its order was sent (nor in the future).
 */
export async function backdateOrder(t: TestApp, user: SignedIn, orderId: string, orderedOn: string) {
  await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, (tx) =>
    tx.execute(sql`update purchase_orders set ordered_on = ${orderedOn}::date where id = ${orderId}`),
  );
}

/** The ISO date `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
