import {
  AppError,
  type adjustmentSchema,
  type ItemListQuery,
  type issueSchema,
  type itemInputSchema,
  type itemUpdateSchema,
  type LotStrategy,
  type locationInputSchema,
  type locationUpdateSchema,
  pickLots,
  type receiptSchema,
  type reservationInputSchema,
  type transferSchema,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { assertKpdCode } from '../einvoice/kpd.ts';
import { saveAllowNegativeStock } from '../tenants/company-settings.service.ts';
import * as repo from './inventory.repo.ts';
import * as itemsRepo from './items.repo.ts';
import * as lotsRepo from './lots.repo.ts';
import { lockItems, notifyStock, type PostingDocument, type PostingLine, postLocked } from './posting.ts';
import { reservationShortfall } from './sheet-stock.ts';

type ItemInput = z.output<typeof itemInputSchema>;
type ItemUpdate = z.output<typeof itemUpdateSchema>;

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} nije pronađen`);
const pgCode = (e: unknown): string | undefined => {
  const x = e as { code?: unknown; cause?: { code?: unknown } };
  const c = x?.code ?? x?.cause?.code;
  return typeof c === 'string' ? c : undefined;
};

/** Turns unique and foreign-key violations into field errors the form can show. */
async function guarded<T>(run: () => Promise<T>, field: string): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const code = pgCode(e);
    if (code === '23505')
      throw new AppError('CONFLICT', 'Zapis s ovom oznakom već postoji', [
        { field, key: 'validation.duplicate' },
      ]);
    if (code === '23503')
      throw new AppError('VALIDATION', 'Povezani zapis ne postoji', [
        { field: 'base_unit', key: 'validation.invalid' },
      ]);
    throw e;
  }
}

// Items ------------------------------------------------------------------------------------------

const ITEM_FIELDS = [
  'sku',
  'name',
  'kind',
  'base_unit',
  'length_mm',
  'width_mm',
  'thickness_mm',
  'lot_tracked',
  'reorder_point',
  'reorder_qty',
  'default_supplier_id',
  'purchase_price',
  'sales_price',
  'vat_rate',
  'kpd_code',
  'vat_exemption',
  'price_basis',
  'glass_kind',
  'min_charge',
  'grain',
  'active',
  'image_file_id',
] as const;

export async function createItem(tx: Tx, ctx: CompanyContext, input: ItemInput) {
  assertKpdCode(input.kpd_code);
  await repo.ensureDefaultUnits(tx, ctx.companyId);
  const id = await guarded(() => itemsRepo.insertItem(tx, ctx.companyId, itemColumns(input)), 'sku');
  await notifyStock(tx, ctx.companyId, [id]);
  return (await repo.getItem(tx, id)) as repo.ItemRow;
}

/**
 * A product or component item the production area creates with its BOM editor (production checks
 * the code and unit first). The inventory module owns items; this is production's way to add one.
 */
export async function createProductItem(
  tx: Tx,
  companyId: string,
  p: {
    sku: string;
    name: string;
    baseUnit: string;
    salesPrice: string | null;
    kind: 'product' | 'component';
  },
): Promise<string> {
  return itemsRepo.insertItem(tx, companyId, [
    ['sku', p.sku],
    ['name', p.name],
    ['kind', p.kind],
    ['base_unit', p.baseUnit],
    ['sales_price', p.salesPrice],
  ]);
}

/** The item fields the input sets, as column/value pairs in ITEM_FIELDS order. */
const itemColumns = (input: ItemInput | ItemUpdate): itemsRepo.Columns =>
  ITEM_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]] as const);

export async function updateItem(tx: Tx, ctx: CompanyContext, id: string, input: ItemUpdate) {
  assertKpdCode(input.kpd_code);
  if (input.base_unit !== undefined || input.length_mm !== undefined || input.width_mm !== undefined)
    await assertCountedFieldsKept(tx, id, input);
  const columns = itemColumns(input);
  if (columns.length > 0) {
    const found = await guarded(() => itemsRepo.updateItem(tx, id, columns), 'sku');
    if (!found) throw notFound('Artikl');
    await notifyStock(tx, ctx.companyId, [id]);
  }
  const item = await repo.getItem(tx, id);
  if (!item) throw notFound('Artikl');
  return item;
}

/**
 * The ledger, balances, reservations and quantities on order hold numbers in the item's base unit,
 * and for a sheet or bar in pieces of its size: once any exist, another unit would relabel them
 * (300 kom would read 300 kg) and another size would recount them (10 sheets of 3210 × 2250 would
 * read as 7.2 sheets of 3210 × 3210, and cutting would plan with sheets that are not there). Such
 * an item keeps its unit and size; another unit is added as a conversion, another size is a new
 * item.
 */
async function assertCountedFieldsKept(
  tx: Tx,
  id: string,
  input: Pick<ItemUpdate, 'base_unit' | 'length_mm' | 'width_mm'>,
) {
  const use = await itemsRepo.itemUse(tx, id);
  if (!use) throw notFound('Artikl');
  if (!use.in_use) return;
  if (input.base_unit !== undefined && use.base_unit !== input.base_unit)
    throw new AppError(
      'CONFLICT',
      `Osnovna jedinica artikla ${use.sku} ne može se promijeniti: artikl već ima kretanja zalihe, rezervacije ili narudžbe`,
      [
        {
          field: 'base_unit',
          key: 'validation.baseUnitInUse',
          params: { sku: use.sku, unit: use.base_unit },
        },
      ],
    );
  const changed = (field: 'length_mm' | 'width_mm') =>
    input[field] !== undefined && !sameSize(input[field] ?? null, use[field]);
  const field = changed('length_mm') ? 'length_mm' : changed('width_mm') ? 'width_mm' : null;
  if (field) {
    const size = [use.length_mm, use.width_mm].filter((s) => s !== null).join(' × ') || '—';
    throw new AppError(
      'CONFLICT',
      `Dimenzije artikla ${use.sku} (${size} mm) ne mogu se promijeniti: artikl već ima kretanja zalihe, rezervacije ili narudžbe`,
      [{ field, key: 'validation.sizeInUse', params: { sku: use.sku, size } }],
    );
  }
}

/** Two sizes in mm (decimal text or none) are the same: 3210 = 3210.0. */
const sameSize = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : new Decimal(a).eq(b);

export async function itemDetail(tx: Tx, id: string) {
  const item = await repo.getItem(tx, id);
  if (!item) throw notFound('Artikl');
  return {
    item,
    balances: await repo.itemBalances(tx, id),
    conversions: await repo.listConversions(tx, id),
  };
}

export async function replaceConversions(
  tx: Tx,
  ctx: CompanyContext,
  itemId: string,
  list: { unit: string; factor: string; purchase: boolean }[],
) {
  const item = await repo.getItem(tx, itemId);
  if (!item) throw notFound('Artikl');
  // The base unit is 1 by definition: a factor for it would make "1 kom = 2 kom".
  if (list.some((c) => c.unit === item.base_unit))
    throw new AppError('VALIDATION', `Osnovna jedinica ${item.base_unit} nema pretvorbu`, [
      { field: 'unit', key: 'validation.conversionBaseUnit', params: { unit: item.base_unit } },
    ]);
  await repo.ensureDefaultUnits(tx, ctx.companyId);
  const units = new Set(list.map((c) => c.unit));
  if (units.size !== list.length)
    throw new AppError('VALIDATION', 'Jedinica je navedena dvaput', [
      { field: 'unit', key: 'validation.unitRepeated' },
    ]);
  await itemsRepo.deleteConversions(tx, itemId);
  for (const c of list) {
    // A conversion may name a unit the company has not used yet: it joins the unit list.
    await itemsRepo.addUnit(tx, ctx.companyId, c.unit);
    await itemsRepo.insertConversion(tx, ctx.companyId, itemId, c);
  }
  return repo.listConversions(tx, itemId);
}

export async function listItems(tx: Tx, q: ItemListQuery) {
  return repo.listItems(tx, q);
}

// Locations --------------------------------------------------------------------------------------

type LocationInput = z.output<typeof locationInputSchema>;
type LocationUpdate = z.output<typeof locationUpdateSchema>;

export async function createLocation(tx: Tx, ctx: CompanyContext, input: LocationInput) {
  const id = await guarded(() => itemsRepo.insertLocation(tx, ctx.companyId, input), 'code');
  return locationById(tx, id);
}

async function locationById(tx: Tx, id: string) {
  const found = (await repo.listLocations(tx)).find((l) => l.id === id);
  if (!found) throw notFound('Lokacija');
  return found;
}

export async function updateLocation(tx: Tx, id: string, input: LocationUpdate) {
  if (input.parent_id) {
    // A location may not sit inside itself or inside one of its own children.
    if (await itemsRepo.isAncestorOrSelf(tx, id, input.parent_id))
      throw new AppError('VALIDATION', 'Lokacija ne može biti unutar sebe same', [
        { field: 'parent_id', key: 'validation.locationInsideItself' },
      ]);
  }
  if (input.active === false) {
    // Stock on an inactive location would be counted but offered nowhere: move it out first. The
    // location row is locked first (FOR UPDATE): a posting to it in flight holds it FOR KEY SHARE
    // (migration 0057b's balance trigger), so this waits for that posting and then sees its stock,
    // and a posting that comes after waits for this and then finds the location inactive.
    await itemsRepo.lockLocation(tx, id);
    const held = await itemsRepo.locationHoldings(tx, id);
    if (!held) throw notFound('Lokacija');
    if (held.items > 0)
      throw new AppError(
        'CONFLICT',
        `Lokacija ${held.code} još ima zalihu (${held.items} artikala): prenesite je prije deaktivacije`,
        [
          {
            field: 'active',
            key: 'validation.locationHasStock',
            params: { code: held.code, items: held.items },
          },
        ],
      );
  }
  const columns = (['code', 'name', 'type', 'parent_id', 'active'] as const)
    .filter((c) => input[c] !== undefined)
    .map((c) => [c, input[c]] as const);
  if (columns.length) {
    const found = await guarded(() => itemsRepo.updateLocation(tx, id, columns), 'code');
    if (!found) throw notFound('Lokacija');
  }
  return locationById(tx, id);
}

export async function locationDetail(tx: Tx, id: string) {
  return { location: await locationById(tx, id), stock: await repo.locationStock(tx, id) };
}

// Postings ---------------------------------------------------------------------------------------

/**
 * The shape of every posting use-case: lock the items in the fixed order, build the lines from the
 * locked state, post. (A replayed Idempotency-Key never gets here: db/idempotency.ts answers it.)
 */
export async function posting(
  tx: Tx,
  ctx: CompanyContext,
  itemIds: string[],
  build: (locked: Awaited<ReturnType<typeof lockItems>>) => Promise<PostingDocument>,
  /** The document's locations: checked with the item lock (VALIDATION when one is unknown). */
  locationIds: string[] = [],
) {
  const locked = await lockItems(tx, itemIds, locationIds);
  const doc = await build(locked);
  // The answer comes from the write statement itself (posting.repo.ts), as getDocument shows it.
  return (await postLocked(tx, ctx, locked, doc)).document;
}

export async function assertLocations(tx: Tx, ids: string[]): Promise<void> {
  const found = await itemsRepo.existingLocationIds(tx, ids);
  if (found.length !== new Set(ids).size)
    throw new AppError('VALIDATION', 'Lokacija nije pronađena', [
      { field: 'location_id', key: 'validation.locationUnknown' },
    ]);
}

async function lotFor(
  tx: Tx,
  ctx: CompanyContext,
  item: { item_id: string; lot_tracked: boolean; sku: string },
  line: { lot_id?: string | null; lot_number?: string | null; expires_on?: string | null },
  supplierId: string | null,
  field: string,
  receivedOn: string | null = null,
): Promise<string | null> {
  if (!item.lot_tracked) return null;
  if (line.lot_id) return line.lot_id;
  if (!line.lot_number)
    throw new AppError('VALIDATION', `Artikl ${item.sku} prati lotove: unesite broj lota`, [
      { field, key: 'validation.lotRequired' },
    ]);
  return lotsRepo.upsertLot(tx, ctx.companyId, {
    itemId: item.item_id,
    lotNumber: line.lot_number,
    supplierId,
    expiresOn: line.expires_on ?? null,
    receivedOn,
  });
}

export async function receive(
  tx: Tx,
  ctx: CompanyContext,
  /** `received_on`: the business day of a goods receipt (validated by purchasing); default today. */
  input: z.output<typeof receiptSchema> & { received_on?: string },
) {
  return posting(
    tx,
    ctx,
    input.lines.map((l) => l.item_id),
    async (locked) => {
      const lines: PostingLine[] = [];
      for (const [i, l] of input.lines.entries()) {
        const item = locked.get(l.item_id);
        if (!item) throw notFound('Artikl');
        lines.push({
          type: 'receipt',
          itemId: l.item_id,
          locationId: input.location_id,
          lotId: await lotFor(
            tx,
            ctx,
            item,
            l,
            input.supplier_id ?? null,
            `lines.${i}.lot_number`,
            input.received_on ?? null,
          ),
          quantity: l.quantity,
          unitCost: l.unit_cost ?? item.purchase_price ?? item.avg_cost,
        });
      }
      return {
        type: 'receipt',
        reference: input.reference,
        note: input.note,
        documentDate: input.received_on ?? null,
        lines,
      };
    },
    [input.location_id],
  );
}

/**
 * Splits an outgoing line of a lot-tracked item over lots (FEFO/FIFO unless a lot is named).
 * Runs under the item lock, so the balances it reads cannot change before the posting.
 */
export async function outgoing(
  tx: Tx,
  locked: Awaited<ReturnType<typeof lockItems>>,
  line: { item_id: string; quantity: string; lot_id?: string | null },
  locationId: string,
  strategy: LotStrategy,
): Promise<{ lotId: string | null; quantity: string }[]> {
  const item = locked.get(line.item_id);
  if (!item) throw notFound('Artikl');
  if (!item.lot_tracked) return [{ lotId: null, quantity: line.quantity }];
  if (line.lot_id) {
    // A chosen lot must be one of this item's lots.
    if (!(await lotsRepo.lotIsOfItem(tx, line.lot_id, line.item_id)))
      throw new AppError('VALIDATION', `Lot ne pripada artiklu ${item.sku}`, [
        { field: 'lot_id', key: 'validation.lotNotOfItem', params: { item: item.sku } },
      ]);
    return [{ lotId: line.lot_id, quantity: line.quantity }];
  }
  const candidates = await lotsRepo.lotsInStock(tx, line.item_id, locationId);
  const picked = pickLots(candidates, line.quantity, strategy);
  if (!picked.ok) {
    // Not enough in all lots together: post the whole quantity against the first lot (or none) so
    // the ledger check reports the shortage, or books it negative when the company allows that.
    return [{ lotId: candidates[0]?.lotId ?? null, quantity: line.quantity }];
  }
  return picked.picks.map((p) => ({ lotId: p.lotId, quantity: p.quantity }));
}

export async function issue(tx: Tx, ctx: CompanyContext, input: z.output<typeof issueSchema>) {
  return posting(
    tx,
    ctx,
    input.lines.map((l) => l.item_id),
    async (locked) => {
      const lines: PostingLine[] = [];
      for (const l of input.lines) {
        for (const part of await outgoing(tx, locked, l, input.location_id, input.lot_strategy)) {
          lines.push({
            type: 'issue',
            itemId: l.item_id,
            locationId: input.location_id,
            lotId: part.lotId,
            quantity: neg(part.quantity),
          });
        }
      }
      return { type: 'issue', reference: input.reference, note: input.note, reason: input.reason, lines };
    },
    [input.location_id],
  );
}

const neg = (q: string) => new Decimal(q).negated().toString();

export async function transfer(tx: Tx, ctx: CompanyContext, input: z.output<typeof transferSchema>) {
  if (input.from_location_id === input.to_location_id)
    throw new AppError('VALIDATION', 'Odredišna lokacija mora biti različita od izvorne', [
      { field: 'to_location_id', key: 'validation.sameLocation' },
    ]);
  return posting(
    tx,
    ctx,
    input.lines.map((l) => l.item_id),
    async (locked) => {
      const lines: PostingLine[] = [];
      for (const l of input.lines) {
        for (const part of await outgoing(tx, locked, l, input.from_location_id, input.lot_strategy)) {
          lines.push({
            type: 'transfer',
            itemId: l.item_id,
            locationId: input.from_location_id,
            lotId: part.lotId,
            quantity: neg(part.quantity),
          });
          lines.push({
            type: 'transfer',
            itemId: l.item_id,
            locationId: input.to_location_id,
            lotId: part.lotId,
            quantity: part.quantity,
          });
        }
      }
      return { type: 'transfer', reference: input.reference, note: input.note, reason: input.reason, lines };
    },
    [input.from_location_id, input.to_location_id],
  );
}

export async function adjust(tx: Tx, ctx: CompanyContext, input: z.output<typeof adjustmentSchema>) {
  return posting(
    tx,
    ctx,
    input.lines.map((l) => l.item_id),
    async (locked) => {
      const lines: PostingLine[] = [];
      for (const [i, l] of input.lines.entries()) {
        const item = locked.get(l.item_id);
        if (!item) throw notFound('Artikl');
        if (new Decimal(l.quantity).isNegative()) {
          const parts = await outgoing(
            tx,
            locked,
            { ...l, quantity: neg(l.quantity) },
            input.location_id,
            'fefo',
          );
          for (const p of parts)
            lines.push({
              type: 'adjustment',
              itemId: l.item_id,
              locationId: input.location_id,
              lotId: p.lotId,
              quantity: neg(p.quantity),
            });
        } else {
          lines.push({
            type: 'adjustment',
            itemId: l.item_id,
            locationId: input.location_id,
            lotId: await lotFor(tx, ctx, item, l, null, `lines.${i}.lot_number`),
            quantity: l.quantity,
            unitCost: l.unit_cost,
          });
        }
      }
      return {
        type: 'adjustment',
        reference: input.reference,
        note: input.note,
        reason: input.reason,
        lines,
      };
    },
    [input.location_id],
  );
}

/**
 * Generic posting for other areas (production consumption/output, delivery notes): lines are
 * already resolved to lots. Use inside the caller's transaction.
 */
export async function postLines(tx: Tx, ctx: CompanyContext, doc: PostingDocument) {
  return posting(
    tx,
    ctx,
    doc.lines.map((l) => l.itemId),
    async () => doc,
  );
}

/** Undoes a posted document with opposite movements at the original costs. */
export async function reverse(tx: Tx, ctx: CompanyContext, documentId: string) {
  const original = await repo.getDocument(tx, documentId);
  if (!original) throw notFound('Dokument');
  if (original.type === 'reversal') throw new AppError('CONFLICT', 'Storno se ne može stornirati');
  return posting(
    tx,
    ctx,
    original.lines.map((l) => l.item_id),
    async () => {
      if (await repo.isReversed(tx, documentId)) throw new AppError('CONFLICT', 'Dokument je već storniran');
      return {
        type: 'reversal',
        reference: original.reference,
        note: null,
        reversesDocumentId: documentId,
        lines: original.lines.map((m) => ({
          type: 'reversal',
          itemId: m.item_id,
          locationId: m.location_id,
          lotId: m.lot_id,
          quantity: neg(m.quantity),
          unitCost: m.unit_cost,
          reversesMovementId: m.id,
        })),
      };
    },
  );
}

// Reservations, lots, settings -------------------------------------------------------------------

/**
 * A reservation made by hand (`POST reservations`): refused when it asks for more than is free at
 * its location (or for the item, without one), like a posting that would leave stock negative.
 * Delivery notes reserve through `reserveWithinFree` (the same check, line by line); work orders
 * reserve through `reserve` without it: their holds record demand, and a shortage shows in
 * availability and low stock.
 */
export async function reserveManual(
  tx: Tx,
  ctx: CompanyContext,
  input: z.output<typeof reservationInputSchema>,
) {
  const short = await reservationShortfall(tx, {
    itemId: input.item_id,
    locationId: input.location_id ?? null,
    quantity: input.quantity,
  });
  if (short) throw reservationRefused(short, input.quantity);
  return reserve(tx, ctx, input);
}

function reservationRefused(
  s: { free: string; sku: string; location: string | null },
  requested: string,
): AppError {
  const where = s.location === null ? 'ukupno' : `na lokaciji ${s.location}`;
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Rezervacija nije moguća: artikl ${s.sku} ${where} ima slobodno ${s.free}, traženo ${requested}`,
    [
      s.location === null
        ? {
            field: 'quantity',
            key: 'validation.reservationOverFreeItem',
            params: { item: s.sku, available: s.free, requested },
          }
        : {
            field: 'quantity',
            key: 'validation.reservationOverFree',
            params: { item: s.sku, location: s.location, available: s.free, requested },
          },
    ],
  );
}

