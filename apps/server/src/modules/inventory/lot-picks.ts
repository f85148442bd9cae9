import { type LotStrategy, orderLots, pickLots } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { lotsAtLocation } from './lots.repo.ts';

/**
 * The lots of an item with stock at a location and the lots the FEFO/FIFO rule would take for a
 * quantity (the same rule `outgoing` applies when no lot is named), so a form can preselect the
 * default and let the user choose another lot.
 */
export async function lotPicks(
  tx: Tx,
  q: { item_id: string; location_id: string; quantity?: string; strategy: LotStrategy },
) {
  const lots = await lotsAtLocation(tx, q.item_id, q.location_id);
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
