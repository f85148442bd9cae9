import {
  AppError,
  baseToPieces,
  type Cut1dInput,
  type Cut2dInput,
  type CutResult,
  type CuttingJobCreate,
  type CuttingJobInput,
  type CuttingPiece,
  cuttingJobInputSchema,
  jobSettingsFromDefaults,
  jobToCutInput,
  type PieceSize,
  pieceMeasure,
  piecesToBase,
  pieceUnitKind,
  planFigures,
  remnantReceipt,
  remnantsOf,
  validatePlan1d,
  validatePlan2d,
} from '@erp/domain';
import Decimal from 'decimal.js';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { workOrderCuttingGroups, workOrderCuttingPieces } from '../documents/cutting-pieces.ts';
import { onCuttingListConfirmed, onCuttingListUnconfirmed } from '../documents/work-order-completion.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import {
  consumeReservations,
  createRemnantLot,
  firstShortfall,
  freeOnBalances,
  pieceSize,
  reserveLot,
  type SheetLot,
  sheetItem,
  sheetLot,
  type TakenOver,
} from '../inventory/sheet-stock.ts';
import * as repo from './cutting.repo.ts';
import { getCuttingDefaults } from './cutting-settings.ts';

export type { JobRow } from './cutting.repo.ts';

const notFound = () => new AppError('NOT_FOUND', 'Krojna lista nije pronađena');
const transition = (message: string) => new AppError('INVALID_TRANSITION', message);

/**
 * A new list; kerf, trim, remnant minimums and weld allowance left out come from the company's
 * cutting defaults for the list's kind (each given value wins on its own).
 */
export async function createJob(tx: Tx, ctx: CompanyContext, create: CuttingJobCreate) {
  const defaults = jobSettingsFromDefaults(await getCuttingDefaults(tx), create.kind);
  const input: CuttingJobInput = {
    ...create,
    kerf: create.kerf ?? defaults.kerf,
    trim: create.trim ?? defaults.trim,
    min_remnant_length: create.min_remnant_length ?? defaults.min_remnant_length,
    min_remnant_width: create.min_remnant_width ?? defaults.min_remnant_width,
    weld_allowance: create.kind === '1d' ? (create.weld_allowance ?? defaults.weld_allowance) : 0,
  };
  await assertStockRefs(tx, input);
  const id = await repo.insertJob(tx, ctx.companyId, ctx.userId, input);
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return (await repo.getJob(tx, id)) as repo.JobRow;
}

/** Stock lines naming inventory must name real items (RLS keeps them inside the company). */
async function assertStockRefs(tx: Tx, input: CuttingJobInput) {
  for (const [i, s] of input.stock.entries()) {
    if (!s.item_id) continue;
    if (!(await inventory.itemExists(tx, s.item_id)))
      throw new AppError('VALIDATION', 'Artikl zalihe nije pronađen', [
        { field: `stock.${i}.item_id`, key: 'validation.itemUnknown' },
      ]);
  }
}

export async function getJob(tx: Tx, id: string) {
  const job = await repo.getJob(tx, id);
  if (!job) throw notFound();
  const remnants = await repo.remnantsOfJob(tx, id);
  // Each remnant's measure in its item's unit (its area in m², its length in m, or one piece).
  // The plan's figures (pieces, offcuts kept as stock, waste) come from here, so the screen and
  // the PDF print the same numbers and the browser computes none of them.
  return {
    ...job,
    figures: job.plan ? planFigures(job.input, job.plan) : null,
    remnants: remnants.map((r) => ({
      ...r,
      measure: pieceMeasure(r.unit, { length: r.length_mm, width: r.width_mm || null }),
    })),
  };
}

/**
 * Stores a plan computed by the optimiser (in the browser's worker or anywhere else) after the
 * independent validator has checked it against the job; an invalid plan is refused whole.
 */
export async function savePlan(tx: Tx, ctx: CompanyContext, id: string, plan: CutResult) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'draft' && job.status !== 'planned')
    throw transition('Plan potvrđene krojne liste ne može se mijenjati');
  const input = jobToCutInput(job.input);
  const issues =
    input.kind === '1d' && plan.kind === '1d'
      ? validatePlan1d(input as Cut1dInput, plan)
      : input.kind === '2d' && plan.kind === '2d'
        ? validatePlan2d(input as Cut2dInput, plan)
        : ['plan kind does not match the job'];
  if (plan.lowerBound > plan.layouts.length) issues.push('lower bound above the plan');
  if (issues.length > 0)
    throw new AppError('VALIDATION', `Plan rezanja nije ispravan: ${issues.slice(0, 3).join('; ')}`, [
      { field: 'plan', key: 'validation.cuttingPlanInvalid' },
    ]);
  await repo.savePlan(tx, id, plan, planFigures(job.input, plan).total.wastePercent);
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}

