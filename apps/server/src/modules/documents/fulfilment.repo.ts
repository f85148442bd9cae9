import Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { one, rows, uuids } from '../../db/sql.ts';

// What each source line has already given to delivery notes and invoices, read from the line
// chain `document_lines.source_line_id` (work-order line → delivery-note line → invoice line →
// credit-note line). Quantities come back as Decimals keyed by the source line id; a line with
// nothing taken is absent (read as 0).

export type Quantities = Map<string, Decimal>;

export const quantityOf = (m: Quantities, id: string): Decimal => m.get(id) ?? new Decimal(0);

const toMap = (list: { id: string; q: string }[]): Quantities =>
  new Map(list.map((r) => [r.id, new Decimal(r.q)]));

const otherThan = (excludeId: string | null): SQL => (excludeId ? sql`d.id <> ${excludeId}` : sql`true`);

/** Quantities on delivery notes (drafts included, cancelled ones not) per work-order line. */
export async function deliveredQuantities(
  tx: Tx,
  lineIds: readonly string[],
  excludeNoteId: string | null = null,
): Promise<Quantities> {
  if (lineIds.length === 0) return new Map();
  return toMap(
    await rows<{ id: string; q: string }>(
      tx,
      sql`select l.source_line_id as id, sum(l.quantity)::text as q
          from document_lines l join documents d on d.id = l.document_id
          where d.kind = 'delivery_note' and d.status <> 'cancelled' and ${otherThan(excludeNoteId)}
            and l.source_line_id = any(${uuids(lineIds)})
          group by l.source_line_id`,
    ),
  );
}

/**
 * Quantities invoiced per line (a work-order or delivery-note line): invoice lines made from it
 * directly, plus — for a work-order line — invoice lines made from its delivery-note lines; each
 * less what credit notes credited of it. Draft invoices count (they hold what they bill).
 */
export async function invoicedQuantities(
  tx: Tx,
  lineIds: readonly string[],
  excludeInvoiceId: string | null = null,
): Promise<Quantities> {
  if (lineIds.length === 0) return new Map();
  const ids = uuids(lineIds);
  return toMap(
    await rows<{ id: string; q: string }>(
      tx,
      sql`with notes as (
            select n.id, n.source_line_id from document_lines n join documents nd on nd.id = n.document_id
            where nd.kind = 'delivery_note' and nd.status <> 'cancelled' and n.source_line_id = any(${ids})
          ),
          billed as (
            select i.source_line_id, i.quantity - coalesce((
                select sum(c.quantity) from document_lines c join documents cd on cd.id = c.document_id
                where cd.kind = 'credit_note' and c.source_line_id = i.id), 0) as q
            from document_lines i join documents d on d.id = i.document_id
            where d.kind = 'invoice' and ${otherThan(excludeInvoiceId)}
              and (i.source_line_id = any(${ids}) or i.source_line_id in (select id from notes))
          )
          select id, sum(q)::text as q from (
            select b.source_line_id as id, b.q from billed b where b.source_line_id = any(${ids})
            union all
            select n.source_line_id as id, b.q from billed b join notes n on n.id = b.source_line_id
          ) x group by id`,
    ),
  );
}

/** Quantities already credited per invoice line. */
export async function creditedQuantities(tx: Tx, invoiceLineIds: readonly string[]): Promise<Quantities> {
  if (invoiceLineIds.length === 0) return new Map();
  return toMap(
    await rows<{ id: string; q: string }>(
      tx,
      sql`select c.source_line_id as id, sum(c.quantity)::text as q
          from document_lines c join documents d on d.id = c.document_id
          where d.kind = 'credit_note' and c.source_line_id = any(${uuids(invoiceLineIds)})
          group by c.source_line_id`,
    ),
  );
}

export type SourceLine = {
  id: string;
  document_id: string;
  kind: string;
  status: string;
  client_id: string | null;
  number: string | null;
  item_id: string | null;
  quantity: string;
  /** A delivery-note line: the work-order line it delivers. */
  source_line_id: string | null;
};

/** The lines named as sources, with their document's kind, status, client and number. */
export async function sourceLines(tx: Tx, ids: readonly string[]): Promise<Map<string, SourceLine>> {
  if (ids.length === 0) return new Map();
  const list = await rows<SourceLine>(
    tx,
    sql`select l.id, l.document_id, d.kind, d.status, d.client_id, d.number, l.item_id,
          trim_scale(l.quantity)::text as quantity, l.source_line_id
        from document_lines l join documents d on d.id = l.document_id
        where l.id = any(${uuids([...new Set(ids)])})`,
  );
  return new Map(list.map((l) => [l.id, l]));
}

/** Replaces the `invoiced` links of an invoice by links from the documents its lines come from. */
export async function relinkInvoiced(
  tx: Tx,
  companyId: string,
  invoiceId: string,
  fromIds: readonly string[],
) {
  await tx.execute(sql`delete from document_links where to_id = ${invoiceId} and relation = 'invoiced'`);
  for (const id of new Set(fromIds))
    await tx.execute(
      sql`insert into document_links (company_id, from_id, to_id, relation) values (${companyId}, ${id}, ${invoiceId}, 'invoiced')
          on conflict do nothing`,
    );
}

/** The work order a delivery note was made from, if any. */
export async function workOrderOfNote(tx: Tx, noteId: string): Promise<string | null> {
  const row = await one<{ id: string }>(
    tx,
    sql`select from_id as id from document_links where to_id = ${noteId} and relation = 'delivered'`,
  );
  return row?.id ?? null;
}

/** Records the lot of a line (a delivery-note line's picked lot, a produced line's new lot). */
export async function setLineLot(tx: Tx, lineId: string, lotId: string): Promise<void> {
  await tx.execute(sql`update document_lines set lot_id = ${lotId} where id = ${lineId}`);
}

export type BillableSource = { id: string; kind: string; number: string | null; doc_date: string };

/** A client's documents an invoice may bill from: issued or delivered notes, completed work orders. */
export async function billableSources(tx: Tx, clientId: string): Promise<BillableSource[]> {
  return rows<BillableSource>(
    tx,
    sql`select d.id, d.kind, d.number, d.doc_date::text as doc_date from documents d
        where d.client_id = ${clientId}
          and ((d.kind = 'delivery_note' and d.status in ('issued', 'delivered'))
            or (d.kind = 'work_order' and d.status = 'completed'))
        order by d.doc_date, d.number`,
  );
}
