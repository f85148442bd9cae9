/**
 * The raw-SQL baseline of the posting benchmark: the writes of a one-line receipt straight through
 * `pg` (no HTTP, no session, no row-level security, no checks), one transaction each. The audit
 * trigger of each table writes its row as in the application; whether those rows are marked for
 * the seal is up to the caller (`setSeal`: with it off, they are neither marked nor sealed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

export type RawPosting = {
  companyId: string;
  userId: string;
  locationId: string;
  /** Picks the item of the next posting. */
  pick: () => string;
  /** Also announce the item on the `company_event` channel inside the transaction, as the application does. */
  notify?: boolean;
};

export async function rawReceipt(c: pg.Client, p: RawPosting): Promise<void> {
  const item = p.pick();
  await c.query('begin');
  try {
    await c.query('select on_hand, avg_cost from item_stock where item_id = $1 for update', [item]);
    const doc = (
      await c.query(
        `insert into stock_documents (company_id, type, created_by) values ($1, 'receipt', $2) returning id`,
        [p.companyId, p.userId],
      )
    ).rows[0].id;
    await c.query(
      `insert into stock_movements (company_id, document_id, line_no, type, item_id, location_id, quantity, unit_cost, created_by)
       values ($1, $2, 1, 'receipt', $3, $4, 1, 2, $5)`,
      [p.companyId, doc, item, p.locationId, p.userId],
    );
    await c.query(
      `insert into stock_balances (company_id, item_id, location_id, lot_id, quantity) values ($1, $2, $3, null, 1)
       on conflict (company_id, item_id, location_id, lot_id) do update set quantity = stock_balances.quantity + 1, updated_at = now()`,
      [p.companyId, item, p.locationId],
    );
    await c.query(
      `update item_stock set on_hand = on_hand + 1, avg_cost = (on_hand * avg_cost + 2) / (on_hand + 1), updated_at = now()
       where item_id = $1`,
      [item],
    );
    if (p.notify)
      await c.query(
        `select pg_notify('company_event', json_build_object('company_id', $1::uuid, 'topic', 'stock', 'ids', json_build_array($2::uuid))::text)`,
        [p.companyId, item],
      );
    await c.query('commit');
  } catch (e) {
    await c.query('rollback');
    throw e;
  }
}

/**
 * Switches the commit-time trigger of audit_log (`audit_seal`) on or off (owner connection). Since
 * migration 0050 it only marks the transaction ready for the sealer; before, it sealed at commit.
 */
export function setSeal(admin: pg.Client, on: boolean): Promise<unknown> {
  return admin.query(`alter table audit_log ${on ? 'enable' : 'disable'} trigger audit_seal`);
}

/**
 * CPU time (ms) used so far by the PostgreSQL server's processes (the postmaster's children:
 * backends, WAL writer, checkpointer...), read from /proc. Backends that have exited are not
 * counted, so take the difference over a run in which the connections stay open. Null where /proc
 * or the data directory cannot be read.
 */
export async function postgresCpuMs(admin: pg.Client): Promise<number | null> {
  try {
    const dir = (await admin.query('show data_directory')).rows[0].data_directory as string;
    const postmaster = Number(readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]);
    const tick = 100; // USER_HZ on Linux
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      if (pid !== postmaster && Number(fields[1]) !== postmaster) continue;
      total += Number(fields[11]) + Number(fields[12]);
    }
    return (total * 1000) / tick;
  } catch {
    return null;
  }
}