/** Sheets/bars a plan takes from each stock line (by ref). */
function usage(plan: CutResult): Map<string, number> {
  const used = new Map<string, number>();
  for (const l of plan.layouts) used.set(l.stockId, (used.get(l.stockId) ?? 0) + 1);
  return used;
}

/** One inventory stock line a plan uses: how many pieces, and what that is in the item's base unit. */
type StockUse = {
  ref: string;
  /** position of the line in the job's stock (for error fields) */
  index: number;
  itemId: string;
  locationId: string;
  lotId: string | null;
  lot: SheetLot | null;
  unit: string;
  /** pieces (sheets, bars or the remnant) the plan cuts from this line */
  count: number;
  /** count × one piece's measure, in the item's base unit (m², m or pieces) */
  quantity: string;
};

const stockError = (message: string, field: string, key: string, params?: Record<string, string>) =>
  new AppError('VALIDATION', message, [{ field, key, ...(params ? { params } : {}) }]);

/**
 * The inventory lines of a planned job with the pieces each gives the plan, converted to the
 * item's base unit by the size of one piece (the remnant lot's own size, else the item's). A line
 * whose item, lot, location, size or unit does not fit the inventory is refused with its field.
 * Sizes typed in by hand (no item) are not inventory and are skipped.
 */
async function stockUses(tx: Tx, job: repo.JobRow): Promise<StockUse[]> {
  const uses: StockUse[] = [];
  for (const [ref, count] of usage(job.plan as CutResult)) {
    const index = job.input.stock.findIndex((x) => x.ref === ref);
    const s = job.input.stock[index];
    if (!s?.item_id) continue;
    const field = `stock.${index}`;
    if (!s.location_id)
      throw stockError('Ploče iz skladišta trebaju lokaciju', `${field}.location_id`, 'validation.required');
    const item = await sheetItem(tx, s.item_id);
    if (!item) throw stockError('Artikl zalihe nije pronađen', `${field}.item_id`, 'validation.itemUnknown');
    const lot = s.lot_id ? await sheetLot(tx, s.lot_id) : null;
    if (s.lot_id && lot?.item_id !== item.id)
      throw stockError('Lot ne pripada artiklu', `${field}.lot_id`, 'validation.invalid');
    if (!lot && item.lot_tracked)
      throw stockError('Artikl prati lotove: odaberite lot', `${field}.lot_id`, 'validation.lotRequired');
    const size = pieceSize(item, lot);
    const fits =
      size !== null &&
      (job.kind === '1d'
        ? s.length === Math.round(Number(size.length))
        : sameSheet([s.width, s.height], [size.length, size.width]));
    if (!size || !fits)
      throw stockError('Dimenzije ploče ne odgovaraju skladištu', field, 'validation.cuttingStockSize', {
        sku: item.sku,
      });
    const quantity = piecesToBase(item.base_unit, size, count);
    if (quantity === null)
      throw stockError(
        `Jedinica ${item.base_unit} ne može se izračunati iz dimenzija`,
        `${field}.item_id`,
        'validation.cuttingUnitUnsupported',
        { sku: item.sku, unit: item.base_unit },
      );
    uses.push({
      ref,
      index,
      itemId: item.id,
      locationId: s.location_id,
      lotId: lot?.id ?? null,
      lot,
      unit: item.base_unit,
      count,
      quantity,
    });
  }
  return uses;
}

