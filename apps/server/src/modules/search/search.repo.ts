import type { SearchHit, SearchKind, SearchWord } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { allWordsMatch, plainText, rows } from '../../db/sql.ts';
import { oibIndex } from '../partners/partner-oib.ts';

type Terms = { q: string; prefix: string; oibBidx: string | null; oib: string | null };

/** `%`, `_` and `\` typed by the user are literal characters, not patterns. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function searchTerms(q: string): Terms {
  const text = q.trim();
  // The OIB is encrypted at rest: only a complete one is found, exactly, through its blind index.
  const oib = /^\d{11}$/.test(text) ? text : null;
  return {
    // Every word must match somewhere (db/sql.ts allWordsMatch); hits starting with the first word rank first.
    q: text,
    prefix: `${escapeLike(text.split(/\s+/)[0] ?? '')}%`,
    oibBidx: oibIndex(oib),
    oib,
  };
}

/**
 * The word, without case and diacritics, inside a name key or a plainText() column; a word with
 * "dj" also as "d" (đ typed without its mark: "djakovo" finds Đakovo), as the partner list does.
 */
const inKey = (w: SearchWord, plain: SQL): SQL => {
  if (w.key === null) return sql`false`;
  if (w.keyDj === null) return sql`${plain} like ${w.key}`;
  return sql`(${plain} like ${w.key} or ${plain} like ${w.keyDj})`;
};

function items(tx: Tx, t: Terms, limit: number) {
  return rows<SearchHit>(
    tx,
    sql`select 'item' as kind, id, sku as label, name as detail, null as status, 'text' as match
        from items where ${allWordsMatch(t.q, (w) => sql`sku ilike ${w.like} or name ilike ${w.like} or ${inKey(w, plainText(sql`name`))}`)}
        order by (sku ilike ${t.prefix}) desc, active desc, sku limit ${limit}`,
  );
}

function partners(tx: Tx, role: 'client' | 'supplier', t: Terms, limit: number) {
  // The plain `oib = ` arm covers rows written before encryption, until the start-up pass seals them.
  const byOib = sql`(${t.oib}::text is not null and (oib_bidx = ${t.oibBidx} or oib = ${t.oib}))`;
  return rows<SearchHit>(
    tx,
    sql`select ${role} as kind, id, name as label, billing_address->>'city' as detail,
          case when active then 'active' else 'inactive' end as status,
          case when ${byOib} then 'oib' else 'text' end as match
        from partners
        where role = ${role} and (${byOib} or ${allWordsMatch(t.q, (w) => sql`name ilike ${w.like} or ${inKey(w, sql`name_key`)}`)})
        order by ${byOib} desc, (name ilike ${t.prefix}) desc, active desc, lower(name) limit ${limit}`,
  );
}

function documents(tx: Tx, kinds: string[], kind: SearchKind, t: Terms, limit: number) {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return rows<SearchHit>(
    tx,
    sql`select ${kind} as kind, d.id, d.number as label, p.name as detail, d.status, 'text' as match
        from documents d left join partners p on p.id = d.client_id
        where d.kind in (${kindList})
          and ${allWordsMatch(t.q, (w) => sql`d.number ilike ${w.like} or p.name ilike ${w.like} or ${inKey(w, sql`p.name_key`)}`)}
        order by (d.number ilike ${t.prefix}) desc, d.doc_date desc, d.number desc nulls last limit ${limit}`,
  );
}

function purchaseOrders(tx: Tx, t: Terms, limit: number) {
  return rows<SearchHit>(
    tx,
    sql`select 'purchase_order' as kind, o.id, o.number as label, p.name as detail, o.status, 'text' as match
        from purchase_orders o join partners p on p.id = o.supplier_id
        where ${allWordsMatch(t.q, (w) => sql`o.number ilike ${w.like} or p.name ilike ${w.like} or ${inKey(w, sql`p.name_key`)}`)}
        order by (o.number ilike ${t.prefix}) desc, o.created_at desc limit ${limit}`,
  );
}

/**
 * The palette's search: each kind on its own, at most `limit` hits per kind, all inside the
 * caller's company transaction (row-level security decides what exists).
 */
export async function searchAll(tx: Tx, q: string, limit: number): Promise<SearchHit[]> {
  const t = searchTerms(q);
  const runs: Array<() => Promise<SearchHit[]>> = [
    () => items(tx, t, limit),
    () => partners(tx, 'client', t, limit),
    () => partners(tx, 'supplier', t, limit),
    () => documents(tx, ['quote'], 'quote', t, limit),
    () => documents(tx, ['work_order'], 'work_order', t, limit),
    () => documents(tx, ['delivery_note'], 'delivery_note', t, limit),
    () => documents(tx, ['invoice', 'credit_note'], 'invoice', t, limit),
    () => purchaseOrders(tx, t, limit),
  ];
  const hits: SearchHit[] = [];
  // One after another: a transaction runs one statement at a time.
  for (const run of runs) hits.push(...(await run()));
  return hits;
}