/**
 * Several reservations that must each fit in what is free (a draft delivery note's lines at its
 * source location). The items are locked together first, in the postings' fixed order, so two
 * documents reserving the same items queue instead of deadlocking; then each reservation is checked
 * against what is free after the ones before it (the same item twice counts twice) and made. The
 * first that does not fit is returned with its index and what was free for it, and nothing after
 * it is reserved: the caller refuses, and its transaction rolls back the ones made before. Null:
 * everything is reserved. A company that allows negative stock reserves everything.
 */
export async function reserveWithinFree(
  tx: Tx,
  ctx: CompanyContext,
  inputs: readonly z.output<typeof reservationInputSchema>[],
): Promise<{ index: number; free: string; sku: string; location: string | null } | null> {
  if (inputs.length === 0) return null;
  await lockItems(
    tx,
    inputs.map((i) => i.item_id),
  );
  for (const [index, input] of inputs.entries()) {
    const short = await reservationShortfall(tx, {
      itemId: input.item_id,
      locationId: input.location_id ?? null,
      quantity: input.quantity,
    });
    if (short) return { index, ...short };
    await reserve(tx, ctx, input);
  }
  return null;
}

export async function reserve(tx: Tx, ctx: CompanyContext, input: z.output<typeof reservationInputSchema>) {
  if (!(await repo.getItem(tx, input.item_id))) throw notFound('Artikl');
  const id = await repo.insertReservation(tx, ctx, input);
  await notifyStock(tx, ctx.companyId, [input.item_id]);
  return id;
}

