import { AppError } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import * as repo from './inventory.repo.ts';
import { lotsWithPieces } from './sheet-stock.ts';

// The read use-cases of the inventory screens (issue 20: routes call services only). Each runs in
// the caller's company transaction; a missing row is NOT_FOUND.

export const listUnits = (tx: Tx) => repo.listUnits(tx);
export const listLocations = (tx: Tx) => repo.listLocations(tx);
export const listMovements = (tx: Tx, filter: repo.MovementFilter) => repo.listMovements(tx, filter);
export const lowStock = (tx: Tx) => repo.lowStock(tx, 1000);
export const listReservations = (tx: Tx, filter: Parameters<typeof repo.listReservations>[1]) =>
  repo.listReservations(tx, filter);
export const listCounts = (tx: Tx) => repo.listCounts(tx);

export async function getDocument(tx: Tx, id: string) {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw new AppError('NOT_FOUND', 'Dokument nije pronađen');
  return doc;
}

export async function getCount(tx: Tx, id: string) {
  const count = await repo.getCount(tx, id);
  if (!count) throw new AppError('NOT_FOUND', 'Inventura nije pronađena');
  return count;
}

export async function listLots(tx: Tx, filter: Parameters<typeof repo.listLots>[1]) {
  return lotsWithPieces(tx, await repo.listLots(tx, filter));
}

/** A lot with its pieces, its movements and its trace both ways. */
export async function lotDetail(tx: Tx, id: string) {
  const lot = await repo.getLot(tx, id);
  if (!lot) throw new AppError('NOT_FOUND', 'Lot nije pronađen');
  return {
    lot: (await lotsWithPieces(tx, [lot]))[0],
    movements: await repo.listMovements(tx, { lot_id: id, limit: 500, offset: 0 }),
    produced_into: await repo.traceLots(tx, id, 'forward'),
    made_from: await repo.traceLots(tx, id, 'backward'),
  };
}