/** Whether a stock line's two sides are the piece's (either way round). */
function sameSheet(
  line: (number | undefined)[],
  piece: (PieceSize['width'] | PieceSize['length'])[],
): boolean {
  const a = line.map((v) => v ?? 0).sort((x, y) => x - y);
  const b = piece.map((v) => Math.round(Number(v ?? 0))).sort((x, y) => x - y);
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * The reservations a list takes over when it is confirmed: its work order's reservations of the
 * list's material (`onCuttingListConfirmed` releases them), so they are free for this list.
 */
function takenOverBy(job: Pick<repo.JobRow, 'source_type' | 'source_id' | 'input'>): TakenOver | null {
  const materialId = job.input.material_id ?? null;
  return job.source_type === 'work_order' && job.source_id && materialId
    ? { sourceType: 'work_order', sourceId: job.source_id, itemId: materialId }
    : null;
}

/**
 * Confirming reserves, per inventory stock line (item, location and lot), exactly the pieces the
 * plan cuts from it, in the item's base unit: 2 sheets of 3210 × 2250 kept in m² are 14.445 m².
 * Each line must be free by the inventory's rule (`firstShortfall`: reservations on the lot, and
 * lot-less ones of other orders and notes at the location or item-wide, count against it).
 */
export async function confirm(tx: Tx, ctx: CompanyContext, id: string) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'planned' || !job.plan) throw transition('Potvrditi se može samo izračunat plan');
  // Refused for a completed order (it would consume twice); the order's own reservation of the
  // material gives way to the list's, and the list keeps which ones it took (undo puts them back).
  const takenOver =
    job.source_type === 'work_order' && job.source_id
      ? await onCuttingListConfirmed(tx, ctx, job.source_id, job.input.material_id ?? null)
      : [];
  const uses = await stockUses(tx, job);
  // Nothing is reserved unless every line has the pieces free (the check locks the items, so a
  // concurrent confirmation or posting cannot take the same stock before the reservations below).
  const short = await firstShortfall(tx, uses, takenOverBy(job));
  if (short) {
    const u = uses[short.index] as StockUse;
    const params = {
      item: short.item,
      location: short.location,
      available: `${short.free} ${u.unit}`,
      requested: `${new Decimal(u.quantity).toString()} ${u.unit}`,
    };
    throw new AppError(
      'INSUFFICIENT_STOCK',
      `Nedovoljno zalihe: artikl ${short.item} na lokaciji ${short.location} ima slobodno ${params.available}, traženo ${params.requested}`,
      [{ field: `stock.${u.index}`, key: 'errors.INSUFFICIENT_STOCK', params }],
    );
  }
  for (const u of uses)
    await reserveLot(tx, ctx, {
      itemId: u.itemId,
      locationId: u.locationId,
      lotId: u.lotId,
      quantity: u.quantity,
      sourceType: 'cutting',
      sourceId: id,
      note: `Krojna lista ${job.number}: ${u.count} kom`,
    });
  await repo.setTakenOver(tx, id, takenOver);
  await repo.setStatus(tx, id, 'confirmed');
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}

/**
 * Undoing a confirmation before anything is cut (the customer cancelled, the order changed): the
 * list's reservations are released, the work order's own reservations the confirmation took over
 * are active again, and the list is planned again. So reservations are as they were before the
 * confirmation (nothing was posted), and the list can be planned afresh, confirmed again, or its
 * work order cancelled or completed (both wait while a list of it is confirmed).
 */
export async function unconfirm(tx: Tx, ctx: CompanyContext, id: string) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'confirmed') throw transition('Poništiti se može samo potvrda potvrđene krojne liste');
  await consumeReservations(tx, ctx, 'cutting', id, 'released');
  await onCuttingListUnconfirmed(tx, ctx, await repo.takenOver(tx, id));
  await repo.setTakenOver(tx, id, []);
  await repo.setStatus(tx, id, 'planned');
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}

/**
 * Completing issues the pieces of the plan (count × size in the base unit, from the reserved
 * location and lot) through the inventory posting service, and returns every offcut above the
 * job's minimum size as a remnant: a lot of the same item with its own size, received at its
 * measure (area in m², length in m, or one piece) and valued at the parent's cost per unit (or
 * its share of the piece's cost for items counted in pieces), linked to the parent lot. (A replayed
 * Idempotency-Key answers the stored job: db/idempotency.ts, applied by inCompany.)
 */
