import {
  AppError,
  assertDeliveryNoteCancellable,
  assertDeliveryNoteIssuable,
  assertDraft,
  type deliveryNoteInputSchema,
  firstExcess,
  glassWorkOf,
  lineProgress,
  normaliseVatRate,
  type QuantityRequest,
  remainingQuantity,
  windowSpecOf,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import type { PostingLine } from '../inventory/posting.ts';
import { consumeReservations } from '../inventory/sheet-stock.ts';
import * as repo from './documents.repo.ts';
import {
  addressLine,
  detail,
  insertWithLines,
  requireClient,
  resolveLines,
  saveLines,
  transition,
} from './documents.service.ts';
import { freezeFiles } from './frozen-files.ts';
import {
  deliveredQuantities,
  invoicedQuantities,
  quantityOf,
  setLineLot,
  workOrderOfNote,
} from './fulfilment.repo.ts';

// Delivery notes (otpremnice): from a completed work order (its lines, services included, in full or
// in part: several notes until everything is delivered) or directly. Issuing posts the goods out of
// stock in the same transaction; cancelling posts the reversal.

type Input = z.output<typeof deliveryNoteInputSchema>;

/** The source location exists (inventory's check, reported on the note's own field). */
async function requireLocation(tx: Tx, id: string) {
  try {
    await inventory.assertLocations(tx, [id]);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'VALIDATION') throw error;
    throw new AppError('VALIDATION', 'Lokacija nije pronađena', [
      { field: 'source_location_id', key: 'validation.locationUnknown' },
    ]);
  }
}

/**
 * A draft delivery note holds its item lines as reservations at its source location (PRODUCT.md:
 * "planned work orders and delivery notes reserve stock"), renewed on every save; issuing turns
 * them into `consumed` as the stock leaves, cancelling a draft releases them.
 */
async function endHolds(tx: Tx, ctx: CompanyContext, id: string, status: 'released' | 'consumed') {
  await consumeReservations(tx, ctx, 'delivery_note', id, status);
}

/**
 * The note's goods lines reserved at its source location, each only from what is free there (on
 * hand less what other documents and manual reservations hold, the note's own earlier holds
 * released first). A line that does not fit refuses the save with INSUFFICIENT_STOCK naming the
 * line, item, location, free and requested quantity, and the transaction leaves nothing saved.
 */
async function holdStock(tx: Tx, ctx: CompanyContext, id: string, locationId: string) {
  await endHolds(tx, ctx, id, 'released');
  const lines = (await repo.getLines(tx, id)).filter(
    (l) => l.item_id && l.item_kind !== 'service' && new Decimal(l.quantity).gt(0),
  );
  const short = await inventory.reserveWithinFree(
    tx,
    ctx,
    lines.map((l) => ({
      item_id: l.item_id as string,
      location_id: locationId,
      quantity: l.quantity,
      source_type: 'delivery_note',
      source_id: id,
      note: null,
    })),
  );
  if (!short) return;
  const line = lines[short.index] as repo.LineRow;
  const location = short.location as string; // reserved at a location, so it has a code
  throw new AppError(
    'INSUFFICIENT_STOCK',
    `Stavka ${line.position}: artikl ${short.sku} na lokaciji ${location} ima slobodno ${short.free}, traženo ${line.quantity}`,
    [
      {
        field: `lines.${line.position - 1}.quantity`,
        key: 'validation.deliveryOverFree',
        params: {
          line: line.position,
          item: short.sku,
          location,
          available: short.free,
          requested: line.quantity,
        },
      },
    ],
  );
}

/** A completed work order (locked: notes made from it at the same time wait for each other). */
async function completedWorkOrder(tx: Tx, woId: string) {
  const wo = await repo.requireDocument(tx, woId, ['work_order'], true);
  if (wo.status !== 'completed')
    throw new AppError('CONFLICT', 'Otpremnica se radi iz završenog radnog naloga', [
      { field: 'work_order_id', key: 'validation.workOrderNotCompleted' },
    ]);
  return wo;
}

/**
 * Each line of a work order with what it ordered, what delivery notes (drafts included, cancelled
 * ones not) carry of it and what invoices bill of it, and what is left of each.
 */
export async function workOrderProgress(tx: Tx, woId: string, excludeNoteId: string | null = null) {
  const wo = await repo.requireDocument(tx, woId, ['work_order']);
  const lines = await repo.getLines(tx, woId);
  const ids = lines.map((l) => l.id);
  const [delivered, invoiced] = await Promise.all([
    deliveredQuantities(tx, ids, excludeNoteId),
    invoicedQuantities(tx, ids),
  ]);
  return {
    work_order: { id: wo.id, number: wo.number, status: wo.status, client_id: wo.client_id },
    lines: lines.map((l) => ({
      line_id: l.id,
      position: l.position,
      item_id: l.item_id,
      sku: l.sku,
      description: l.description,
      unit: l.unit,
      width_mm: l.width_mm,
      height_mm: l.height_mm,
      lot_number: l.lot_number,
      /** No stock moves for it: a service item or a free-text line. */
      service: !l.item_id || l.item_kind === 'service',
      ...lineProgress({
        ordered: l.quantity,
        delivered: quantityOf(delivered, l.id),
        invoiced: quantityOf(invoiced, l.id),
      }),
    })),
  };
}

