import type { ExportColumnType, ExportSection } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/database.ts';

/**
 * The export's sections as statements (docs/export.md): each section's columns beside the query
 * that reads them (in the same order, as text), the text output settings and the server-side
 * cursor the rows are fetched through. Row-level security limits every read to the company.
 */

export type SectionColumn = {
  /** Header in the file: the API's field name, so a CSV can go back through the importers. */
  name: string;
  type: ExportColumnType;
  /** OIB, IBAN and the like: plain text only for roles allowed to read them. */
  sensitive?: true;
  /** Stored encrypted (security/encrypted-columns.ts): decrypted with this context. */
  encrypted?: string;
};
export type SectionDef = { columns: SectionColumn[]; query: ReturnType<typeof sql> };
export type SectionData = { columns: SectionColumn[]; rows: (string | null)[][] };

const col = (name: string, type: ExportColumnType = 'text', extra: Partial<SectionColumn> = {}) => ({
  name,
  type,
  ...extra,
});
const address = (c: string) =>
  sql.raw(
    `nullif(concat_ws(', ', ${c}->>'street', nullif(concat_ws(' ', ${c}->>'postal_code', ${c}->>'city'), ''), ${c}->>'country'), '')`,
  );

function partnerSection(role: 'client' | 'supplier'): SectionDef {
  return {
    columns: [
      col('name'),
      col('kind'),
      col('oib', 'text', { sensitive: true, encrypted: 'partners.oib' }),
      col('vat_id', 'text', { sensitive: true }),
      col('email'),
      col('phone'),
      // The billing address in the importers' four columns, so the file imports back whole.
      col('street'),
      col('postal_code'),
      col('city'),
      col('country'),
      col('delivery_address'),
      col('payment_terms_days', 'integer'),
      col('default_discount', 'number'),
      col('lead_time_days', 'integer'),
      col('notes'),
      col('active', 'boolean'),
      col('created_at', 'datetime'),
    ],
    query: sql`select name, kind, oib, vat_id, email, phone, billing_address->>'street',
      billing_address->>'postal_code', billing_address->>'city', billing_address->>'country',
      ${address('delivery_address')}, payment_terms_days::text, default_discount::text, lead_time_days::text,
      notes, active::text, created_at::text
      from partners where role = ${role} order by name collate hr_sort, id`,
  };
}

function documentSection(kinds: string[], extra: SectionColumn[], extraSql: string): SectionDef {
  return {
    columns: [
      col('kind'),
      col('number'),
      col('status'),
      col('doc_date', 'date'),
      col('client'),
      ...extra,
      col('net_total', 'number'),
      col('vat_total', 'number'),
      col('total', 'number'),
      col('created_at', 'datetime'),
    ],
    query: sql`select d.kind, d.number, d.status, d.doc_date::text, p.name, ${sql.raw(extraSql)}
      d.net_total::text, d.vat_total::text, d.total::text, d.created_at::text
      from documents d left join partners p on p.id = d.client_id
      where d.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      order by d.doc_date, d.year nulls last, d.seq nulls last, d.created_at, d.id`,
  };
}

