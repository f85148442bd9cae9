import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows, uuids } from '../../db/sql.ts';

// Data access of advance invoices and their deductions (advances.service.ts holds the rules).

/** The documents linked to these by a conversion (a quote and the work order it became). */
export async function convertedLinks(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const linked = await rows<{ id: string }>(
    tx,
    sql`select to_id as id from document_links where from_id = any(${uuids(ids)}) and relation = 'converted'
        union select from_id as id from document_links where to_id = any(${uuids(ids)}) and relation = 'converted'`,
  );
  return linked.map((r) => r.id);
}

/** The issued advance invoices' totals less their credit notes, over the orders given. */
export async function advancedTotal(tx: Tx, orderIds: readonly string[]): Promise<string | undefined> {
  const row = await one<{ total: string }>(
    tx,
    sql`select coalesce(sum(total - credited_total), 0)::text as total from documents
        where advance_for_id = any(${uuids(orderIds)}) and kind = 'invoice' and status = 'issued'`,
  );
  return row?.total;
}

/** The work orders whose lines an invoice's lines come from (straight or through delivery notes). */
export async function workOrdersOfInvoice(tx: Tx, invoiceId: string): Promise<string[]> {
  const orders = await rows<{ id: string }>(
    tx,
    sql`select distinct d.id from document_lines il
        join document_lines s on s.id = il.source_line_id
        left join document_lines up on up.id = s.source_line_id
        join documents d on d.id in (s.document_id, up.document_id) and d.kind = 'work_order'
        where il.document_id = ${invoiceId}`,
  );
  return orders.map((o) => o.id);
}

/** The issued advances of the orders for one client, in id order, locked when asked. */
export async function issuedAdvanceIds(
  tx: Tx,
  orderIds: readonly string[],
  clientId: string | null,
  lock: boolean,
): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from documents where advance_for_id = any(${uuids(orderIds)}) and kind = 'invoice'
          and status = 'issued' and client_id = ${clientId} order by id ${lock ? sql`for update` : sql``}`,
  );
  return found.map((r) => r.id);
}

export type OpenAdvanceRow = { id: string; number: string; total: string };

/** Of these advances, those neither credited nor deducted yet, oldest first. */
export async function openAdvances(tx: Tx, ids: readonly string[]): Promise<OpenAdvanceRow[]> {
  return rows<OpenAdvanceRow>(
    tx,
    sql`select d.id, d.number, d.total::text as total from documents d
        where d.id = any(${uuids(ids)}) and d.credited_total = 0
          and not exists (select 1 from advance_deductions a where a.advance_id = d.id)
        order by d.doc_date, d.seq`,
  );
}

export async function insertDeduction(
  tx: Tx,
  companyId: string,
  d: { advanceId: string; invoiceId: string; net: string; vat: string; total: string },
): Promise<void> {
  await tx.execute(
    sql`insert into advance_deductions (company_id, advance_id, invoice_id, net, vat, total)
        values (${companyId}, ${d.advanceId}, ${d.invoiceId}, ${d.net}, ${d.vat}, ${d.total})`,
  );
}

/** The payment row on the final invoice that settles it with an advance. */
export async function insertAdvancePayment(
  tx: Tx,
  companyId: string,
  p: { invoiceId: string; paidOn: string; amount: string; note: string; userId: string; advanceId: string },
): Promise<void> {
  await tx.execute(
    sql`insert into invoice_payments (company_id, document_id, paid_on, amount, note, created_by, advance_id)
        values (${companyId}, ${p.invoiceId}, ${p.paidOn}, ${p.amount}, ${p.note},
          ${p.userId}, ${p.advanceId})`,
  );
}

export async function addPaid(tx: Tx, invoiceId: string, amount: string): Promise<void> {
  await tx.execute(
    sql`update documents set paid_total = paid_total + ${amount}, updated_at = now() where id = ${invoiceId}`,
  );
}

/** The final invoice that deducted an advance, if one did. */
export async function deductedBy(tx: Tx, advanceId: string): Promise<{ number: string | null } | undefined> {
  return one<{ number: string | null }>(
    tx,
    sql`select d.number from advance_deductions a join documents d on d.id = a.invoice_id
        where a.advance_id = ${advanceId}`,
  );
}

export type AdvanceListRow = {
  id: string;
  number: string | null;
  doc_date: string;
  advance_for_id: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  paid_total: string;
  credited_total: string;
  deducted_by_id: string | null;
  deducted_by_number: string | null;
};

/** Which advances to list: those of orders, one advance, given ids, or those an invoice deducted. */
export type AdvanceFilter =
  | { orders: readonly string[] }
  | { id: string }
  | { ids: readonly string[] }
  | { deductedBy: string };

function advanceWhere(filter: AdvanceFilter): SQL {
  if ('orders' in filter) return sql`d.advance_for_id = any(${uuids(filter.orders)}) and d.status = 'issued'`;
  if ('id' in filter) return sql`d.id = ${filter.id}`;
  if ('ids' in filter) return sql`d.id = any(${uuids(filter.ids)})`;
  return sql`d.id in (select advance_id from advance_deductions where invoice_id = ${filter.deductedBy})`;
}

/** Advance invoices with the final invoice that deducted each, oldest first. */
export async function listAdvances(tx: Tx, filter: AdvanceFilter): Promise<AdvanceListRow[]> {
  return rows<AdvanceListRow>(
    tx,
    sql`select d.id, d.number, d.doc_date::text as doc_date, d.advance_for_id, d.net_total::text as net_total,
          d.vat_total::text as vat_total, d.total::text as total, d.paid_total::text as paid_total,
          d.credited_total::text as credited_total, f.id as deducted_by_id, f.number as deducted_by_number
        from documents d
        left join advance_deductions a on a.advance_id = d.id
        left join documents f on f.id = a.invoice_id
        where d.kind = 'invoice' and ${advanceWhere(filter)}
        order by d.doc_date, d.seq`,
  );
}

export type DeductedAdvanceRow = { id: string; number: string; doc_date: string; total: string };

/** The advances a final invoice deducted, oldest first, with the amount deducted. */
export async function deductedAdvances(tx: Tx, invoiceId: string): Promise<DeductedAdvanceRow[]> {
  return rows<DeductedAdvanceRow>(
    tx,
    sql`select d.id, d.number, d.doc_date::text as doc_date, a.total::text as total
        from advance_deductions a join documents d on d.id = a.advance_id
        where a.invoice_id = ${invoiceId} order by d.doc_date, d.seq`,
  );
}