export async function releaseReservation(tx: Tx, ctx: CompanyContext, id: string) {
  const itemId = await repo.releaseReservation(tx, id);
  if (!itemId) throw notFound('Rezervacija');
  await notifyStock(tx, ctx.companyId, [itemId]);
}

/** A released reservation active again (a cutting list's confirmation undone gives its order's back). */
export async function restoreReservation(tx: Tx, ctx: CompanyContext, id: string) {
  const itemId = await repo.restoreReservation(tx, id);
  if (!itemId) throw notFound('Rezervacija');
  await notifyStock(tx, ctx.companyId, [itemId]);
}

export async function linkLots(
  tx: Tx,
  ctx: CompanyContext,
  input: {
    consumed_lot_id: string;
    produced_lot_id: string;
    quantity: string;
    source_type?: string | null;
    source_id?: string | null;
  },
) {
  return lotsRepo.insertLotLink(tx, ctx.companyId, input);
}

export async function getSettings(tx: Tx) {
  return { allow_negative_stock: (await itemsRepo.allowNegativeStock(tx)) ?? false };
}

export async function putSettings(tx: Tx, ctx: CompanyContext, input: { allow_negative_stock: boolean }) {
  await saveAllowNegativeStock(tx, ctx.companyId, input.allow_negative_stock);
  return getSettings(tx);
}

