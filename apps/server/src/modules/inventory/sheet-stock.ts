// Sheet and bar stock (items with a length, and a width for sheets): the piece count beside the
// base unit on every read, remnant lots (a piece with its own size under its parent item), and the
// lot-aware reservations cutting makes, and what is free to reserve on a balance (`freeOnBalances`,
// `firstShortfall`: the cutting picker and confirmation) or for a manual reservation
// (`reservationShortfall`). The ledger keeps the base unit only;
// pieces are derived from the size of the lot (a remnant) or of the item (a full sheet/bar) by the
// domain rule.
import {
  baseToPieces,
  type FreeStockBalance,
  type FreeStockHold,
  freeStock,
  freeToReserve,
  type PieceSize,
  pieceMeasure,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { lockItems, notifyStock } from './posting.ts';
import type { SheetItem, SheetLot } from './sheet-stock.repo.ts';
import * as repo from './sheet-stock.repo.ts';

export { sheetItem, sheetLot } from './sheet-stock.repo.ts';
export type { SheetItem, SheetLot };

/** The size of one piece of a balance: the remnant lot's own size, else the item's. Null: not a sheet/bar. */
export function pieceSize(
  item: Pick<SheetItem, 'length_mm' | 'width_mm'>,
  lot?: Pick<SheetLot, 'remnant' | 'length_mm' | 'width_mm'> | null,
): PieceSize | null {
  if (lot?.remnant && lot.length_mm !== null) return { length: lot.length_mm, width: lot.width_mm };
  if (item.length_mm === null) return null;
  return { length: item.length_mm, width: item.width_mm };
}

/** Whole pieces in a quantity of the base unit, or null when the item is no sheet/bar or its unit is not derivable. */
export function piecesOf(unit: string, size: PieceSize | null, quantity: string): number | null {
  if (!size) return null;
  return baseToPieces(unit, size, quantity)?.pieces ?? null;
}

/**
 * A remnant lot under its parent item: its own size, the lot it was cut from, and that lot's
 * supplier and expiry (so traceability and FEFO carry over). Stock is received into it by the
 * caller's posting.
 */
export async function createRemnantLot(tx: Tx, ctx: CompanyContext, input: repo.RemnantLot): Promise<string> {
  return repo.insertRemnantLot(tx, ctx.companyId, input);
}

/** A reservation of stock in one location and lot (cutting: the sheets/bars of a confirmed plan). */
export async function reserveLot(tx: Tx, ctx: CompanyContext, input: repo.LotReservation): Promise<string> {
  const id = await repo.insertLotReservation(tx, ctx, input);
  await notifyStock(tx, ctx.companyId, [input.itemId]);
  return id;
}

/**
 * Ends the active reservations of a source: `consumed` when its stock was issued, `released` when
 * the source no longer needs it (a draft cancelled or saved again).
 */
export async function consumeReservations(
  tx: Tx,
  ctx: CompanyContext,
  sourceType: string,
  sourceId: string,
  status: 'consumed' | 'released' = 'consumed',
) {
  const items = await repo.endReservations(tx, sourceType, sourceId, status);
  if (items.length > 0) await notifyStock(tx, ctx.companyId, [...new Set(items)]);
}

// Reads: pieces beside the base unit ------------------------------------------------------------

type Balance = { lot_id: string | null; quantity: string };
type PieceFields = {
  /** whole pieces in the balance (full sheets/bars, or the remnant); null = not a sheet/bar */
  pieces: number | null;
  remnant: boolean;
  /** the size of one piece of this balance (the remnant's own) */
  piece_length_mm: string | null;
  piece_width_mm: string | null;
};

/** Remnant lots among `lotIds` (their own size). */
async function remnantLots(tx: Tx, lotIds: readonly string[]): Promise<Map<string, SheetLot>> {
  if (lotIds.length === 0) return new Map();
  const rows = await repo.remnantLotsById(tx, [...new Set(lotIds)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * An item's detail with pieces: each balance gets its piece count and piece size, the item its
 * full pieces and remnants on hand (both null for items without a size or with a unit such as kg).
 */
export async function itemDetailWithPieces<
  D extends {
    item: { base_unit: string; length_mm: string | null; width_mm: string | null };
    balances: Balance[];
  },
>(
  tx: Tx,
  detail: D,
): Promise<
  D & {
    item: D['item'] & { pieces_on_hand: number | null; remnants_on_hand: number | null };
    balances: (D['balances'][number] & PieceFields)[];
  }
> {
  const { item } = detail;
  const lots = await remnantLots(
    tx,
    detail.balances.flatMap((b) => (b.lot_id ? [b.lot_id] : [])),
  );
  const sheet = pieceMeasure(item.base_unit, pieceSize(item) ?? { length: 0 }) !== null;
  let full = 0;
  let remnants = 0;
  const balances = detail.balances.map((b) => {
    const lot = b.lot_id ? (lots.get(b.lot_id) ?? null) : null;
    const size = pieceSize(item, lot);
    const pieces = piecesOf(item.base_unit, size, b.quantity);
    if (pieces !== null) {
      if (lot) remnants += pieces;
      else full += pieces;
    }
    return {
      ...b,
      pieces,
      remnant: lot !== null,
      piece_length_mm: size ? String(size.length) : null,
      piece_width_mm: size?.width != null ? String(size.width) : null,
    };
  });
  return {
    ...detail,
    item: { ...item, pieces_on_hand: sheet ? full : null, remnants_on_hand: sheet ? remnants : null },
    balances,
  };
}

/** Items (a list page) with their whole pieces on hand beside the base unit. */
export async function itemsWithPieces<
  I extends { id: string; base_unit: string; length_mm: string | null; width_mm: string | null },
>(
  tx: Tx,
  items: readonly I[],
): Promise<(I & { pieces_on_hand: number | null; remnants_on_hand: number | null })[]> {
  const sheets = items.filter((i) => {
    const size = pieceSize(i);
    return size !== null && pieceMeasure(i.base_unit, size) !== null;
  });
  const balances =
    sheets.length === 0
      ? []
      : await repo.balancesOfItems(
          tx,
          sheets.map((i) => i.id),
        );
  const lots = await remnantLots(
    tx,
    balances.flatMap((b) => (b.lot_id ? [b.lot_id] : [])),
  );
  const totals = new Map<string, { full: number; remnants: number }>(
    sheets.map((i) => [i.id, { full: 0, remnants: 0 }]),
  );
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const b of balances) {
    const item = byId.get(b.item_id) as I;
    const lot = b.lot_id ? (lots.get(b.lot_id) ?? null) : null;
    const pieces = piecesOf(item.base_unit, pieceSize(item, lot), b.quantity) ?? 0;
    const t = totals.get(b.item_id) as { full: number; remnants: number };
    if (lot) t.remnants += pieces;
    else t.full += pieces;
  }
  return items.map((i) => {
    const t = totals.get(i.id);
    return { ...i, pieces_on_hand: t?.full ?? null, remnants_on_hand: t?.remnants ?? null };
  });
}

/** Lots with their remnant size, the lot they were cut from and the pieces they hold. */
export async function lotsWithPieces<L extends { id: string; quantity: string }>(
  tx: Tx,
  lots: readonly L[],
): Promise<
  (L & {
    remnant: boolean;
    length_mm: string | null;
    width_mm: string | null;
    parent_lot_id: string | null;
    parent_lot_number: string | null;
    base_unit: string;
    pieces: number | null;
  })[]
> {
  if (lots.length === 0) return [];
  const rows = await repo.lotSizes(
    tx,
    lots.map((l) => l.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lots.map((l) => {
    const r = byId.get(l.id);
    const size = r ? pieceSize({ length_mm: r.item_length_mm, width_mm: r.item_width_mm }, r) : null;
    return {
      ...l,
      remnant: r?.remnant ?? false,
      length_mm: r?.remnant ? r.length_mm : null,
      width_mm: r?.remnant ? r.width_mm : null,
      parent_lot_id: r?.parent_lot_id ?? null,
      parent_lot_number: r?.parent_lot_number ?? null,
      base_unit: r?.base_unit ?? '',
      pieces: r ? piecesOf(r.base_unit, size, l.quantity) : null,
    };
  });
}

/** Balances of any items (a location's stock) with the whole pieces of each sheet/bar balance. */
export async function balancesWithPieces<
  B extends { item_id: string; lot_id: string | null; quantity: string },
>(
  tx: Tx,
  balances: readonly B[],
): Promise<
  (B & {
    pieces: number | null;
    remnant: boolean;
    piece_length_mm: string | null;
    piece_width_mm: string | null;
  })[]
> {
  if (balances.length === 0) return [];
  const items = await repo.sizedItems(tx, [...new Set(balances.map((b) => b.item_id))]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const lots = await remnantLots(
    tx,
    balances.flatMap((b) => (b.lot_id && byId.has(b.item_id) ? [b.lot_id] : [])),
  );
  return balances.map((b) => {
    const item = byId.get(b.item_id);
    const lot = b.lot_id ? (lots.get(b.lot_id) ?? null) : null;
    const size = item ? pieceSize(item, lot) : null;
    return {
      ...b,
      pieces: item ? piecesOf(item.base_unit, size, b.quantity) : null,
      remnant: lot !== null,
      piece_length_mm: size ? String(size.length) : null,
      piece_width_mm: size?.width != null ? String(size.width) : null,
    };
  });
}

// Free stock: the one rule for what can still be reserved on a balance ---------------------------

/**
 * Reservations a cutting list takes over when it is confirmed: its work order's reservations of
 * the list's material (released at confirmation, `onCuttingListConfirmed`), so they are free for
 * that list and for nobody else.
 */
export type TakenOver = { sourceType: string; sourceId: string; itemId: string };

/** A quantity wanted on one balance (base unit). */
export type BalanceWant = { itemId: string; locationId: string; lotId: string | null; quantity: string };

type FreeStockData = {
  balances: Map<string, FreeStockBalance[]>;
  holds: Map<string, FreeStockHold[]>;
  allowNegative: boolean;
};

/**
 * The balances and active reservations of some items (without the reservations `takenOver` names)
 * and the company's negative-stock setting, in one round trip.
 */
async function freeStockData(
  tx: Tx,
  itemIds: readonly string[],
  takenOver: TakenOver | null,
): Promise<FreeStockData> {
  type Row = repo.StockRow;
  const row = await repo.freeStockRows(tx, [...new Set(itemIds)], takenOver);
  const group = <T>(rows: Row[], map: (r: Row) => T) => {
    const out = new Map<string, T[]>();
    for (const r of rows) out.set(r.i, [...(out.get(r.i) ?? []), map(r)]);
    return out;
  };
  return {
    allowNegative: row?.allow ?? false,
    balances: group(row?.balances ?? [], (r) => ({ locationId: r.l as string, lotId: r.t, onHand: r.q })),
    holds: group(row?.holds ?? [], (r) => ({ locationId: r.l, lotId: r.t, quantity: r.q })),
  };
}

/**
 * What is free on each balance (item, location, lot), in the base unit, by the domain rule
 * `freeStock`: on hand there minus the reservations on that lot, capped by what the location has
 * spare after the item's lot-less reservations there (a work order's, a delivery note's) and by
 * what the item has spare after those without a location. Reservations `takenOver` names are free.
 */
export async function freeOnBalances(
  tx: Tx,
  keys: readonly Omit<BalanceWant, 'quantity'>[],
  takenOver: TakenOver | null = null,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const data = await freeStockData(
    tx,
    keys.map((k) => k.itemId),
    takenOver,
  );
  return keys.map((k) =>
    freeStock(data.balances.get(k.itemId) ?? [], data.holds.get(k.itemId) ?? [], k).toString(),
  );
}

/**
 * Whether new reservations fit, taken in order (each counts against the ones before it, so two
 * lines of one plan cannot both take the same spare sheet): the first that does not, with what was
 * free for it and the item, lot and location as people read them; null when all fit or the company
 * allows negative stock. The items are locked first (`lockItems`, the postings' lock order), so a
 * concurrent confirmation or posting cannot take the same stock before the caller reserves it.
 */
export async function firstShortfall(
  tx: Tx,
  wants: readonly BalanceWant[],
  takenOver: TakenOver | null = null,
): Promise<{ index: number; free: string; item: string; location: string } | null> {
  if (wants.length === 0) return null;
  await lockItems(
    tx,
    wants.map((w) => w.itemId),
  );
  const data = await freeStockData(
    tx,
    wants.map((w) => w.itemId),
    takenOver,
  );
  if (data.allowNegative) return null;
  for (const [index, w] of wants.entries()) {
    const holds = data.holds.get(w.itemId) ?? [];
    const free = freeStock(data.balances.get(w.itemId) ?? [], holds, w);
    if (new Decimal(w.quantity).gt(free)) {
      const label = await repo.balanceLabel(tx, w);
      return {
        index,
        free: free.toString(),
        item: label ? `${label.sku}${label.lot_number ? ` (${label.lot_number})` : ''}` : w.itemId,
        location: label?.code ?? w.locationId,
      };
    }
    data.holds.set(w.itemId, [...holds, { locationId: w.locationId, lotId: w.lotId, quantity: w.quantity }]);
  }
  return null;
}

/**
 * Whether a manual reservation (no lot) fits: the item is locked first (`lockItems`, the postings'
 * lock order, which also checks the location), so two reservations racing for the last units run
 * one after the other and the second sees the first. Its shortfall (what was free, the item's SKU
 * and the location's code) when it does not fit; null when it fits or the company allows negative
 * stock.
 */
export async function reservationShortfall(
  tx: Tx,
  want: { itemId: string; locationId: string | null; quantity: string },
): Promise<{ free: string; sku: string; location: string | null } | null> {
  const locked = await lockItems(tx, [want.itemId], want.locationId ? [want.locationId] : []);
  const data = await freeStockData(tx, [want.itemId], null);
  if (data.allowNegative) return null;
  const free = freeToReserve(
    data.balances.get(want.itemId) ?? [],
    data.holds.get(want.itemId) ?? [],
    want.locationId,
  );
  if (new Decimal(want.quantity).lte(free)) return null;
  return {
    free: free.toString(),
    sku: locked.get(want.itemId)?.sku ?? want.itemId,
    location: want.locationId ? ((await repo.locationCode(tx, want.locationId)) ?? want.locationId) : null,
  };
}