/**
 * The lines of a delivery note made from a work order. Lines naming a work-order line
 * (`source_line_id`) deliver that line: everything but the quantity (and a chosen lot) is copied
 * from it, goods and services alike; other lines are typed in freely. No lines: what is left to
 * deliver of every line. More than is left (ordered − on other notes) is refused naming the line.
 */
async function linesForWorkOrder(
  tx: Tx,
  woId: string,
  input: Input['lines'],
  client: Awaited<ReturnType<typeof requireClient>>,
  excludeNoteId: string | null,
) {
  const woLines = await repo.getLines(tx, woId);
  const byId = new Map(woLines.map((l) => [l.id, l]));
  const delivered = await deliveredQuantities(
    tx,
    woLines.map((l) => l.id),
    excludeNoteId,
  );
  const left = (id: string) => {
    const l = byId.get(id) as repo.LineRow;
    return remainingQuantity(l.quantity, quantityOf(delivered, id));
  };
  const wanted =
    input.length > 0
      ? input
      : woLines
          .filter((l) => left(l.id).gt(0))
          .map((l) => ({ source_line_id: l.id, quantity: left(l.id).toFixed(), lot_id: null }));
  if (wanted.length === 0)
    throw new AppError('CONFLICT', 'Sve stavke radnog naloga već su na otpremnicama', [
      { field: 'work_order_id', key: 'validation.workOrderDelivered' },
    ]);
  const used = new Map<string, Decimal>();
  const requests: (QuantityRequest & { index: number })[] = [];
  const lineInput = wanted.map((l, index) => {
    const sourceId = l.source_line_id ?? null;
    if (!sourceId) return { ...(l as Input['lines'][number]), source_line_id: null };
    const src = byId.get(sourceId);
    if (!src)
      throw new AppError('VALIDATION', `Stavka ${index + 1} nije stavka radnog naloga`, [
        { field: `lines.${index}.source_line_id`, key: 'validation.invalid' },
      ]);
    const before = quantityOf(used, sourceId);
    used.set(sourceId, before.plus(l.quantity));
    requests.push({
      index,
      line: index + 1,
      label: src.sku ?? src.description,
      requested: l.quantity,
      remaining: Decimal.max(left(sourceId).minus(before), 0).toFixed(),
    });
    return {
      ...copyLine(src),
      quantity: l.quantity,
      lot_id: l.lot_id ?? src.lot_id,
      source_line_id: sourceId,
    };
  });
  const excess = firstExcess(requests);
  if (excess)
    throw new AppError(
      'VALIDATION',
      `Stavka ${excess.line} (${excess.label}): preostalo za isporuku ${excess.remaining}, traženo ${excess.requested}`,
      [
        {
          field: `lines.${excess.index}.quantity`,
          key: 'validation.overDelivery',
          params: {
            line: excess.line,
            item: excess.label,
            remaining: String(excess.remaining),
            requested: String(excess.requested),
          },
        },
      ],
    );
  const resolved = await resolveLines(tx, lineInput, client);
  return resolved.map((l, i) => ({ ...l, source_line_id: lineInput[i]?.source_line_id ?? null }));
}

/** The fields of a stored line as line input (prices, dimensions, glass work, window fields). */
function copyLine(l: repo.LineRow) {
  return {
    item_id: l.item_id,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    width_mm: l.width_mm,
    height_mm: l.height_mm,
    unit_price: l.unit_price,
    // The line's own KPD code travels with it (a free-text line has no item to take it from).
    kpd_code: l.kpd_code,
    discount_pct: l.discount_pct,
    vat_rate: (normaliseVatRate(l.vat_rate) ?? '25') as '25',
    lot_id: l.lot_id,
    source_line_id: null,
    shaped: l.shaped,
    ...glassWorkOf(l),
    ...windowSpecOf(l),
  };
}

