import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { listMembers } from '../team/team.service.ts';
import {
  type AuditFilter,
  auditedCompanies,
  type ChainRow,
  chainHead,
  chainRows,
  listAudit,
  recentActivity as recentActivityRows,
  sealForReading,
  unchainedCounts,
} from './audit.repo.ts';
import { sealCompanyNow } from './audit-sealer.ts';

export const GENESIS_HASH = '0'.repeat(64);

/** One page of the company's audit trail, each actor named as the team lists them. */
export async function auditPage(tx: Tx, ctx: CompanyContext, filter: AuditFilter) {
  const names = new Map((await listMembers(tx, ctx)).map((m) => [m.user_id, m.name ?? m.email]));
  const { rows, total } = await listAudit(tx, ctx.companyId, filter, names);
  return { rows, total, page: filter.page, page_size: filter.page_size };
}

/**
 * Who changed what in the company lately (the team page: field names, no values), each actor
 * named as the team lists them.
 */
export async function recentActivity(
  tx: Tx,
  ctx: CompanyContext,
  page: { limit: number; beforeSeq?: number },
) {
  const names = new Map((await listMembers(tx, ctx)).map((m) => [m.user_id, m.name ?? m.email]));
  return recentActivityRows(tx, ctx.companyId, page, names);
}
/**
 * Before another area reads audit rows in a request transaction (a document's history): chains
 * the company's ready rows, so the read sees them numbered (migration 0050).
 */
export function sealAuditForReading(tx: Tx): Promise<void> {
  return sealForReading(tx);
}

const BATCH = 5000;

/**
 * Where a chain stops being provable: a row whose hash does not match its text (`hash`), that
 * does not link to the previous one (`prev_hash`), a missing sequence number (`sequence`), a head
 * that disagrees with the last row (`head`), or committed rows that were never sealed into the
 * chain (`unsealed`: `seq` is the first number the chain does not cover).
 */
export type ChainBreak = {
  companyId: string;
  seq: number;
  reason: 'hash' | 'prev_hash' | 'sequence' | 'head' | 'unsealed';
};
export type VerifyResult = {
  ok: boolean;
  companies: number;
  /** Sealed rows proven, up to the first break. */
  rows: number;
  /** Committed audit rows outside every chain (never trusted: `ok` is false when any exist). */
  unsealed: number;
  /**
   * Rows of transactions that committed after this check sealed the company's ready rows and
   * before it read them: marked ready, sealed by the next seal (within a second). Not proven yet,
   * and not a break.
   */
  pending: number;
  firstBreak: ChainBreak | null;
};
type CompanyResult = { rows: number; unsealed: number; pending: number; firstBreak: ChainBreak | null };

/** Rebuilds the string the database hashed (see audit_canonical in the first migration). */
export function canonical(companyId: string, row: ChainRow): string {
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

async function verifyCompany(db: Db, companyId: string): Promise<CompanyResult> {
  // Rows whose commit found the head busy are chained first (migration 0048), so that what is
  // checked below is every row committed so far.
  await sealCompanyNow(db, companyId);
  // One snapshot for the rows, the head and the unsealed count, so writers that commit meanwhile
  // cannot make a sound chain look broken. An unsealed row is pending when its transaction is
  // marked ready for the seal, else it was written past the seal (a break).
  return db.transaction(
    async (tx) => {
      const { unsealed, pending } = await unchainedCounts(tx, companyId);
      let expectedSeq = 1;
      let prev = GENESIS_HASH;
      for (;;) {
        const rows = await chainRows(tx, companyId, expectedSeq, BATCH);
        for (const row of rows) {
          const seq = Number(row.seq);
          const at = (reason: ChainBreak['reason'], n: number, s = seq) => ({
            rows: n,
            unsealed,
            pending,
            firstBreak: { companyId, seq: s, reason },
          });
          if (seq !== expectedSeq) return at('sequence', expectedSeq - 1, expectedSeq);
          if (row.prev_hash !== prev) return at('prev_hash', seq);
          if (sha256Hex(canonical(companyId, row)) !== row.hash) return at('hash', seq);
          prev = row.hash;
          expectedSeq++;
        }
        if (rows.length < BATCH) break;
      }
      // The head remembers the last link, so deleting rows from the end is noticed too.
      const head = await chainHead(tx, companyId);
      const count = expectedSeq - 1;
      if (head && (Number(head.seq) !== count || head.hash !== prev)) {
        return {
          rows: count,
          unsealed,
          pending,
          firstBreak: { companyId, seq: count + 1, reason: 'head' as const },
        };
      }
      if (unsealed > 0) {
        return {
          rows: count,
          unsealed,
          pending,
          firstBreak: { companyId, seq: count + 1, reason: 'unsealed' as const },
        };
      }
      return { rows: count, unsealed, pending, firstBreak: null };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Recomputes every company's chain (or one company's) and reports the first broken row. */
export async function verifyAuditChain(db: Db, companyId?: string): Promise<VerifyResult> {
  const companies = companyId ? [companyId] : await auditedCompanies(db);
  let rows = 0;
  let unsealed = 0;
  let pending = 0;
  for (const id of companies) {
    const result = await verifyCompany(db, id);
    rows += result.rows;
    unsealed += result.unsealed;
    pending += result.pending;
    if (result.firstBreak)
      return {
        ok: false,
        companies: companies.length,
        rows,
        unsealed,
        pending,
        firstBreak: result.firstBreak,
      };
  }
  return { ok: true, companies: companies.length, rows, unsealed, pending, firstBreak: null };
}