export async function complete(tx: Tx, ctx: CompanyContext, id: string) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'confirmed' || !job.plan)
    throw transition('Završiti se može samo potvrđena krojna lista');
  const plan = job.plan;
  const uses = await stockUses(tx, job);
  const lines: PostingLine[] = uses.map((u) => ({
    type: 'issue',
    itemId: u.itemId,
    locationId: u.locationId,
    lotId: u.lotId,
    quantity: new Decimal(u.quantity).negated().toString(),
  }));
  const remnants: repo.RemnantInsert[] = [];
  let k = 0;
  for (const r of remnantsOf(job.input, plan)) {
    const u = uses.find((x) => x.ref === r.stockRef);
    if (!u) continue; // a size typed in by hand: its offcuts are not inventory
    const layout = plan.layouts[r.layout];
    const parent =
      layout && 'length' in layout
        ? { kind: '1d' as const, length: layout.length, width: 0 }
        : { kind: '2d' as const, length: layout?.width ?? 0, width: layout?.height ?? 0 };
    const shape = { kind: parent.kind, length: r.length, width: r.width };
    const receipt = remnantReceipt(u.unit, await inventory.itemAvgCost(tx, u.itemId), parent, shape);
    if (!receipt) continue; // below the ledger's resolution (under 50 mm²): waste, not a remnant
    k++;
    const lotId = await createRemnantLot(tx, ctx, {
      itemId: u.itemId,
      lotNumber: `K${job.number}-${k}`,
      length: r.length,
      width: job.kind === '2d' ? r.width : null,
      parentLot: u.lot,
    });
    lines.push({
      type: 'receipt',
      itemId: u.itemId,
      locationId: u.locationId,
      lotId,
      quantity: receipt.quantity,
      // In m²/m the remnant keeps the item's cost per unit: the posting's own (locked) average.
      // Counted in pieces it is worth its share of a piece.
      ...(pieceUnitKind(u.unit) === 'piece' ? { unitCost: receipt.unitCost } : {}),
    });
    remnants.push({
      itemId: u.itemId,
      lotId,
      parentItemId: u.itemId,
      parentLotId: u.lotId,
      length: r.length,
      width: r.width,
      quantity: receipt.quantity,
    });
  }
  if (lines.length > 0) {
    await inventory.postLines(tx, ctx, {
      type: 'production',
      reference: `KL-${job.number}`,
      note: job.name,
      sourceType: 'cutting',
      sourceId: id,
      lines,
    });
  }
  for (const r of remnants) {
    await repo.insertRemnant(tx, ctx.companyId, id, r);
    if (r.parentLotId)
      await inventory.linkLots(tx, ctx, {
        consumed_lot_id: r.parentLotId,
        produced_lot_id: r.lotId,
        quantity: r.quantity,
        source_type: 'cutting',
        source_id: id,
      });
  }
  // The reservations made at confirmation are used up now.
  await consumeReservations(tx, ctx, 'cutting', id);
  await repo.setStatus(tx, id, 'completed');
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}

/** Seam for work orders: every 2D piece the documents area derives from the order (all sheet materials). */
export async function piecesFromWorkOrder(tx: Tx, workOrderId: string): Promise<CuttingPiece[]> {
  return workOrderCuttingPieces(tx, workOrderId);
}

/**
 * Sheets/bars usable for cutting, one row per balance (item, location, lot), remnants first. Each
 * row counts whole pieces (of the remnant's own size, else the item's) beside the base unit:
 * `quantity` is the pieces free to plan with by the inventory's rule (`freeOnBalances`, the one
 * confirmation checks), `reserved` the rest of the balance (on hand − free). For a list (`jobId`)
 * its work order's reservations of the list's material count as free: the list takes them over.
 * Items whose unit a size cannot give (kg, m³) are left out: they cannot be cut by count.
 */
export async function stock(tx: Tx, kind: '1d' | '2d', jobId?: string) {
  const job = jobId ? await repo.getJob(tx, jobId) : null;
  if (jobId && !job) throw notFound();
  const rows = await repo.stockCandidates(tx, kind);
  const frees = await freeOnBalances(
    tx,
    rows.map((r) => ({ itemId: r.item_id, locationId: r.location_id, lotId: r.lot_id })),
    job ? takenOverBy(job) : null,
  );
  return rows.flatMap((r, i) => {
    const size = { length: r.length_mm, width: kind === '2d' ? r.width_mm : null };
    const onHand = baseToPieces(r.base_unit, size, r.quantity);
    const freeQty = frees[i] ?? '0';
    const free = baseToPieces(r.base_unit, size, freeQty);
    if (!onHand || !free || onHand.pieces <= 0) return [];
    return [
      {
        item_id: r.item_id,
        sku: r.sku,
        name: r.name,
        location_id: r.location_id,
        location_code: r.location_code,
        lot_id: r.lot_id,
        lot_number: r.lot_number,
        // Sheets: the first dimension is the length along the grain (x), the second the width.
        length: Math.round(Number(r.length_mm)),
        width: r.width_mm === null ? null : Math.round(Number(r.width_mm)),
        quantity: Math.max(0, free.pieces),
        pieces_on_hand: onHand.pieces,
        unit: r.base_unit,
        on_hand: r.quantity,
        reserved: new Decimal(r.quantity).minus(freeQty).toString(),
        remnant: r.remnant,
        // The standard sheet/bar item a remnant belongs to (the material of a work-order list).
        material_id: r.material_id,
      },
    ];
  });
}

