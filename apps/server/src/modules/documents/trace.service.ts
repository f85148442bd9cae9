import { AppError } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import { traceLots } from '../inventory/inventory.service.ts';
import * as traceRepo from './trace.repo.ts';

// Traceability across documents: from a supplier lot forward to the finished lots made from it,
// the delivery notes that shipped them and the clients that received them; and from a finished
// lot back to the work order and the raw lots (and their suppliers). Lot genealogy itself is
// inventory's (lot_links); this adds the documents around it.

async function lotInfo(tx: Tx, ids: readonly string[]): Promise<traceRepo.LotInfo[]> {
  if (ids.length === 0) return [];
  return traceRepo.lotInfo(tx, ids);
}

export async function trace(tx: Tx, lotId: string) {
  const [lot] = await lotInfo(tx, [lotId]);
  if (!lot) throw new AppError('NOT_FOUND', 'Lot nije pronađen');
  const forward = await traceLots(tx, lotId, 'forward');
  const backward = await traceLots(tx, lotId, 'backward');
  const downstream = [lotId, ...forward.map((f) => f.lot_id)];
  const upstream = [lotId, ...backward.map((b) => b.lot_id)];
  const deliveries = await traceRepo.lotDeliveries(tx, downstream);
  const workOrders = await traceRepo.lotWorkOrders(tx, [...new Set([...downstream, ...upstream])]);
  const clients = [
    ...new Map(
      deliveries
        .filter((d) => d.client_id)
        .map((d) => [d.client_id, { id: d.client_id, name: d.client_name }]),
    ).values(),
  ];
  return {
    lot,
    produced_lots: await lotInfo(
      tx,
      forward.map((f) => f.lot_id),
    ),
    source_lots: await lotInfo(
      tx,
      backward.map((b) => b.lot_id),
    ),
    work_orders: workOrders,
    delivery_notes: deliveries,
    clients,
  };
}