export async function create(tx: Tx, ctx: CompanyContext, input: Input) {
  const client = await requireClient(tx, input.client_id);
  await requireLocation(tx, input.source_location_id);
  const woId = input.work_order_id ? (await completedWorkOrder(tx, input.work_order_id)).id : null;
  const lines = woId
    ? await linesForWorkOrder(tx, woId, input.lines, client, null)
    : (await resolveLines(tx, input.lines, client)).map((l) => ({ ...l, source_line_id: null }));
  const settings = await repo.getSettings(tx, ctx.companyId);
  const { date, year } = await repo.today(tx);
  const number = await repo.allocateNumber(tx, ctx.companyId, 'delivery_note', settings, year);
  const id = await insertWithLines(
    tx,
    ctx,
    {
      kind: 'delivery_note',
      ...number,
      client_id: client?.id ?? null,
      doc_date: input.doc_date ?? date,
      delivery_address:
        input.delivery_address ??
        addressLine(client?.delivery_address ?? null) ??
        addressLine(client?.billing_address ?? null),
      source_location_id: input.source_location_id,
      note: input.note,
    },
    lines,
  );
  if (woId) await repo.link(tx, ctx.companyId, woId, id, 'delivered');
  await holdStock(tx, ctx, id, input.source_location_id);
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

export async function update(tx: Tx, ctx: CompanyContext, id: string, input: Input) {
  const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
  assertDraft(doc.status);
  const client = await requireClient(tx, input.client_id);
  await requireLocation(tx, input.source_location_id);
  // A note made from a work order keeps delivering it: its lines stay tied to the order's lines.
  const woId = await workOrderOfNote(tx, id);
  if (woId) await repo.requireDocument(tx, woId, ['work_order'], true);
  const lines = woId
    ? await linesForWorkOrder(tx, woId, input.lines, client, id)
    : (await resolveLines(tx, input.lines, client)).map((l) => ({ ...l, source_line_id: null }));
  await saveLines(tx, ctx, id, lines, {
    client_id: client?.id ?? null,
    doc_date: input.doc_date,
    delivery_address: input.delivery_address,
    source_location_id: input.source_location_id,
    note: input.note,
  });
  await holdStock(tx, ctx, id, input.source_location_id);
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/**
 * draft → issued: the stock leaves the source location in this transaction (inventory posting,
 * items locked in a fixed order). Not enough stock: INSUFFICIENT_STOCK naming item, location,
 * available and requested, and nothing changes.
 */
export async function issue(tx: Tx, ctx: CompanyContext, id: string) {
  const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
  const all = await repo.getLines(tx, id);
  assertDeliveryNoteIssuable({ status: doc.status, lineCount: all.length });
  // Services and free-text lines go to the customer on the note but move no stock.
  const lines = all.filter((l) => l.item_id && l.item_kind !== 'service');
  const location = doc.source_location_id as string;
  await endHolds(tx, ctx, id, 'consumed');
  if (lines.length === 0) {
    const { date } = await repo.today(tx);
    await transition(tx, ctx, doc, 'issue', { issued_at: new Date(), delivery_date: date });
    await freezeFiles(tx, ctx.companyId, id); // the issued note's PDF, made once and stored
    return detail(tx, id);
  }
  // One posting path: the items are locked once, the lots picked under those locks and posted.
  const stockDocumentId = await inventory.postWithLocks(
    tx,
    ctx,
    lines.map((l) => l.item_id as string),
    async (locked) => {
      const posting: PostingLine[] = [];
      for (const l of lines) {
        const parts = await inventory.outgoing(
          tx,
          locked,
          { item_id: l.item_id as string, quantity: l.quantity, lot_id: l.lot_id },
          location,
          'fefo',
        );
        for (const p of parts)
          posting.push({
            type: 'delivery',
            itemId: l.item_id as string,
            locationId: location,
            lotId: p.lotId,
            quantity: new Decimal(p.quantity).negated().toString(),
            sourceLineId: l.id,
          });
        // Record the lot the line left with when it was picked automatically (one lot only).
        if (!l.lot_id && parts.length === 1 && parts[0]?.lotId) await setLineLot(tx, l.id, parts[0].lotId);
      }
      return {
        type: 'delivery',
        reference: doc.number,
        sourceType: 'delivery_note',
        sourceId: doc.id,
        lines: posting,
      };
    },
  );
  const { date } = await repo.today(tx);
  await transition(tx, ctx, doc, 'issue', {
    stock_document_id: stockDocumentId,
    issued_at: new Date(),
    delivery_date: date,
  });
  await freezeFiles(tx, ctx.companyId, id); // the issued note's PDF (with the lots picked), made once
  return detail(tx, id);
}

export async function deliver(tx: Tx, ctx: CompanyContext, id: string) {
  const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
  await transition(tx, ctx, doc, 'deliver');
  return detail(tx, id);
}

/**
 * issued → cancelled: the posting is reversed (opposite movements at the original costs);
 * draft → cancelled: its reservations are released (a numbered note is never deleted).
 */
/**
 * Whether an invoice still bills some of the note (draft invoices hold what they bill; what credit
 * notes took back is not billed any more). The refusal tells the user to issue a credit note first,
 * so once the credit note has taken everything back the note can be cancelled.
 */
async function stillBilled(tx: Tx, noteId: string): Promise<boolean> {
  const lines = await repo.getLines(tx, noteId);
  const billed = await invoicedQuantities(
    tx,
    lines.map((l) => l.id),
  );
  return [...billed.values()].some((q) => q.gt(0));
}

export async function cancel(tx: Tx, ctx: CompanyContext, id: string) {
  const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
  assertDeliveryNoteCancellable({
    status: doc.status,
    number: doc.number,
    invoiced: await stillBilled(tx, id),
  });
  if (doc.status === 'draft') {
    await endHolds(tx, ctx, id, 'released');
    await transition(tx, ctx, doc, 'cancel');
    return detail(tx, id);
  }
  const reversal = doc.stock_document_id ? await inventory.reverse(tx, ctx, doc.stock_document_id) : null;
  await transition(tx, ctx, doc, 'cancel', { reversal_document_id: reversal?.id ?? null });
  return detail(tx, id);
}
