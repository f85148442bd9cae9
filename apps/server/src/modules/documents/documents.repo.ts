import {
  AppError,
  businessDay,
  counterSeries,
  type DocumentKind,
  type DocumentListQuery,
  type DocumentSettings,
  type EdgeType,
  formatDocumentNumber,
  formatInvoiceNumber,
  type InvoiceSeparator,
  listStatusFilter,
  uniqueTexts,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import { allWordsMatch, iso, isoOrNull, one, rows, uuids } from '../../db/sql.ts';
import { decryptField, encryptField } from '../../security/field-crypto.ts';

// Data access of the documents area. Every function takes the caller's transaction (inCompany),
// so a use-case commits or fails as a whole. Dates are read as text (YYYY-MM-DD) to stay clear of
// driver time zones; numeric columns as decimal strings.

// Settings ----------------------------------------------------------------------------------------

const SETTINGS_COLUMNS = sql`quote_prefix, work_order_prefix, delivery_note_prefix, invoice_premises, invoice_device,
  invoice_separator, reference_model, quote_valid_days, place_of_issue, profile_systems`;

export async function getSettings(tx: Tx, companyId: string): Promise<DocumentSettings> {
  await tx.execute(
    sql`insert into document_settings (company_id) values (${companyId}) on conflict do nothing`,
  );
  return (await one<DocumentSettings>(
    tx,
    sql`select ${SETTINGS_COLUMNS} from document_settings`,
  )) as DocumentSettings;
}

export async function putSettings(tx: Tx, companyId: string, s: DocumentSettings): Promise<DocumentSettings> {
  await getSettings(tx, companyId);
  await tx.execute(sql`update document_settings set quote_prefix = ${s.quote_prefix}, work_order_prefix = ${s.work_order_prefix},
    delivery_note_prefix = ${s.delivery_note_prefix}, invoice_premises = ${s.invoice_premises}, invoice_device = ${s.invoice_device},
    invoice_separator = ${s.invoice_separator}, reference_model = ${s.reference_model}, quote_valid_days = ${s.quote_valid_days},
    place_of_issue = ${s.place_of_issue}, updated_at = now()`);
  // Omitted on a PUT: the company's profile systems stay as they are.
  if (s.profile_systems)
    await tx.execute(sql`update document_settings
      set profile_systems = array(select jsonb_array_elements_text(${JSON.stringify(uniqueTexts(s.profile_systems))}::jsonb))`);
  return getSettings(tx, companyId);
}

// Numbering ---------------------------------------------------------------------------------------

/** Today in Croatia (documents are dated and numbered by the local calendar). */
/** The transaction-local setting that backdates `today` (set only by the demo generator). */
export const AS_OF_DATE_SETTING = 'app.as_of_date';

/**
 * Today's date in Zagreb. The demo company (modules/demo) spreads its documents over twelve months
 * by setting `app.as_of_date` for the statements of one document; no request path sets it.
 */
export async function today(tx: Tx): Promise<{ date: string; year: number; time: string }> {
  const row = await one<{ date: string; time: string }>(
    tx,
    sql`select coalesce(nullif(current_setting('app.as_of_date', true), ''),
                 to_char(now() at time zone 'Europe/Zagreb', 'YYYY-MM-DD')) as date,
               to_char(now() at time zone 'Europe/Zagreb', 'HH24:MI:SS') as time`,
  );
  const date = row?.date ?? businessDay();
  return { date, year: Number(date.slice(0, 4)), time: row?.time ?? '00:00:00' };
}

/**
 * Takes the next number of a series inside the caller's transaction. The counter row is created if
 * missing, then locked FOR UPDATE: a concurrent transaction waits here until this one commits or
 * rolls back, so numbers are handed out in commit order, gapless and never twice.
 */
export async function allocateSeq(tx: Tx, companyId: string, series: string, year: number): Promise<number> {
  await tx.execute(
    sql`insert into document_counters (company_id, series, year) values (${companyId}, ${series}, ${year})
        on conflict do nothing`,
  );
  const locked = await one<{ last_seq: number }>(
    tx,
    sql`select last_seq from document_counters where series = ${series} and year = ${year} for update`,
  );
  const next = (locked?.last_seq ?? 0) + 1;
  await tx.execute(
    sql`update document_counters set last_seq = ${next} where series = ${series} and year = ${year}`,
  );
  return next;
}

export async function allocateNumber(
  tx: Tx,
  companyId: string,
  kind: DocumentKind,
  settings: DocumentSettings,
  year: number,
): Promise<{ number: string; seq: number; year: number }> {
  if (kind === 'invoice' || kind === 'credit_note') {
    const invoice = { premises: settings.invoice_premises, device: settings.invoice_device };
    const seq = await allocateSeq(tx, companyId, counterSeries('invoice', invoice), year);
    return {
      number: formatInvoiceNumber({ seq, ...invoice }, settings.invoice_separator as InvoiceSeparator),
      seq,
      year,
    };
  }
  const prefix =
    kind === 'quote'
      ? settings.quote_prefix
      : kind === 'work_order'
        ? settings.work_order_prefix
        : settings.delivery_note_prefix;
  const seq = await allocateSeq(tx, companyId, counterSeries(kind), year);
  return { number: formatDocumentNumber(prefix, year, seq), seq, year };
}

// Documents ---------------------------------------------------------------------------------------

export type DocumentRow = {
  id: string;
  kind: DocumentKind;
  number: string | null;
  seq: number | null;
  year: number | null;
  status: string;
  client_id: string | null;
  client_name: string | null;
  doc_date: string;
  valid_until: string | null;
  due_date: string | null;
  delivery_date: string | null;
  issued_at: string | null;
  delivery_address: string | null;
  note: string | null;
  /** Quotes and work orders: a rush order (the rush surcharge % on rule-priced lines). */
  rush: boolean;
  source_location_id: string | null;
  output_location_id: string | null;
  reference_model: string | null;
  payment_reference: string | null;
  place_of_issue: string | null;
  original_invoice_id: string | null;
  seller: Record<string, unknown> | null;
  buyer: Record<string, unknown> | null;
  stock_document_id: string | null;
  reversal_document_id: string | null;
  output_lot_id: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  paid_total: string;
  credited_total: string;
  /** An advance invoice (0041): the quote or work order it is an advance for. */
  advance_for_id: string | null;
  /** A final invoice: the advances it deducted (with VAT), fixed at issue. */
  advance_total: string;
  planned_material_cost: string | null;
  planned_labour_cost: string | null;
  actual_material_cost: string | null;
  actual_labour_cost: string | null;
  created_at: string;
  updated_at: string;
};

const DOC_COLUMNS = sql`d.id, d.kind, d.number, d.seq, d.year, d.status, d.client_id, p.name as client_name,
  d.doc_date::text as doc_date, d.valid_until::text as valid_until, d.due_date::text as due_date,
  d.delivery_date::text as delivery_date, d.issued_at, d.delivery_address, d.note, d.rush, d.source_location_id,
  d.output_location_id, d.reference_model, d.payment_reference, d.place_of_issue, d.original_invoice_id, d.seller, d.buyer,
  d.seller_oib, d.seller_iban, d.buyer_oib, d.buyer_iban, d.seller_operator_oib, d.buyer_operator_oib,
  d.stock_document_id, d.reversal_document_id, d.output_lot_id, d.net_total::text as net_total, d.vat_total::text as vat_total,
  d.total::text as total, d.paid_total::text as paid_total, d.credited_total::text as credited_total,
  d.advance_for_id, (select coalesce(sum(a.total), 0) from advance_deductions a where a.invoice_id = d.id)::text as advance_total,
  d.planned_material_cost::text as planned_material_cost, d.planned_labour_cost::text as planned_labour_cost,
  d.actual_material_cost::text as actual_material_cost, d.actual_labour_cost::text as actual_labour_cost,
  d.created_at, d.updated_at`;

// Invoice snapshots keep the seller's and buyer's OIB and IBAN in their own encrypted columns
// (migration 0015; context "documents.<column>", listed in security/encrypted-columns.ts for key
// rotation). Reads put the plain values back into the snapshot objects, so callers (detail, PDF,
// UBL, HUB-3) see one shape; every read goes through a tenant transaction, i.e. an authorised one.
const SECRET_FIELDS = ['oib', 'iban', 'operator_oib'] as const;
type Party = 'seller' | 'buyer';
type SecretColumn = `${Party}_${(typeof SECRET_FIELDS)[number]}`;

/** The snapshot objects without secrets plus the sealed secret columns, ready for updateHeader. */
export function sealSnapshots(snapshots: Record<Party, Record<string, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const party of ['seller', 'buyer'] as const) {
    const rest = { ...snapshots[party] };
    for (const field of SECRET_FIELDS) {
      const column: SecretColumn = `${party}_${field}`;
      const plain = rest[field];
      delete rest[field];
      out[column] = encryptField(
        typeof plain === 'string' && plain !== '' ? plain : null,
        `documents.${column}`,
      );
    }
    out[party] = rest;
  }
  return out;
}

