import type { FastifyInstance } from 'fastify';
import { dedicatedDatabases } from '../../db/company-router.ts';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../http/context.ts';
import { sealAllReady, sealCompanyReady } from './audit.repo.ts';

/** How often the sealer chains rows whose commit found the company's head busy (SECURITY.md). */
export const SEAL_INTERVAL_MS = 1000;

/**
 * Seals every ready audit row of one database (migration 0048): the rows of transactions that
 * committed while another commit of their company held the chain head. Returns the rows sealed.
 */
export function sealReadyRows(db: Db): Promise<number> {
  return sealAllReady(db);
}

/** Seals one company's ready rows now, waiting for a seal in progress (before a verification). */
export function sealCompanyNow(db: Db, companyId: string): Promise<void> {
  return sealCompanyReady(db, companyId);
}

/**
 * The background half of the seal: every SEAL_INTERVAL_MS, in the main database and in every
 * dedicated one. Most commits seal their own rows; this bounds the wait of the others.
 */
export function registerAuditSealer(app: FastifyInstance, deps: Pick<Deps, 'db' | 'report'>): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = async () => {
    for (const db of [deps.db, ...(await dedicatedDatabases(deps.db)).map((d) => d.database.db)])
      await sealReadyRows(db);
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
