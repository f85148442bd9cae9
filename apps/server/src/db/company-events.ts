import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from './database.ts';

/** The topics of `company_event` notifications (the web invalidates its queries by topic). */
export type CompanyTopic =
  | 'stock'
  | 'documents'
  | 'cutting'
  | 'partners'
  | 'purchasing'
  | 'purchase_invoices'
  | 'notifications';

/** More ids than this would pass pg_notify's 8000-byte payload limit (an import touches thousands). */
export const NOTIFY_MAX_IDS = 100;
/** pg_notify refuses a payload of 8000 bytes or more; a longer one goes out as "re-read all". */
const NOTIFY_MAX_BYTES = 7999;
/** How long committed events gather before one statement announces them (issue 21). */
export const ANNOUNCE_INTERVAL_MS = 50;

type HeldEvent = { companyId: string; topic: CompanyTopic; ids: readonly string[] };

/** Events of an open transaction, kept here until it commits (see `announceAfterCommit`). */
const heldBy = new WeakMap<Tx, HeldEvent[]>();

/**
 * The one company-event notification (issue 20: there were five copies): tells the company's open
 * screens that rows of `topic` changed. Ids only, never data; clients re-read under their own
 * rights. An empty list (or more than NOTIFY_MAX_IDS ids) means "re-read all".
 *
 * In a transaction opened by `announceAfterCommit` (every withCompany and asPlatformFor) the event
 * is only remembered: no statement, and nothing in the transaction that PostgreSQL would have to
 * serialise at commit. Elsewhere (a savepoint, a transaction of its own) it is sent with
 * pg_notify inside the transaction, which PostgreSQL delivers only if the change commits.
 */
export async function notifyCompany(
  tx: Tx,
  companyId: string,
  topic: CompanyTopic,
  ids: readonly string[],
): Promise<void> {
  const held = heldBy.get(tx);
  if (held) held.push({ companyId, topic, ids });
  else await tx.execute(sql`select ${notifySql(payloadOf(companyId, topic, ids))}`);
}

/** The `company_event` payload (the shape `companyEventSchema` in @erp/domain reads). */
function payloadOf(companyId: string, topic: CompanyTopic, ids: readonly string[]): string {
  const sent = ids.length > NOTIFY_MAX_IDS ? [] : ids;
  const payload = JSON.stringify({ company_id: companyId, topic, ids: sent });
  if (Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES) return payload;
  return JSON.stringify({ company_id: companyId, topic, ids: [] });
}

const notifySql = (payload: string): SQL => sql`pg_notify('company_event', ${payload}::text)`;

/**
 * Runs one attempt of a transaction on `db` and announces its company events only once it has
 * committed: `run` opens the transaction and calls `hold(tx)` on it first thing. A transaction
 * that throws (rolled back, or a failed COMMIT) announces nothing. Issue 21: a transaction that
 * queued a NOTIFY takes PostgreSQL's global notification-queue lock at commit, so every write of
 * every company passed one gate; the events now go out in batches from outside the transactions.
 */
export async function announceAfterCommit<T>(
  db: Db,
  run: (hold: (tx: Tx) => void) => Promise<T>,
): Promise<T> {
  const events: HeldEvent[] = [];
  const value = await run((tx) => heldBy.set(tx, events));
  if (events.length > 0) announcerOf(db).add(events);
  return value;
}

/** Ids per topic per company waiting for the next announcement; null = "re-read all". */
type Pending = Map<string, Map<CompanyTopic, Set<string> | null>>;
type Announcer = {
  pending: Pending;
  timer: ReturnType<typeof setTimeout> | null;
  sending: Set<Promise<void>>;
  add(events: readonly HeldEvent[]): void;
};

const announcers = new WeakMap<Db, Announcer>();

/**
 * The announcer of one database: committed events gather for ANNOUNCE_INTERVAL_MS, merged per
 * company and topic (ids united; past NOTIFY_MAX_IDS, or when any event said "all", the list goes
 * out empty), then one statement outside any business transaction sends one pg_notify per company
 * and topic. Every server process LISTENs in this database, so all of them (this one too) deliver
 * the events to their browsers. A batch that cannot be sent (database gone) is dropped.
 */
function announcerOf(db: Db): Announcer {
  const known = announcers.get(db);
  if (known) return known;
  const announcer: Announcer = {
    pending: new Map(),
    timer: null,
    sending: new Set(),
    add(events) {
      for (const e of events) {
        const topics = announcer.pending.get(e.companyId) ?? new Map<CompanyTopic, Set<string> | null>();
        announcer.pending.set(e.companyId, topics);
        const ids = topics.has(e.topic) ? topics.get(e.topic) : new Set<string>();
        if (!ids) continue; // already "re-read all"
        for (const id of e.ids) ids.add(id);
        topics.set(e.topic, e.ids.length === 0 || ids.size > NOTIFY_MAX_IDS ? null : ids);
      }
      if (!announcer.timer) {
        announcer.timer = setTimeout(() => void sendPending(db, announcer), ANNOUNCE_INTERVAL_MS);
        announcer.timer.unref?.();
      }
    },
  };
  announcers.set(db, announcer);
  return announcer;
}

function sendPending(db: Db, announcer: Announcer): Promise<void> {
  if (announcer.timer) clearTimeout(announcer.timer);
  announcer.timer = null;
  const batch = announcer.pending;
  announcer.pending = new Map();
  const notes: SQL[] = [];
  for (const [companyId, topics] of batch)
    for (const [topic, ids] of topics)
      notes.push(notifySql(payloadOf(companyId, topic, ids ? [...ids] : [])));
  if (notes.length === 0) return Promise.resolve();
  const sending = db
    .execute(sql`select ${sql.join(notes, sql`, `)}`)
    .then(
      () => {},
      () => {},
    )
    .finally(() => announcer.sending.delete(sending));
  announcer.sending.add(sending);
  return sending;
}

/**
 * Sends what is waiting now and waits for every batch in flight (a database closing, a test that
 * wants the events of the transactions it just committed).
 */
export async function flushCompanyEvents(db: Db): Promise<void> {
  const announcer = announcers.get(db);
  if (!announcer) return;
  await sendPending(db, announcer);
  await Promise.all([...announcer.sending]);
}
