import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.ts';

export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 5000;

export type ChainBreak = {
  companyId: string;
  seq: number;
  reason: 'hash' | 'prev_hash' | 'sequence' | 'head';
};
export type VerifyResult = { ok: boolean; companies: number; rows: number; firstBreak: ChainBreak | null };

type AuditRow = {
  seq: string | number;
  table_name: string;
  row_id: string;
  action: string;
  changes: string;
  actor_id: string | null;
  at: string;
  prev_hash: string;
  hash: string;
};

/** Rebuilds the string the database hashed (see audit_canonical in the first migration). */
export function canonical(companyId: string, row: AuditRow): string {
  return [
    companyId,
    String(row.seq),
    row.table_name,
    row.row_id,
    row.action,
    row.changes,
    row.actor_id ?? '',
    row.at,
    row.prev_hash,
  ].join('|');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

async function verifyCompany(
  db: Db,
  companyId: string,
): Promise<{ rows: number; firstBreak: ChainBreak | null }> {
  let expectedSeq = 1;
  let prev = GENESIS_HASH;
  for (;;) {
    const result = await db.execute(sql`
      select seq, table_name, row_id, action, changes::text as changes, actor_id::text as actor_id,
             to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, prev_hash, hash
      from audit_log where company_id = ${companyId} and seq >= ${expectedSeq} order by seq limit ${BATCH}`);
    const rows = rowsOf<AuditRow>(result);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq)
        return { rows: expectedSeq - 1, firstBreak: { companyId, seq: expectedSeq, reason: 'sequence' } };
      if (row.prev_hash !== prev) return { rows: seq, firstBreak: { companyId, seq, reason: 'prev_hash' } };
      if (sha256Hex(canonical(companyId, row)) !== row.hash)
        return { rows: seq, firstBreak: { companyId, seq, reason: 'hash' } };
      prev = row.hash;
      expectedSeq++;
    }
    if (rows.length < BATCH) break;
  }
  // The head remembers the last link, so deleting rows from the end is noticed too.
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`select seq, hash from audit_heads where company_id = ${companyId}`),
  );
  const count = expectedSeq - 1;
  if (head && (Number(head.seq) !== count || head.hash !== prev)) {
    return { rows: count, firstBreak: { companyId, seq: count + 1, reason: 'head' } };
  }
  return { rows: count, firstBreak: null };
}

/** Recomputes every company's chain (or one company's) and reports the first broken row. */
export async function verifyAuditChain(db: Db, companyId?: string): Promise<VerifyResult> {
  const companies = companyId
    ? [companyId]
    : rowsOf<{ company_id: string }>(
        await db.execute(
          sql`select company_id from audit_heads union select company_id from audit_log order by 1`,
        ),
      ).map((r) => r.company_id);
  let rows = 0;
  for (const id of companies) {
    const result = await verifyCompany(db, id);
    rows += result.rows;
    if (result.firstBreak)
      return { ok: false, companies: companies.length, rows, firstBreak: result.firstBreak };
  }
  return { ok: true, companies: companies.length, rows, firstBreak: null };
}
