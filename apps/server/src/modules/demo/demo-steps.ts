import type { Db, Tx } from '../../db/database.ts';
import { type CompanyContext, withCompany } from '../../db/tenant.ts';

type Step = { tx: Tx; ctx: CompanyContext; end(error?: unknown): void; committed: Promise<void> };
type Opts = Parameters<typeof withCompany>[3];

/** A step ends at the first safe point after this long: short waits for others, few commits. */
const MIN_STEP_MS = 300;
/** The pause between two steps (about a tenth of a step). */
const STEP_GAP_MS = 30;

/** Opens a company transaction and hands it out; it stays open until `end` is called. */
function openStep(db: Db, ids: { userId: string; companyId: string }, opts: Opts): Promise<Step> {
  return new Promise<Step>((ready, failed) => {
    const committed: Promise<void> = withCompany(
      db,
      ids,
      (tx, ctx) =>
        new Promise<void>((resolve, reject) => {
          ready({ tx, ctx, end: (error) => (error === undefined ? resolve() : reject(error)), committed });
        }),
      opts,
    );
    // Fails the opening (no membership, blocked account ...); after `ready` this changes nothing.
    committed.catch(failed);
  });
}

/**
 * Runs a long generator as a series of company transactions instead of one. The generator calls
 * `commit(fraction)` at every point where a step may end; once the open transaction is at least
 * MIN_STEP_MS old, that ends it (its writes are stored), reports the progress and opens the next.
 * Between two steps every other request gets its turn (the embedded database runs one transaction
 * at a time) and the progress is a committed fact the web can read.
 *
 * The `tx` handed to `body` always names the open transaction (a proxy), so the generator's code
 * and the services it calls take it as they take any transaction. Transaction-local settings
 * (`set_config(..., true)`) end with their step. An error rolls back the open step only: the steps
 * before it stay.
 */
export async function inSteps<T>(
  db: Db,
  ids: { userId: string; companyId: string },
  body: (tx: Tx, ctx: CompanyContext, commit: (fraction: number) => Promise<void>) => Promise<T>,
  opts: Opts & { onProgress?: (fraction: number) => Promise<void> | void } = {},
): Promise<T> {
  const { onProgress, ...companyOpts } = opts;
  let step = await openStep(db, ids, companyOpts);
  const tx = new Proxy({} as Tx, {
    get(_target, prop) {
      const value = Reflect.get(step.tx, prop, step.tx);
      return typeof value === 'function' ? value.bind(step.tx) : value;
    },
  });
  let opened = performance.now();
  const commit = async (fraction: number) => {
    if (performance.now() - opened < MIN_STEP_MS) return;
    step.end();
    await step.committed;
    await onProgress?.(fraction);
    // A request waiting for the database runs several queries one after the other; a short pause
    // lets it finish them all before the next step takes the embedded database again.
    await new Promise((resolve) => setTimeout(resolve, STEP_GAP_MS));
    step = await openStep(db, ids, companyOpts);
    opened = performance.now();
  };
  try {
    const result = await body(tx, step.ctx, commit);
    step.end();
    await step.committed;
    return result;
  } catch (error) {
    step.end(error);
    await step.committed.catch(() => {});
    throw error;
  }
}