function openSnapshot(r: Record<string, unknown>, party: Party): Record<string, unknown> | null {
  const snapshot = r[party] as Record<string, unknown> | null;
  const opened: Record<string, unknown> = {};
  for (const field of SECRET_FIELDS) {
    const column: SecretColumn = `${party}_${field}`;
    const stored = (r[column] as string | null) ?? null;
    delete r[column];
    if (stored !== null) opened[field] = decryptField(stored, `documents.${column}`);
  }
  // Snapshots written before migration 0015 moved the values out are read as they are.
  return snapshot ? { ...snapshot, ...opened } : null;
}

const mapDoc = (r: DocumentRow): DocumentRow => {
  const raw = { ...r } as Record<string, unknown>;
  const seller = openSnapshot(raw, 'seller');
  const buyer = openSnapshot(raw, 'buyer');
  return {
    ...(raw as DocumentRow),
    seller,
    buyer,
    issued_at: isoOrNull(r.issued_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
};

export async function getDocument(tx: Tx, id: string, lock = false): Promise<DocumentRow | null> {
  const row = await one<DocumentRow>(
    tx,
    lock
      ? sql`select ${DOC_COLUMNS} from documents d left join partners p on p.id = d.client_id where d.id = ${id} for update of d`
      : sql`select ${DOC_COLUMNS} from documents d left join partners p on p.id = d.client_id where d.id = ${id}`,
  );
  return row ? mapDoc(row) : null;
}

export async function requireDocument(tx: Tx, id: string, kinds: readonly DocumentKind[], lock = false) {
  const doc = await getDocument(tx, id, lock);
  if (!doc || !kinds.includes(doc.kind)) throw new AppError('NOT_FOUND', 'Dokument nije pronađen');
  return doc;
}

export type NewDocument = {
  kind: DocumentKind;
  number: string | null;
  seq: number | null;
  year: number | null;
  status?: string;
  client_id: string | null;
  doc_date: string;
  valid_until?: string | null;
  due_date?: string | null;
  delivery_date?: string | null;
  delivery_address?: string | null;
  note?: string | null;
  source_location_id?: string | null;
  output_location_id?: string | null;
  original_invoice_id?: string | null;
  advance_for_id?: string | null;
  rush?: boolean;
  /** The lines' totals, when the lines are known before the header is written (0 otherwise). */
  net_total?: string;
  vat_total?: string;
  total?: string;
};

export async function insertDocument(
  tx: Tx,
  companyId: string,
  userId: string,
  d: NewDocument,
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into documents (company_id, kind, number, seq, year, status, client_id, doc_date, valid_until, due_date,
          delivery_date, delivery_address, note, source_location_id, output_location_id, original_invoice_id, advance_for_id,
          rush, net_total, vat_total, total, created_by)
        values (${companyId}, ${d.kind}, ${d.number}, ${d.seq}, ${d.year}, ${d.status ?? 'draft'}, ${d.client_id}, ${d.doc_date},
          ${d.valid_until ?? null}, ${d.due_date ?? null}, ${d.delivery_date ?? null}, ${d.delivery_address ?? null},
          ${d.note ?? null}, ${d.source_location_id ?? null}, ${d.output_location_id ?? null}, ${d.original_invoice_id ?? null},
          ${d.advance_for_id ?? null}, ${d.rush ?? false}, ${d.net_total ?? '0'}, ${d.vat_total ?? '0'}, ${d.total ?? '0'},
          ${userId})
        returning id`,
  );
  return row?.id as string;
}

export async function updateHeader(tx: Tx, id: string, fields: Record<string, unknown>): Promise<void> {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return;
  const sets = entries.map(([k, v]) => {
    if (!/^[a-z_]+$/.test(k)) throw new Error(`bad column ${k}`);
    const value = v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
    return sql`${sql.identifier(k)} = ${value}`;
  });
  await tx.execute(sql`update documents set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}

// Lines -------------------------------------------------------------------------------------------

export type LineRow = {
  id: string;
  position: number;
  item_id: string | null;
  sku: string | null;
  item_name: string | null;
  item_kind: string | null;
  lot_tracked: boolean | null;
  description: string;
  quantity: string;
  unit: string;
  width_mm: string | null;
  height_mm: string | null;
  unit_price: string;
  discount_pct: string;
  vat_rate: string;
  net_amount: string;
  kpd_code: string | null;
  lot_id: string | null;
  lot_number: string | null;
  source_line_id: string | null;
  billed_measure: string | null;
  billed_unit: string | null;
  shaped: boolean;
  hole_count: number;
  hole_diameter_mm: string | null;
  hole_edge_mm: string | null;
  cutout_count: number;
  edge_type: EdgeType;
  coating_removal: boolean;
  /** The item's thickness (mm), for the hole warnings. */
  item_thickness_mm: string | null;
  profile_system: string | null;
  glass_makeup: string | null;
  colour: string | null;
  hardware_set: string | null;
  price_basis: string | null;
  glass_kind: string | null;
  item_sales_price: string | null;
  item_min_charge: string | null;
};

/** The item each of these lots belongs to (lots of other companies are not visible). */
export async function lotItems(tx: Tx, lotIds: readonly string[]): Promise<Map<string, string>> {
  if (lotIds.length === 0) return new Map();
  const found = await rows<{ id: string; item_id: string }>(
    tx,
    sql`select id, item_id from lots where id = any(${uuids([...new Set(lotIds)])})`,
  );
  return new Map(found.map((l) => [l.id, l.item_id]));
}

export async function getLines(tx: Tx, documentId: string): Promise<LineRow[]> {
  return rows<LineRow>(
    tx,
    sql`select l.id, l.position, l.item_id, i.sku, i.name as item_name, i.kind as item_kind, i.lot_tracked, l.description,
          trim_scale(l.quantity)::text as quantity, l.unit, trim_scale(l.width_mm)::text as width_mm,
          trim_scale(l.height_mm)::text as height_mm, trim_scale(l.unit_price)::text as unit_price,
          trim_scale(l.discount_pct)::text as discount_pct, trim_scale(l.vat_rate)::text as vat_rate,
          l.net_amount::text as net_amount, l.kpd_code, l.lot_id, lt.lot_number, l.source_line_id,
          trim_scale(l.billed_measure)::text as billed_measure, l.billed_unit, l.shaped, i.price_basis, i.glass_kind,
          l.profile_system, l.glass_makeup, l.colour, l.hardware_set,
          l.hole_count, trim_scale(l.hole_diameter_mm)::text as hole_diameter_mm,
          trim_scale(l.hole_edge_mm)::text as hole_edge_mm, l.cutout_count, l.edge_type, l.coating_removal,
          trim_scale(i.thickness_mm)::text as item_thickness_mm,
          trim_scale(i.sales_price)::text as item_sales_price, trim_scale(i.min_charge)::text as item_min_charge
        from document_lines l left join items i on i.id = l.item_id left join lots lt on lt.id = l.lot_id
        where l.document_id = ${documentId} order by l.position`,
  );
}

export type LineWrite = {
  item_id: string | null;
  description: string;
  quantity: string;
  unit: string;
  width_mm: string | null;
  height_mm: string | null;
  unit_price: string;
  discount_pct: string;
  vat_rate: string;
  net_amount: string;
  kpd_code: string | null;
  lot_id: string | null;
  source_line_id?: string | null;
  /** Measure pricing: billed m² or m of one piece when the rule set the price. */
  billed_measure?: string | null;
  billed_unit?: string | null;
  /** A shaped pane (circumscribing rectangle W × H). */
  shaped?: boolean;
  /** Glass work per pane (0028): holes, their diameter and least edge distance, cut-outs. */
  hole_count?: number;
  hole_diameter_mm?: string | null;
  hole_edge_mm?: string | null;
  cutout_count?: number;
  edge_type?: EdgeType;
  coating_removal?: boolean;
  /** Window/door lines (0030): profile system, glass make-up, colour, hardware set. */
  profile_system?: string | null;
  glass_makeup?: string | null;
  colour?: string | null;
  hardware_set?: string | null;
};

/** Replaces a draft's lines (positions 1..n) and returns their ids in order. */
export async function replaceLines(
  tx: Tx,
  companyId: string,
  documentId: string,
  lines: LineWrite[],
): Promise<string[]> {
  await tx.execute(sql`delete from document_lines where document_id = ${documentId}`);
  const ids: string[] = [];
  for (const [i, l] of lines.entries()) {
    const row = await one<{ id: string }>(
      tx,
      sql`insert into document_lines (company_id, document_id, position, item_id, description, quantity, unit, width_mm,
            height_mm, unit_price, discount_pct, vat_rate, net_amount, kpd_code, lot_id, source_line_id, billed_measure,
            billed_unit, shaped, profile_system, glass_makeup, colour, hardware_set, hole_count, hole_diameter_mm,
            hole_edge_mm, cutout_count, edge_type, coating_removal)
          values (${companyId}, ${documentId}, ${i + 1}, ${l.item_id}, ${l.description}, ${l.quantity}, ${l.unit}, ${l.width_mm},
            ${l.height_mm}, ${l.unit_price}, ${l.discount_pct}, ${l.vat_rate}, ${l.net_amount}, ${l.kpd_code}, ${l.lot_id},
            ${l.source_line_id ?? null}, ${l.billed_measure ?? null}, ${l.billed_unit ?? null},
            ${l.shaped ?? false}, ${l.profile_system ?? null}, ${l.glass_makeup ?? null}, ${l.colour ?? null},
            ${l.hardware_set ?? null}, ${l.hole_count ?? 0}, ${l.hole_diameter_mm ?? null}, ${l.hole_edge_mm ?? null},
            ${l.cutout_count ?? 0}, ${l.edge_type ?? 'rezano'}, ${l.coating_removal ?? false})
          returning id`,
    );
    ids.push(row?.id as string);
  }
  return ids;
}

// Lists -------------------------------------------------------------------------------------------

const SORTS: Record<DocumentListQuery['sort'], SQL> = {
  number: sql`d.year asc nulls first, d.seq asc nulls first, d.created_at asc`,
  '-number': sql`d.year desc nulls first, d.seq desc nulls first, d.created_at desc`,
  doc_date: sql`d.doc_date asc, d.seq asc`,
  '-doc_date': sql`d.doc_date desc, d.seq desc`,
  total: sql`d.total asc, d.seq asc`,
  '-total': sql`d.total desc, d.seq desc`,
  client: sql`lower(p.name) asc nulls last, d.seq asc`,
  '-client': sql`lower(p.name) desc nulls last, d.seq desc`,
};

export async function listDocuments(
  tx: Tx,
  kinds: readonly DocumentKind[],
  q: DocumentListQuery,
  today: string,
): Promise<{ items: DocumentRow[]; total: number }> {
  const where: SQL[] = [sql`d.kind = any(${`{${kinds.join(',')}}`}::text[])`];
  if (q.q) {
    // Each word must match the number, the client or the note, in any order.
    where.push(
      allWordsMatch(
        q.q,
        (w) =>
          sql`d.number ilike ${w.like} or p.name ilike ${w.like} or d.note ilike ${w.like} or ${w.key === null ? sql`false` : sql`p.name_key like ${w.key}`}`,
      ),
    );
  }
  if (q.status) {
    const statuses = listStatusFilter(kinds, q.status);
    // The filter matches the status the list shows (shownStatus): a sent quote past its
    // valid-until date is "expired" (expiry is automatic), so it is found by "expired", not "sent".
    where.push(
      sql`(case when d.kind = 'quote' and d.status = 'sent' and d.valid_until < ${today}::date then 'expired'
        else d.status end) = any(${`{${statuses.join(',')}}`}::text[])`,
    );
  }
  if (q.client_id) where.push(sql`d.client_id = ${q.client_id}`);
  if (q.from) where.push(sql`d.doc_date >= ${q.from}::date`);
  if (q.to) where.push(sql`d.doc_date <= ${q.to}::date`);
  if (q.payment_status) {
    const owed = sql`(d.total - d.credited_total - d.paid_total)`;
    const cond = {
      paid: sql`d.status = 'issued' and ${owed} = 0`,
      refund_due: sql`d.status = 'issued' and ${owed} < 0`,
      overdue: sql`d.status = 'issued' and ${owed} > 0 and d.due_date < ${today}::date`,
      partially_paid: sql`d.status = 'issued' and ${owed} > 0 and d.paid_total > 0 and (d.due_date is null or d.due_date >= ${today}::date)`,
      unpaid: sql`d.status = 'issued' and ${owed} > 0 and d.paid_total = 0 and (d.due_date is null or d.due_date >= ${today}::date)`,
    }[q.payment_status];
    where.push(cond);
  }
  const filter = sql.join(where, sql` and `);
  const total = await one<{ n: number }>(
    tx,
    sql`select count(*)::int as n from documents d left join partners p on p.id = d.client_id where ${filter}`,
  );
  const items = await rows<DocumentRow>(
    tx,
    sql`select ${DOC_COLUMNS} from documents d left join partners p on p.id = d.client_id where ${filter}
        order by ${SORTS[q.sort]} limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
  );
  return { items: items.map(mapDoc), total: total?.n ?? 0 };
}

// Links and history -------------------------------------------------------------------------------

export async function link(
  tx: Tx,
  companyId: string,
  fromId: string,
  toId: string,
  relation: string,
): Promise<void> {
  await tx.execute(
    sql`insert into document_links (company_id, from_id, to_id, relation) values (${companyId}, ${fromId}, ${toId}, ${relation})
        on conflict do nothing`,
  );
}

/** Whether an invoice bills this delivery note or work order (a link `invoiced` to an invoice). */
/** How many of these ids are documents of the company (row-level security hides the others). */
export async function countExisting(tx: Tx, ids: readonly string[]): Promise<number> {
  const found = await rows<{ id: string }>(tx, sql`select id from documents where id = any(${uuids(ids)})`);
  return found.length;
}

export type LinkRow = {
  id: string;
  kind: DocumentKind;
  number: string | null;
  status: string;
  relation: string;
  direction: 'from' | 'to';
};

/** Documents linked to this one, both ways (quote ↔ work order ↔ delivery notes ↔ invoices). */
export async function links(tx: Tx, id: string): Promise<LinkRow[]> {
  return rows<LinkRow>(
    tx,
    sql`select d.id, d.kind, d.number, d.status, k.relation, 'from' as direction
          from document_links k join documents d on d.id = k.from_id where k.to_id = ${id}
        union all
        select d.id, d.kind, d.number, d.status, k.relation, 'to' as direction
          from document_links k join documents d on d.id = k.to_id where k.from_id = ${id}
        order by 2, 3`,
  );
}

export type HistoryRow = {
  seq: number;
  table_name: string;
  action: string;
  changes: Record<string, { old?: unknown; new?: unknown }>;
  actor_id: string | null;
  actor_name: string | null;
  at: string;
};

/** The audit trail of the document, its lines and its work-order rows, oldest first. */
export async function history(tx: Tx, id: string): Promise<HistoryRow[]> {
  const list = await rows<HistoryRow>(
    tx,
    sql`select a.seq::int as seq, a.table_name, a.action, a.changes, a.actor_id, u.name as actor_name, a.at
        from audit_trail a left join team_members() u on u.user_id = a.actor_id
        where (a.table_name = 'documents' and a.row_id = ${id}::text)
           or (a.table_name in ('document_lines', 'work_order_materials', 'work_order_operations', 'invoice_payments',
                                'work_order_versions')
               and a.changes -> 'document_id' ->> 'new' = ${id}::text)
           or (a.table_name in ('document_lines', 'work_order_materials', 'work_order_operations')
               and a.changes -> 'document_id' ->> 'old' = ${id}::text)
        order by a.seq`,
  );
  return list.map((r) => ({ ...r, at: iso(r.at) }));
}

/** Tells the company's open document screens that these documents changed (ids only). */
export function notifyDocuments(tx: Tx, companyId: string, ids: readonly string[]): Promise<void> {
  return notifyCompany(tx, companyId, 'documents', ids);
}

/** Locks documents in id order, so two writers of the same documents queue instead of deadlocking. */
export async function lockDocuments(tx: Tx, ids: readonly string[]): Promise<void> {
  await tx.execute(sql`select id from documents where id = any(${uuids(ids)}) order by id for update`);
}
