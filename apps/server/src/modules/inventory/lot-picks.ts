import { type LotStrategy, orderLots, pickLots } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows as query } from '../../db/sql.ts';

/**
 * The lots of an item with stock at a location and the lots the FEFO/FIFO rule would take for a
 * quantity (the same rule `outgoing` applies when no lot is named), so a form can preselect the
 * default and let the user choose another lot.
 */
export async function lotPicks(
  tx: Tx,
  q: { item_id: string; location_id: string; quantity?: string; strategy: LotStrategy },
) {
  const lots = await query<{
    lot_id: string;
    lot_number: string;
    available: string;
    expires_on: string | null;
    received_on: string;
  }>(
    tx,
    sql`select b.lot_id, lt.lot_number, trim_scale(b.quantity)::text as available, lt.expires_on::text as expires_on,
          lt.received_on::text as received_on
        from stock_balances b join lots lt on lt.id = b.lot_id
        where b.item_id = ${q.item_id} and b.location_id = ${q.location_id} and b.quantity > 0
        order by lt.expires_on nulls last, lt.received_on, lt.lot_number`,
  );
  const candidates = lots.map((l) => ({
    lotId: l.lot_id,
    available: l.available,
    expiresOn: l.expires_on,
    receivedOn: l.received_on,
  }));
  // Without a quantity the default is the first lot in the rule's order.
  const first = orderLots(candidates, q.strategy)[0];
  const picked =
    q.quantity && Number(q.quantity) > 0
      ? pickLots(candidates, q.quantity, q.strategy)
      : { ok: true as const, picks: first ? [{ lotId: first.lotId, quantity: first.available }] : [] };
  return {
    strategy: q.strategy,
    lots,
    picks: picked.ok ? picked.picks.map((p) => ({ lot_id: p.lotId, quantity: p.quantity })) : [],
    enough: picked.ok,
  };
}
