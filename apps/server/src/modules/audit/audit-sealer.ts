import type { FastifyInstance } from 'fastify';
import { dedicatedDatabases } from '../../db/company-router.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../http/context.ts';
import { sealAllReady, sealCompanyReady } from './audit.repo.ts';

/** How often the sealer chains the rows of committed transactions (SECURITY.md: the seal window). */
export const SEAL_INTERVAL_MS = 1000;
/**
 * One seal takes at most 1000 marked transactions of a company (audit_seal_ready's max_marks), so
 * a seal of fewer rows than that left nothing behind; a tick seals again only after a full one.
 */
const FULL_SEAL_ROWS = 1000;
const MAX_SEALS_PER_TICK = 20;

/**
 * Seals every ready audit row of one database: the rows of committed transactions, which a commit
 * marks ready and leaves to the seal (migration 0050). Returns the rows sealed.
 */
export function sealReadyRows(db: Db): Promise<number> {
  return sealAllReady(db);
}

/** Seals one company's ready rows now, waiting for a seal in progress (before a verification). */
export function sealCompanyNow(db: Db, companyId: string): Promise<void> {
  return sealCompanyReady(db, companyId);
}

/**
 * The seal of committed rows: every SEAL_INTERVAL_MS, in the main database and in every dedicated
 * one, until no ready row is left (a busy company may have more than one seal's worth). Commits do
 * not seal (migration 0050); this bounds how long a committed row waits for the chain.
 */
export function registerAuditSealer(app: FastifyInstance, deps: Pick<Deps, 'db' | 'report'>): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = async () => {
    for (const db of [deps.db, ...(await dedicatedDatabases(deps.db)).map((d) => d.database.db)])
      for (let i = 0; i < MAX_SEALS_PER_TICK && (await sealReadyRows(db)) >= FULL_SEAL_ROWS; i++);
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= tick()
        .catch(deps.report)
        .finally(() => {
          running = null;
        });
    }, SEAL_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
