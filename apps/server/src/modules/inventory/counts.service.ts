import { AppError, businessDay, type FieldIssue } from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as countsRepo from './counts.repo.ts';
import * as repo from './inventory.repo.ts';
import { assertLocations, posting } from './inventory.service.ts';
import { itemLotTracking } from './items.repo.ts';
import { lotIsOfItem } from './lots.repo.ts';
import type { PostingLine } from './posting.ts';

// Stock counts (inventura). A line remembers the book quantity at the moment it was counted
// (`book_qty`, `counted_at`); posting books exactly counted - book_qty, the difference the sheet
// shows. A line whose stock moved after it was counted is refused at posting and can be counted
// again (`recountLines`).

const notFound = () => new AppError('NOT_FOUND', 'Inventura nije pronađena');
const posted = () => new AppError('CONFLICT', 'Inventura je već proknjižena');

async function draftCount(tx: Tx, countId: string) {
  const count = await repo.getCount(tx, countId);
  if (!count) throw notFound();
  if (count.status !== 'draft') throw posted();
  return count;
}

/** A draft count's id (as the request named it) and location, as its repository functions take them. */
const sheet = (id: string, count: { location_id: string }) => ({ id, location_id: count.location_id });

/** Opens a count sheet for a location with the book quantities of everything stocked there. */
export async function createCount(
  tx: Tx,
  ctx: CompanyContext,
  input: { location_id: string; note?: string | null },
) {
  await assertLocations(tx, [input.location_id]);
  const id = await countsRepo.insertCount(tx, ctx, input);
  await countsRepo.insertLinesOfLocation(tx, ctx.companyId, id, input.location_id);
  return repo.getCount(tx, id);
}

/** Adds an item (and lot) that was found at the location but is not on the sheet. */
export async function addCountLine(
  tx: Tx,
  ctx: CompanyContext,
  countId: string,
  input: { item_id: string; lot_id?: string | null },
) {
  const count = await draftCount(tx, countId);
  if (!(await itemLotTracking(tx, input.item_id)))
    throw new AppError('VALIDATION', 'Artikl nije pronađen', [
      { field: 'item_id', key: 'validation.itemUnknown' },
    ]);
  if (input.lot_id) {
    if (!(await lotIsOfItem(tx, input.lot_id, input.item_id)))
      throw new AppError('VALIDATION', 'Lot ne pripada artiklu', [
        { field: 'lot_id', key: 'validation.invalid' },
      ]);
  }
  const lotId = input.lot_id ?? null;
  if (await countsRepo.hasLine(tx, countId, input.item_id, lotId))
    throw new AppError('CONFLICT', 'Artikl je već na popisu', [
      { field: 'item_id', key: 'validation.countLineExists' },
    ]);
  await countsRepo.insertLine(tx, ctx.companyId, sheet(countId, count), input.item_id, lotId);
  return repo.getCount(tx, countId);
}

/**
 * Saves counted quantities. A line whose counted quantity changes takes the book quantity of
 * this moment (it is counted now); saving the same quantity again keeps the earlier book quantity,
 * so re-saving the sheet never hides stock that moved since.
 */
export async function saveCountLines(
  tx: Tx,
  countId: string,
  lines: { id: string; counted_qty: string | null }[],
) {
  const count = await draftCount(tx, countId);
  for (const l of lines) await countsRepo.saveCounted(tx, sheet(countId, count), l);
  return repo.getCount(tx, countId);
}

/** Clears the named lines so they are counted again; their sheet book quantity is refreshed. */
export async function recountLines(tx: Tx, countId: string, lineIds: string[]) {
  const count = await draftCount(tx, countId);
  const cleared = await countsRepo.clearLines(tx, sheet(countId, count), lineIds);
  if (cleared.length !== new Set(lineIds).size)
    throw new AppError('VALIDATION', 'Stavka ne pripada ovoj inventuri', [
      { field: 'line_ids', key: 'validation.invalid' },
    ]);
  return repo.getCount(tx, countId);
}

/**
 * Posts a count: each counted line books counted - book quantity at counting as an adjustment of
 * a `count` document that names the count (reference and source). Refused, listing the lines,
 * when stock moved at the location after a line was counted: those lines must be counted again.
 */
export async function postCount(tx: Tx, ctx: CompanyContext, countId: string) {
  const count = await repo.getCount(tx, countId);
  if (!count) throw notFound();
  // A replayed request (same Idempotency-Key) got the posted count from db/idempotency.ts already.
  if (count.status !== 'draft') throw posted();
  const counted = count.lines.filter((l) => l.counted_qty !== null);
  if (counted.length === 0)
    throw new AppError('VALIDATION', 'Nijedna stavka nije prebrojana', [
      { field: 'lines', key: 'validation.countNothingCounted' },
    ]);
  const locationId = count.location_id as string;
  const day = businessDay();
  const doc = await posting(
    tx,
    ctx,
    counted.map((l) => l.item_id),
    async () => {
      // Under the item locks: nothing can move these items until the posting commits.
      const moved = ((await repo.getCount(tx, countId))?.lines ?? []).filter((l) => l.moved);
      if (moved.length > 0) {
        const details: FieldIssue[] = moved.map((m) => ({
          field: `lines.${m.id}`,
          key: 'validation.countStockMoved',
          params: {
            item: m.lot_number ? `${m.sku} (${m.lot_number})` : m.sku,
            book: m.book_qty ?? '0',
            current: m.current_qty,
            line_id: m.id,
          },
        }));
        throw new AppError(
          'CONFLICT',
          `Zaliha se promijenila nakon brojanja (${details.map((d) => d.params?.item).join(', ')}): ponovno prebrojite te stavke`,
          details,
        );
      }
      const lines: PostingLine[] = [];
      for (const l of counted) {
        const diff = new Decimal(l.counted_qty as string).minus(l.book_qty as string);
        if (!diff.isZero())
          lines.push({
            type: 'adjustment',
            itemId: l.item_id,
            locationId,
            lotId: l.lot_id,
            quantity: diff.toString(),
          });
      }
      return {
        type: 'count',
        reference: `INV-${count.location_code}-${day}`,
        note: count.note ?? null,
        sourceType: 'stock_count',
        sourceId: countId,
        documentDate: day,
        lines,
      };
    },
  );
  await countsRepo.markPosted(tx, countId, doc.id);
  return repo.getCount(tx, countId);
}