export const SECTIONS: Record<ExportSection, SectionDef> = {
  items: {
    columns: [
      col('sku'),
      col('name'),
      col('kind'),
      col('base_unit'),
      col('length_mm', 'number'),
      col('width_mm', 'number'),
      col('thickness_mm', 'number'),
      col('lot_tracked', 'boolean'),
      col('grain', 'boolean'),
      col('reorder_point', 'number'),
      col('reorder_qty', 'number'),
      col('default_supplier'),
      col('purchase_price', 'number'),
      col('sales_price', 'number'),
      col('price_basis'),
      col('glass_kind'),
      col('min_charge', 'number'),
      col('vat_rate', 'number'),
      col('kpd_code'),
      col('on_hand', 'number'),
      col('avg_cost', 'number'),
      col('active', 'boolean'),
      col('created_at', 'datetime'),
    ],
    query: sql`select i.sku, i.name, i.kind, i.base_unit, i.length_mm::text, i.width_mm::text,
      i.thickness_mm::text, i.lot_tracked::text, i.grain::text, i.reorder_point::text, i.reorder_qty::text, s.name,
      i.purchase_price::text, i.sales_price::text, i.price_basis, i.glass_kind, i.min_charge::text,
      i.vat_rate::text, i.kpd_code, st.on_hand::text,
      st.avg_cost::text, i.active::text, i.created_at::text
      from items i left join partners s on s.id = i.default_supplier_id
      left join item_stock st on st.item_id = i.id
      order by i.sku`,
  },
  stock_balances: {
    columns: [
      col('sku'),
      col('item_name'),
      col('location_code'),
      col('location_name'),
      col('lot_number'),
      col('quantity', 'number'),
      col('base_unit'),
      col('updated_at', 'datetime'),
    ],
    query: sql`select i.sku, i.name, l.code, l.name, lot.lot_number, b.quantity::text, i.base_unit,
      b.updated_at::text
      from stock_balances b join items i on i.id = b.item_id join locations l on l.id = b.location_id
      left join lots lot on lot.id = b.lot_id
      where b.quantity <> 0
      order by i.sku, l.code, lot.lot_number nulls first`,
  },
  movements: {
    columns: [
      col('created_at', 'datetime'),
      col('document_type'),
      col('reference'),
      col('line_no', 'integer'),
      col('type'),
      col('sku'),
      col('item_name'),
      col('location_code'),
      col('lot_number'),
      col('quantity', 'number'),
      col('unit_cost', 'number'),
      col('source_type'),
      col('document_date', 'date'),
      col('reason'),
    ],
    query: sql`select m.created_at::text, d.type, d.reference, m.line_no::text, m.type, i.sku, i.name, l.code,
      lot.lot_number, m.quantity::text, m.unit_cost::text, m.source_type,
      coalesce(d.document_date, (d.created_at at time zone 'Europe/Zagreb')::date)::text, d.reason
      from stock_movements m join stock_documents d on d.id = m.document_id
      join items i on i.id = m.item_id join locations l on l.id = m.location_id
      left join lots lot on lot.id = m.lot_id
      order by m.created_at, d.id, m.line_no, m.id`,
  },
  locations: {
    columns: [col('code'), col('name'), col('type'), col('parent_code'), col('active', 'boolean')],
    query: sql`select l.code, l.name, l.type, p.code, l.active::text
      from locations l left join locations p on p.id = l.parent_id order by l.code`,
  },
  processes: {
    columns: [
      col('code'),
      col('name'),
      col('work_centre'),
      col('cost_per_hour', 'number'),
      col('setup_minutes', 'number'),
      col('minutes_per_unit', 'number'),
      col('daily_capacity_hours', 'number'),
      col('quality_check_required', 'boolean'),
      col('active', 'boolean'),
      col('category'),
    ],
    query: sql`select code, name, work_centre, cost_per_hour::text, setup_minutes::text, minutes_per_unit::text,
      daily_capacity_hours::text, quality_check_required::text, active::text, category from processes order by code collate hr_sort, id`,
  },
  bom_lines: {
    columns: [
      col('product_sku'),
      col('product_name'),
      col('bom_version', 'integer'),
      col('bom_status'),
      col('position', 'integer'),
      col('component_sku'),
      col('component_name'),
      col('quantity', 'number'),
      col('formula'),
      col('unit'),
      col('scrap_pct', 'number'),
      col('cut_count'),
      col('cut_length'),
      col('cut_width'),
      col('cut_height'),
    ],
    query: sql`select p.sku, p.name, b.version::text, b.status, l.position::text, c.sku, c.name,
      l.quantity::text, l.formula, l.unit, l.scrap_pct::text, l.cut_count, l.cut_length, l.cut_width,
      l.cut_height
      from bom_lines l join boms b on b.id = l.bom_id join items p on p.id = b.product_id
      join items c on c.id = l.component_id
      order by p.sku collate hr_sort, b.version, l.position`,
  },
  clients: partnerSection('client'),
  suppliers: partnerSection('supplier'),
  purchase_orders: {
    columns: [
      col('number'),
      col('status'),
      col('supplier'),
      col('ordered_on', 'date'),
      col('expected_on', 'date'),
      col('net_total', 'number'),
      col('vat_total', 'number'),
      col('total', 'number'),
      col('source'),
      col('created_at', 'datetime'),
    ],
    query: sql`select o.number, o.status, p.name, o.ordered_on::text, o.expected_on::text, o.net_total::text,
      o.vat_total::text, o.total::text, o.source, o.created_at::text
      from purchase_orders o join partners p on p.id = o.supplier_id
      order by o.created_at, o.id`,
  },
  quotes: documentSection(['quote'], [col('valid_until', 'date')], 'd.valid_until::text,'),
  work_orders: documentSection(['work_order'], [col('delivery_date', 'date')], 'd.delivery_date::text,'),
  delivery_notes: documentSection(
    ['delivery_note'],
    [col('delivery_date', 'date'), col('delivery_address')],
    'd.delivery_date::text, d.delivery_address,',
  ),
  invoices: documentSection(
    ['invoice', 'credit_note'],
    [col('due_date', 'date'), col('payment_reference'), col('paid_total', 'number')],
    'd.due_date::text, d.payment_reference, d.paid_total::text,',
  ),
  cutting_jobs: {
    columns: [
      col('number', 'integer'),
      col('name'),
      col('kind'),
      col('status'),
      col('source_type'),
      col('stock_count', 'integer'),
      col('lower_bound', 'integer'),
      col('waste_percent', 'number'),
      col('planned_at', 'datetime'),
      col('confirmed_at', 'datetime'),
      col('completed_at', 'datetime'),
      col('created_at', 'datetime'),
    ],
    query: sql`select number::text, name, kind, status, source_type, stock_count::text, lower_bound::text,
      waste_percent::text, planned_at::text, confirmed_at::text, completed_at::text, created_at::text
      from cutting_jobs order by number`,
  },
};