export async function listJobs(tx: Tx, limit: number, offset: number, sourceId?: string) {
  return repo.listJobs(tx, limit, offset, sourceId);
}

/**
 * A draft 2D list for a work order: its made-to-measure lines as W × H panes (one per unit). The
 * stock is left empty: the user picks sheets on the cutting page (`setStock`) and then optimises.
 * An order without made-to-measure lines is refused and nothing is written.
 */
/** What a work order can be cut into: one group per sheet/bar material (see `workOrderCuttingGroups`). */
export async function workOrderMaterials(tx: Tx, workOrderId: string) {
  const { groups } = await workOrderCuttingGroups(tx, workOrderId);
  return groups.map((g) => ({
    material_id: g.material_id,
    sku: g.sku,
    name: g.name,
    kind: g.kind,
    lines: g.pieces.length,
    pieces: g.pieces.reduce((n, p) => n + p.quantity, 0),
  }));
}

/** The most pieces one work order's material group may put into a cutting list. */
const MAX_ORDER_PIECES = 2000;

/**
 * A draft job from one material group of a work order (`materialId`; null = the lines' own W × H
 * without a BOM material). Without a choice the order must have exactly one group.
 */
export async function createFromWorkOrder(
  tx: Tx,
  ctx: CompanyContext,
  workOrderId: string,
  materialId?: string | null,
) {
  const { number, groups } = await workOrderCuttingGroups(tx, workOrderId);
  if (groups.length === 0)
    throw new AppError('VALIDATION', 'Radni nalog nema stavki po mjeri (širina × visina)', [
      { field: 'lines', key: 'validation.noMadeToMeasureLines' },
    ]);
  let group: (typeof groups)[number] | undefined;
  if (materialId === undefined) {
    if (groups.length > 1)
      throw new AppError('VALIDATION', 'Nalog se kroji iz više materijala: odaberite materijal', [
        { field: 'material_id', key: 'validation.cuttingMaterialRequired' },
      ]);
    group = groups[0];
  } else group = groups.find((g) => g.material_id === materialId);
  if (!group)
    throw new AppError('VALIDATION', 'Nalog nema komada iz tog materijala', [
      { field: 'material_id', key: 'validation.cuttingMaterialNotInOrder' },
    ]);
  const pieces = group.pieces;
  if (pieces.length > MAX_ORDER_PIECES)
    throw new AppError('VALIDATION', 'Radni nalog ima previše komada po mjeri za jednu krojnu listu', [
      { field: 'lines', key: 'validation.tooManyCutPieces', params: { max: MAX_ORDER_PIECES } },
    ]);
  // The company's cutting defaults for the kind (1D: left/right are the head and tail trim of a bar).
  const input: CuttingJobInput = {
    name: `Krojna lista – ${number}${group.sku ? ` · ${group.sku}` : ''}`.slice(0, 120),
    kind: group.kind,
    ...jobSettingsFromDefaults(await getCuttingDefaults(tx), group.kind),
    time_limit_ms: 3000,
    source_type: 'work_order',
    source_id: workOrderId,
    material_id: group.material_id,
    pieces,
    stock: [],
  };
  const id = await repo.insertJob(tx, ctx.companyId, ctx.userId, input);
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}

/** Replaces the stock of a draft or planned job (validated like a new job); any plan is dropped. */
export async function setStock(tx: Tx, ctx: CompanyContext, id: string, stock: unknown) {
  const job = await repo.getJob(tx, id, true);
  if (!job) throw notFound();
  if (job.status !== 'draft' && job.status !== 'planned')
    throw transition('Ploče potvrđene krojne liste ne mogu se mijenjati');
  const parsed = cuttingJobInputSchema.safeParse({ ...job.input, stock });
  if (!parsed.success)
    throw new AppError(
      'VALIDATION',
      'Zaliha krojne liste nije ispravna',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), key: i.message })),
    );
  await assertStockRefs(tx, parsed.data);
  await repo.replaceInput(tx, id, parsed.data);
  await notifyCompany(tx, ctx.companyId, 'cutting', [id]);
  return getJob(tx, id);
}
