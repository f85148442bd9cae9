import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';

// Data access of invoices: payments and the credited and paid totals of an issued invoice, and the
// delivery notes an invoice bills. Every function takes the caller's transaction.

export type PaymentRow = { id: string; paid_on: string; amount: string; note: string | null };

export function payments(tx: Tx, invoiceId: string): Promise<PaymentRow[]> {
  return rows<PaymentRow>(
    tx,
    sql`select id, paid_on::text as paid_on, amount::text as amount, note from invoice_payments
        where document_id = ${invoiceId} order by paid_on, created_at`,
  );
}

/** A payment of an issued invoice, added to its paid total. */
export async function insertPayment(
  tx: Tx,
  ctx: CompanyContext,
  invoiceId: string,
  p: { paid_on: string; amount: string; note: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into invoice_payments (company_id, document_id, paid_on, amount, note, created_by)
        values (${ctx.companyId}, ${invoiceId}, ${p.paid_on}, ${p.amount}, ${p.note}, ${ctx.userId})`,
  );
  await tx.execute(
    sql`update documents set paid_total = paid_total + ${p.amount}, updated_at = now() where id = ${invoiceId}`,
  );
}

/** A credit note's total, added to what its invoice has credited. */
export async function addCredited(tx: Tx, invoiceId: string, amount: string): Promise<void> {
  await tx.execute(
    sql`update documents set credited_total = credited_total + ${amount}, updated_at = now() where id = ${invoiceId}`,
  );
}

/** The numbers of the delivery notes an invoice bills, in order (UBL DespatchDocumentReference). */
export function billedDeliveryNoteNumbers(tx: Tx, invoiceId: string): Promise<{ number: string }[]> {
  return rows<{ number: string }>(
    tx,
    sql`select d.number from document_links k join documents d on d.id = k.from_id
        where k.to_id = ${invoiceId} and k.relation = 'invoiced' and d.kind = 'delivery_note' order by d.number`,
  );
}
