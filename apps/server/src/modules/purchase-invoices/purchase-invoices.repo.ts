import type {
  HistoryEntry,
  ParsedUbl,
  PurchaseInvoiceListQuery,
  PurchaseInvoiceRow,
  PurchaseInvoiceStatus,
  PurchasePaymentRow,
  ValidationFailure,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import { one, rows } from '../../db/sql.ts';

// SQL of the purchase invoices (migration 0042). Dates leave as text (YYYY-MM-DD), timestamps as
// ISO text, amounts as numeric text: nothing passes through a JS number or Date.

export type { PurchaseInvoiceRow };

const COLUMNS = sql`pi.id, pi.source, pi.source_ref, pi.doc_type, pi.type_code, pi.number,
  pi.issue_date::text as issue_date, pi.due_date::text as due_date, pi.currency, pi.seller_name,
  pi.supplier_id, p.name as supplier_name, pi.purchase_order_id, po.number as purchase_order_number,
  pi.order_reference, pi.net_total::text as net_total, pi.vat_total::text as vat_total,
  pi.total::text as total, pi.payable::text as payable, pi.paid_total::text as paid_total,
  (case when pi.doc_type = 'invoice' and pi.status = 'approved' then pi.payable - pi.paid_total else 0 end)::numeric(18,2)::text as open,
  pi.status, pi.valid, pi.reject_code, pi.reject_reason,
  to_char(pi.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as decided_at, pi.xml_sha256,
  to_char(pi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;
const FROM = sql`from purchase_invoices pi
  left join partners p on p.id = pi.supplier_id
  left join purchase_orders po on po.id = pi.purchase_order_id`;

export type NewPurchaseInvoice = {
  companyId: string;
  source: 'upload' | 'intermediary';
  sourceRef: string | null;
  parsed: ParsedUbl;
  failures: ValidationFailure[];
  status: 'checking' | 'received' | 'invalid';
  supplierId: string | null;
  purchaseOrderId: string | null;
  xml: Buffer;
  sha256: string;
  userId: string | null;
};

export async function insert(tx: Tx, n: NewPurchaseInvoice): Promise<string> {
  const p = n.parsed;
  const row = await one<{ id: string }>(
    tx,
    sql`insert into purchase_invoices (company_id, source, source_ref, doc_type, type_code, number, issue_date,
          due_date, currency, seller_name, supplier_id, purchase_order_id, order_reference, net_total, vat_total,
          total, payable, status, valid, validation, parsed, xml_sha256, created_by)
        values (${n.companyId}, ${n.source}, ${n.sourceRef}, ${p.doc_type}, ${p.type_code}, ${p.number},
          ${p.issue_date}::date, ${p.due_date}::date, ${p.currency}, ${p.seller.name}, ${n.supplierId},
          ${n.purchaseOrderId}, ${p.order_reference}, ${p.totals.tax_exclusive}::numeric, ${p.totals.vat}::numeric,
          ${p.totals.tax_inclusive}::numeric, ${p.totals.payable}::numeric, ${n.status},
          ${n.status !== 'checking' && n.failures.length === 0},
          ${JSON.stringify({ failures: n.failures })}::jsonb, ${JSON.stringify(p)}::jsonb, ${n.sha256}, ${n.userId})
        returning id`,
  );
  const id = (row as { id: string }).id;
  // Bytes travel as base64 text, the same on PGlite and node-postgres.
  await tx.execute(
    sql`insert into purchase_invoice_files (company_id, invoice_id, data, sha256)
        values (${n.companyId}, ${id}, decode(${n.xml.toString('base64')}, 'base64'), ${n.sha256})`,
  );
  return id;
}

export async function findBySha(tx: Tx, sha256: string) {
  return one<{ id: string; status: PurchaseInvoiceStatus }>(
    tx,
    sql`select id, status from purchase_invoices where xml_sha256 = ${sha256}`,
  );
}

/** The same document number from the same seller (OIB), already received. */
export async function findSameNumber(tx: Tx, sellerOib: string | null, number: string, year: string) {
  if (!sellerOib) return undefined;
  return one<{ id: string; status: PurchaseInvoiceStatus }>(
    tx,
    sql`select id, status from purchase_invoices
        where number = ${number} and parsed -> 'seller' ->> 'oib' = ${sellerOib}
          and extract(year from issue_date) = ${Number(year)}`,
  );
}

export async function get(tx: Tx, id: string, lock = false): Promise<PurchaseInvoiceRow | undefined> {
  return one<PurchaseInvoiceRow>(
    tx,
    lock
      ? sql`select ${COLUMNS} ${FROM} where pi.id = ${id} for update of pi`
      : sql`select ${COLUMNS} ${FROM} where pi.id = ${id}`,
  );
}

export async function getDocument(tx: Tx, id: string) {
  return one<{ parsed: ParsedUbl; validation: { failures: ValidationFailure[] } }>(
    tx,
    sql`select parsed, validation from purchase_invoices where id = ${id}`,
  );
}

/** What the fiscalisation messages of a decision need: status, source, rejection, dates (Zagreb days). */
export function decisionHeader(tx: Tx, id: string) {
  return one<{
    id: string;
    status: string;
    source: string;
    reject_code: 'N' | 'U' | 'O' | null;
    reject_reason: string | null;
    decided_on: string | null;
    received_on: string;
  }>(
    tx,
    sql`select id, status, source, reject_code, reject_reason,
          (decided_at at time zone 'Europe/Zagreb')::date::text as decided_on,
          (created_at at time zone 'Europe/Zagreb')::date::text as received_on
        from purchase_invoices where id = ${id}`,
  );
}

export async function originalXml(tx: Tx, id: string): Promise<Buffer | null> {
  const row = await one<{ data64: string }>(
    tx,
    sql`select encode(data, 'base64') as data64 from purchase_invoice_files where invoice_id = ${id}`,
  );
  return row ? Buffer.from(row.data64, 'base64') : null;
}

export async function list(tx: Tx, q: PurchaseInvoiceListQuery) {
  const where: SQL[] = [sql`true`];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(pi.number ilike ${like} or pi.seller_name ilike ${like} or p.name ilike ${like})`);
  }
  if (q.supplier_id) where.push(sql`pi.supplier_id = ${q.supplier_id}`);
  if (q.status === 'open') where.push(sql`pi.status in ('checking', 'received', 'invalid')`);
  else if (q.status === 'unpaid')
    where.push(sql`pi.status = 'approved' and pi.doc_type = 'invoice' and pi.paid_total < pi.payable`);
  else if (q.status !== 'all') where.push(sql`pi.status = ${q.status}`);
  const cond = sql.join(where, sql` and `);
  const total = await one<{ n: number }>(tx, sql`select count(*)::int as n ${FROM} where ${cond}`);
  const list = await rows<PurchaseInvoiceRow>(
    tx,
    sql`select ${COLUMNS} ${FROM} where ${cond}
        order by pi.issue_date desc, pi.created_at desc
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
  );
  return { rows: list, total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

export async function setMatch(tx: Tx, id: string, supplierId: string | null, orderId: string | null) {
  await tx.execute(
    sql`update purchase_invoices set supplier_id = ${supplierId}, purchase_order_id = ${orderId}, updated_at = now()
        where id = ${id}`,
  );
}

/** The validators' report of an uploaded file, written once when its background check ends. */
export async function finishCheck(tx: Tx, id: string, failures: ValidationFailure[]) {
  await tx.execute(
    sql`update purchase_invoices set status = ${failures.length > 0 ? 'invalid' : 'received'},
          valid = ${failures.length === 0}, validation = ${JSON.stringify({ failures })}::jsonb, updated_at = now()
        where id = ${id} and status = 'checking'`,
  );
}

export async function decide(
  tx: Tx,
  id: string,
  userId: string,
  status: 'approved' | 'rejected',
  reject: { code: string; reason: string } | null,
) {
  await tx.execute(
    sql`update purchase_invoices set status = ${status}, reject_code = ${reject?.code ?? null},
          reject_reason = ${reject?.reason ?? null}, decided_at = now(), decided_by = ${userId}, updated_at = now()
        where id = ${id}`,
  );
}

export type PaymentRow = PurchasePaymentRow;

export async function payments(tx: Tx, invoiceId: string): Promise<PaymentRow[]> {
  return rows<PaymentRow>(
    tx,
    sql`select id, paid_on::text as paid_on, amount::text as amount, note,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from purchase_invoice_payments where invoice_id = ${invoiceId} order by paid_on, created_at`,
  );
}

export async function addPayment(
  tx: Tx,
  companyId: string,
  invoiceId: string,
  p: { paid_on: string; amount: string; note: string | null },
  userId: string,
) {
  await tx.execute(
    sql`insert into purchase_invoice_payments (company_id, invoice_id, paid_on, amount, note, created_by)
        values (${companyId}, ${invoiceId}, ${p.paid_on}::date, ${p.amount}::numeric, ${p.note}, ${userId})`,
  );
  await tx.execute(
    sql`update purchase_invoices set paid_total = paid_total + ${p.amount}::numeric, updated_at = now()
        where id = ${invoiceId}`,
  );
}

/** The order's lines with what its posted receipts received (in the order line's unit) and the item's units. */
export async function orderLinesForMatch(tx: Tx, orderId: string) {
  return rows<{
    id: string;
    line_no: number;
    sku: string;
    item_name: string;
    supplier_sku: string | null;
    quantity: string;
    unit: string;
    unit_price: string;
    units: { unit: string; factor: string }[];
    received: string;
  }>(
    tx,
    sql`select l.id, l.line_no, i.sku, i.name as item_name, si.supplier_sku, l.quantity::text as quantity, l.unit,
          l.unit_price::text as unit_price,
          (select json_agg(json_build_object('unit', u.unit, 'factor', u.factor) order by u.unit)
             from (select i.base_unit as unit, '1' as factor
                   union all select c.unit, trim_scale(c.factor)::text from item_unit_conversions c
                   where c.item_id = i.id) u) as units,
          coalesce((select sum(rl.quantity) from goods_receipt_lines rl join goods_receipts r on r.id = rl.receipt_id
                    where rl.po_line_id = l.id and r.status = 'posted'), 0)::text as received
        from purchase_order_lines l
        join purchase_orders po on po.id = l.order_id
        join items i on i.id = l.item_id
        left join supplier_items si on si.item_id = l.item_id and si.supplier_id = po.supplier_id
        where l.order_id = ${orderId} order by l.line_no`,
  );
}

/**
 * The lines of the order's other invoices and credit notes that count as billed: received or
 * approved (not rejected, not invalid, not still being checked).
 */
export async function otherDocumentsOfOrder(tx: Tx, orderId: string, exceptId: string) {
  return rows<{ doc_type: string; parsed: ParsedUbl }>(
    tx,
    sql`select doc_type, parsed from purchase_invoices
        where purchase_order_id = ${orderId} and id <> ${exceptId} and status in ('received', 'approved')
        order by created_at, id`,
  );
}

export async function orderReceipts(tx: Tx, orderId: string) {
  return rows<{ id: string; number: string; received_on: string }>(
    tx,
    sql`select id, number, received_on::text as received_on from goods_receipts
        where order_id = ${orderId} and status = 'posted' order by received_on, number`,
  );
}

/** Tells the company's open purchase-invoice screens to re-read (db/company-events.ts). */
export async function notify(tx: Tx, companyId: string, ids: readonly string[]) {
  await notifyCompany(tx, companyId, 'purchase_invoices', ids);
}

/** A supplier's invoices for its history list (a credit note with a negative total). */
export async function supplierInvoiceHistory(tx: Tx, supplierId: string, limit: number) {
  return rows<HistoryEntry>(
    tx,
    sql`select 'purchase_invoice' as type, id, number, issue_date::text as date, status,
          (case when doc_type = 'credit_note' then -total else total end)::text as total
        from purchase_invoices where supplier_id = ${supplierId}
        order by issue_date desc, created_at desc limit ${limit}`,
  );
}