/** Text output that does not depend on the server's settings, and cursors planned for every row. */
export async function setSectionTextOutput(tx: Tx): Promise<void> {
  // cursor_tuple_fraction = 1: every row of the cursor is read, so plan for all of them. The
  // default (0.1) asks for a fast-start plan, which on tables without statistics (PGlite has no
  // autovacuum) nested-loops over a rescanned join: quadratic, 158 s instead of 7.6 s for 20 000
  // items.
  await tx.execute(
    sql`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true),
      set_config('cursor_tuple_fraction', '1', true)`,
  );
}

/** How many rows a section has (the denominator of the progress bar). */
export async function countSection(tx: Tx, section: ExportSection): Promise<number> {
  const rows = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select count(*)::int as n from (${SECTIONS[section].query}) as q`),
  );
  return Number(rows[0]?.n ?? 0);
}

let cursorSeq = 0;

/**
 * Opens a no-scroll cursor over the section's query in the caller's transaction, its columns
 * renamed `c0`, `c1`, ... by position (several columns share a name: two "name"s from a join).
 * Returns the cursor's name for `fetchSectionRows` and `closeSectionCursor`.
 */
export async function openSectionCursor(tx: Tx, section: ExportSection): Promise<string> {
  const def = SECTIONS[section];
  const aliases = def.columns.map((_, i) => `c${i}`).join(', ');
  const cursor = `export_section_${++cursorSeq}`;
  await tx.execute(
    sql`${sql.raw(`declare ${cursor} no scroll cursor for`)} select * from (${def.query}) ${sql.raw(`as q(${aliases})`)}`,
  );
  return cursor;
}

/** The cursor's next rows, at most `size` (fewer only at the end). */
export async function fetchSectionRows(
  tx: Tx,
  cursor: string,
  size: number,
): Promise<Record<string, unknown>[]> {
  return rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`fetch forward ${size} from ${cursor}`)));
}

/** Closes the cursor; a transaction already failed or ended closed it anyway. */
export async function closeSectionCursor(tx: Tx, cursor: string): Promise<void> {
  await tx.execute(sql.raw(`close ${cursor}`)).catch(() => {});
}