// Opening stock ----------------------------------------------------------------------------------

export type OpeningLine = {
  item_id: string;
  location_id: string;
  quantity: string;
  unit_cost: string | null;
  lot_number: string | null;
  expires_on: string | null;
};

/**
 * Posts opening stock (from an import) as one document of receipts through the same posting path
 * as every other receipt: item locks in order, lots created or reused, moving average, balances.
 * A line without a cost comes in at the item's purchase price (or its current average).
 */
export async function postOpeningStock(tx: Tx, ctx: CompanyContext, lines: readonly OpeningLine[]) {
  const doc = await posting(
    tx,
    ctx,
    lines.map((l) => l.item_id),
    async (locked) => {
      const prices = await itemsRepo.purchasePrices(
        tx,
        lines.map((l) => l.item_id),
      );
      const out: PostingLine[] = [];
      for (const [i, l] of lines.entries()) {
        const item = locked.get(l.item_id);
        if (!item) throw notFound('Artikl');
        out.push({
          type: 'receipt',
          itemId: l.item_id,
          locationId: l.location_id,
          lotId: await lotFor(tx, ctx, item, l, null, `lines.${i}.lot_number`),
          quantity: l.quantity,
          unitCost: l.unit_cost ?? prices.get(l.item_id) ?? item.avg_cost,
        });
      }
      return { type: 'opening', reference: null, note: 'Početno stanje (uvoz datoteke)', lines: out };
    },
  );
  return doc.id;
}

