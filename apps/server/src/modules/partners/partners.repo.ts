import {
  type Contact,
  NAME_SIMILARITY_THRESHOLD,
  type Partner,
  type PartnerDuplicate,
  type PartnerInput,
  type PartnerListQuery,
  type PartnerRole,
  partnerNameKey,
  type SupplierItem,
  type SupplierItemInput,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { allWordsMatch, iso, normDecimal, one, rows } from '../../db/sql.ts';

import { oibIndex, openOib, sealOib } from './partner-oib.ts';

// The OIB helpers live in partner-oib.ts; these names stay for the documents files that import
// them from here (issue 20: they move when those files do).
export { oibIndex, openOib, PARTNER_OIB_CONTEXT, sealOib } from './partner-oib.ts';

/**
 * Rows matching an OIB exactly: through the blind index, or (for rows written before encryption,
 * until the start-up pass has sealed them) the plain value; a ciphertext never equals an OIB.
 */
const sameOib = (oib: string | null, alias = '') => {
  const col = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`(${oib}::text is not null and (${col('oib_bidx')} = ${oibIndex(oib)} or ${col('oib')} = ${oib}))`;
};

const COLUMNS = sql`p.id, p.role, p.kind, p.name, p.oib, p.vat_id, p.einvoice_address, p.billing_address, p.delivery_address, p.email,
  p.phone, p.payment_terms_days, p.default_discount::text as default_discount, p.notes, p.active, p.lead_time_days,
  p.created_at, p.updated_at`;

export type PartnerRow = Partner;

const mapRow = (r: PartnerRow): PartnerRow => ({
  ...r,
  oib: openOib(r.oib),
  default_discount: normDecimal(r.default_discount),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const SORT_SQL: Record<PartnerListQuery['sort'], SQL> = {
  // hr_sort (migration 0056): the Croatian alphabet, case-insensitive (Č after C, Ž after Z).
  name: sql`p.name collate hr_sort`,
  // Encrypted: no order by value is possible; partners with an OIB come first, then by name.
  oib: sql`(p.oib is null), p.name collate hr_sort`,
  city: sql`(p.billing_address->>'city') collate hr_sort`,
  created_at: sql`p.created_at`,
  payment_terms_days: sql`p.payment_terms_days`,
};

function listWhere(role: PartnerRole, q: PartnerListQuery): SQL {
  const parts: SQL[] = [sql`p.role = ${role}`];
  if (q.active !== 'all') parts.push(sql`p.active = ${q.active === 'active'}`);
  if (q.kind !== 'all') parts.push(sql`p.kind = ${q.kind}`);
  if (q.city) parts.push(sql`lower(p.billing_address->>'city') = lower(${q.city})`);
  if (q.q) {
    // The OIB is encrypted: only a complete OIB is found (exactly, through the blind index).
    const oib = /^\d{11}$/.test(q.q.trim()) ? q.q.trim() : null;
    // Each word of the query must match one of the fields, in any order ("staklo horvat").
    const words = allWordsMatch(
      q.q,
      (w) => sql`${w.key === null ? sql`false` : sql`p.name_key like ${w.key}`}
        or ${w.keyDj === null ? sql`false` : sql`p.name_key like ${w.keyDj}`} or p.name ilike ${w.like}
        or p.email ilike ${w.like} or p.vat_id ilike ${w.like} or (p.billing_address->>'city') ilike ${w.like}`,
    );
    parts.push(sql`(${sameOib(oib, 'p')} or ${words})`);
  }
  return sql.join(parts, sql` and `);
}

export async function listPartners(tx: Tx, role: PartnerRole, q: PartnerListQuery) {
  const where = listWhere(role, q);
  const dir = q.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const list = await rows<PartnerRow>(
    tx,
    sql`select ${COLUMNS} from partners p where ${where}
        order by ${SORT_SQL[q.sort]} ${dir}, p.id
        limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
  );
  const total = await one<{ n: number }>(tx, sql`select count(*)::int as n from partners p where ${where}`);
  return { rows: list.map(mapRow), total: total?.n ?? 0 };
}

export async function getPartner(tx: Tx, role: PartnerRole, id: string): Promise<PartnerRow | null> {
  const row = await one<PartnerRow>(
    tx,
    sql`select ${COLUMNS} from partners p where p.id = ${id} and p.role = ${role}`,
  );
  return row ? mapRow(row) : null;
}

export async function listContacts(tx: Tx, partnerId: string): Promise<Contact[]> {
  return rows<Contact>(
    tx,
    sql`select name, position, email, phone from partner_contacts where partner_id = ${partnerId} order by position_no`,
  );
}

export async function replaceContacts(tx: Tx, companyId: string, partnerId: string, contacts: Contact[]) {
  await tx.execute(sql`delete from partner_contacts where partner_id = ${partnerId}`);
  for (const [i, c] of contacts.entries()) {
    await tx.execute(
      sql`insert into partner_contacts (company_id, partner_id, position_no, name, position, email, phone)
          values (${companyId}, ${partnerId}, ${i + 1}, ${c.name}, ${c.position}, ${c.email}, ${c.phone})`,
    );
  }
}

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

export async function insertPartner(
  tx: Tx,
  ids: { companyId: string; userId: string },
  role: PartnerRole,
  p: PartnerInput,
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    sql`insert into partners (company_id, role, kind, name, name_key, oib, oib_bidx, vat_id, einvoice_address, billing_address, delivery_address,
          email, phone, payment_terms_days, default_discount, notes, active, lead_time_days, created_by)
        values (${ids.companyId}, ${role}, ${p.kind}, ${p.name}, ${partnerNameKey(p.name)}, ${sealOib(p.oib)}, ${oibIndex(p.oib)}, ${p.vat_id},
          ${p.einvoice_address}, ${json(p.billing_address)}::jsonb, ${json(p.delivery_address)}::jsonb, ${p.email}, ${p.phone},
          ${p.payment_terms_days}, ${p.default_discount}, ${p.notes}, ${p.active},
          ${role === 'supplier' ? p.lead_time_days : null}, ${ids.userId})
        returning id`,
  );
  return row?.id as string;
}

export async function updatePartner(tx: Tx, role: PartnerRole, id: string, p: PartnerInput): Promise<void> {
  await tx.execute(
    sql`update partners set kind = ${p.kind}, name = ${p.name}, name_key = ${partnerNameKey(p.name)},
          -- An unchanged OIB keeps its envelope: a fresh IV would show as a change in the audit trail.
          oib = case when ${oibIndex(p.oib)}::text is not null and oib_bidx = ${oibIndex(p.oib)} then oib else ${sealOib(p.oib)} end,
          oib_bidx = ${oibIndex(p.oib)},
          vat_id = ${p.vat_id}, einvoice_address = ${p.einvoice_address}, billing_address = ${json(p.billing_address)}::jsonb,
          delivery_address = ${json(p.delivery_address)}::jsonb, email = ${p.email}, phone = ${p.phone},
          payment_terms_days = ${p.payment_terms_days}, default_discount = ${p.default_discount}, notes = ${p.notes},
          active = ${p.active}, lead_time_days = ${role === 'supplier' ? p.lead_time_days : null}, updated_at = now()
        where id = ${id} and role = ${role}`,
  );
}

/** A partner's electronic address (a UBL's EndpointID), null when none is stored or no such partner. */
export async function einvoiceAddress(tx: Tx, partnerId: string): Promise<string | null> {
  const row = await one<{ einvoice_address: string | null }>(
    tx,
    sql`select einvoice_address from partners where id = ${partnerId}`,
  );
  return row?.einvoice_address ?? null;
}

/** The supplier with this VAT id (spaces and case ignored), active ones first. */
export async function supplierByVatId(tx: Tx, vatId: string) {
  return one<{ id: string }>(
    tx,
    sql`select id from partners where role = 'supplier' and upper(replace(vat_id, ' ', '')) = ${vatId.replace(/\s/g, '').toUpperCase()}
        order by active desc, created_at limit 1`,
  );
}

/** Whether a supplier of this id exists. */
export async function supplierExists(tx: Tx, id: string) {
  return one<{ id: string }>(tx, sql`select id from partners where id = ${id} and role = 'supplier'`);
}

/** The fields a document without a frozen buyer prints of its client (the OIB still sealed). */
export async function clientForPrint(tx: Tx, partnerId: string) {
  return one<{
    name: string;
    oib: string | null;
    vat_id: string | null;
    billing_address: Record<string, string | null> | null;
  }>(tx, sql`select name, oib, vat_id, billing_address from partners where id = ${partnerId}`);
}

/** A partner's e-mail address as stored. */
export async function partnerEmail(tx: Tx, partnerId: string): Promise<{ email: string | null } | undefined> {
  return one<{ email: string | null }>(tx, sql`select email from partners where id = ${partnerId}`);
}

export async function partnerIdByOib(tx: Tx, role: PartnerRole, oib: string, exceptId?: string) {
  const row = await one<{ id: string; name: string }>(
    tx,
    sql`select id, name from partners where role = ${role} and ${sameOib(oib)}
        and (${exceptId ?? null}::uuid is null or id <> ${exceptId ?? null}::uuid) limit 1`,
  );
  return row ?? null;
}

export type DuplicateRow = PartnerDuplicate;

/** Partners of the same list with the same OIB or a near-identical name (pg_trgm similarity of name keys). */
export async function findDuplicates(
  tx: Tx,
  role: PartnerRole,
  probe: { name?: string; oib?: string | null; exceptId?: string },
): Promise<DuplicateRow[]> {
  const key = probe.name ? partnerNameKey(probe.name) : '';
  const oib = probe.oib ?? null;
  if (!key && !oib) return [];
  const found = await rows<{
    id: string;
    name: string;
    oib: string | null;
    same_oib: boolean;
    score: string;
  }>(
    tx,
    sql`select id, name, oib, ${sameOib(oib)} as same_oib,
          round(similarity(name_key, ${key})::numeric, 2)::text as score
        from partners
        where role = ${role} and (${probe.exceptId ?? null}::uuid is null or id <> ${probe.exceptId ?? null}::uuid)
          and (${sameOib(oib)}
            or (${key} <> '' and (name_key = ${key} or (name_key % ${key} and similarity(name_key, ${key}) >= ${NAME_SIMILARITY_THRESHOLD}))))
        order by same_oib desc, similarity(name_key, ${key}) desc, name
        limit 5`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    oib: openOib(r.oib),
    reason: r.same_oib ? 'oib' : 'name',
    similarity: normDecimal(r.score),
  }));
}

export type SupplierItemRow = SupplierItem;

export async function listSupplierItems(tx: Tx, supplierId: string): Promise<SupplierItemRow[]> {
  const list = await rows<SupplierItemRow>(
    tx,
    sql`select si.item_id, i.sku, i.name as item_name, i.base_unit, si.supplier_sku, si.price::text as price,
          si.min_order_qty::text as min_order_qty
        from supplier_items si join items i on i.id = si.item_id
        where si.supplier_id = ${supplierId} order by i.sku`,
  );
  return list.map((r) => ({
    ...r,
    price: r.price === null ? null : normDecimal(r.price),
    min_order_qty: r.min_order_qty === null ? null : normDecimal(r.min_order_qty),
  }));
}

export async function replaceSupplierItems(
  tx: Tx,
  companyId: string,
  supplierId: string,
  items: SupplierItemInput[],
) {
  await tx.execute(sql`delete from supplier_items where supplier_id = ${supplierId}`);
  for (const it of items) {
    await tx.execute(
      sql`insert into supplier_items (company_id, supplier_id, item_id, supplier_sku, price, min_order_qty)
          values (${companyId}, ${supplierId}, ${it.item_id}, ${it.supplier_sku}, ${it.price}, ${it.min_order_qty})`,
    );
  }
}

/** Every month of a period as `YYYY-MM`, from the database calendar (the analytics' month axis). */
export function periodMonths(tx: Tx, period: { from: string; to: string }): Promise<{ month: string }[]> {
  return rows<{ month: string }>(
    tx,
    sql`select to_char(m, 'YYYY-MM') as month
        from generate_series(date_trunc('month', ${period.from}::date), date_trunc('month', ${period.to}::date),
          interval '1 month') as m`,
  );
}
