import type { Health } from '@erp/domain';
import type { Deps } from '../../http/context.ts';
import { pingDatabase } from './health.repo.ts';

/** Liveness: the database answers a query; which kind of database this instance runs on. */
export async function health(deps: Pick<Deps, 'db' | 'database'>): Promise<Health> {
  await pingDatabase(deps.db);
  return { status: 'ok', database: deps.database.kind };
}