// For other areas: what is on order (purchasing), the company's units (production), lot traces
// (documents). They reach inventory's tables only through these.
export const addOnOrder = repo.addOnOrder;
export const ensureDefaultUnits = repo.ensureDefaultUnits;
export const traceLots = repo.traceLots;

/** The items of a posting, locked in the fixed order, with their on-hand and average cost. */
export type LockedItems = Awaited<ReturnType<typeof lockItems>>;

/**
 * The one posting path for other areas that must decide their lines from the locked state (lots
 * FEFO, averages): the items are locked once, `build` returns the document (or null: nothing to
 * post), and it is posted under those same locks. Returns the stock document id, or null.
 */
export async function postWithLocks(
  tx: Tx,
  ctx: CompanyContext,
  itemIds: readonly string[],
  build: (locked: LockedItems) => Promise<PostingDocument | null>,
): Promise<string | null> {
  const locked = await lockItems(tx, itemIds);
  const doc = await build(locked);
  if (!doc || doc.lines.length === 0) return null;
  return (await postLocked(tx, ctx, locked, doc)).documentId;
}

/** A new lot of an item (a work order's output): its id. */
export async function createLot(
  tx: Tx,
  ctx: CompanyContext,
  itemId: string,
  lotNumber: string,
): Promise<string> {
  return lotsRepo.insertLot(tx, ctx.companyId, itemId, lotNumber);
}

/**
 * Facts other areas read as a use-case: a document line's item, a cutting material, VAT exemptions,
 * an item's existence and average cost, a taken code, known units, locations.
 */
export {
  type CuttingItemFacts,
  countExistingItems,
  cuttingItemFacts,
  type DocumentItemFacts,
  documentItemFacts,
  existingUnits,
  itemAvgCost,
  itemExists,
  itemSkus,
  locationActive,
  locationChoices,
  locationExists,
  lotNumbers,
  skuTaken,
  vatExemptions,
} from './item-facts.repo.ts';
