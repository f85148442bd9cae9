import { AppError, type deliveryNoteInputSchema, glassWorkOf, windowSpecOf } from '@erp/domain';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import { lockItems, notifyStock, type PostingLine } from '../inventory/posting.ts';
import * as repo from './documents.repo.ts';
import {
  addressLine,
  assertDraft,
  detail,
  type Idempotency,
  idempotent,
  requireClient,
  resolveLines,
  saveLines,
  transition,
} from './documents.service.ts';

// Delivery notes (otpremnice): from a completed work order (its products and their lots) or
// directly. Issuing posts the stock out in the same transaction; cancelling posts the reversal.

type Input = z.output<typeof deliveryNoteInputSchema>;

async function requireLocation(tx: Tx, id: string) {
  const row = await repo.one<{ id: string }>(tx, sql`select id from locations where id = ${id}`);
  if (!row)
    throw new AppError('VALIDATION', 'Lokacija nije pronađena', [
      { field: 'source_location_id', key: 'validation.invalid' },
    ]);
}

/**
 * A draft delivery note holds its item lines as reservations at its source location (PRODUCT.md:
 * "planned work orders and delivery notes reserve stock"), renewed on every save; issuing turns
 * them into `consumed` as the stock leaves, cancelling a draft releases them.
 */
async function endHolds(tx: Tx, ctx: CompanyContext, id: string, status: 'released' | 'consumed') {
  const rows = await repo.rows<{ item_id: string }>(
    tx,
    sql`update reservations set status = ${status}, updated_at = now()
        where source_type = 'delivery_note' and source_id = ${id} and status = 'active' returning item_id`,
  );
  if (rows.length > 0) await notifyStock(tx, ctx.companyId, [...new Set(rows.map((r) => r.item_id))]);
}

async function holdStock(tx: Tx, ctx: CompanyContext, id: string, locationId: string) {
  await endHolds(tx, ctx, id, 'released');
  const lines = (await repo.getLines(tx, id)).filter((l) => l.item_id && l.item_kind !== 'service');
  for (const l of lines)
    if (new Decimal(l.quantity).gt(0))
      await inventory.reserve(tx, ctx, {
        item_id: l.item_id as string,
        location_id: locationId,
        quantity: l.quantity,
        source_type: 'delivery_note',
        source_id: id,
        note: null,
      });
}

/** Lines of a completed work order: each produced item with its quantity and output lot. */
async function linesFromWorkOrder(tx: Tx, woId: string) {
  const wo = await repo.requireDocument(tx, woId, ['work_order']);
  if (wo.status !== 'completed')
    throw new AppError('CONFLICT', 'Otpremnica se radi iz završenog radnog naloga', [
      { field: 'work_order_id', key: 'validation.workOrderNotCompleted' },
    ]);
  const lines = (await repo.getLines(tx, woId)).filter((l) => l.item_id && l.item_kind !== 'service');
  return {
    wo,
    lines: lines.map((l) => ({
      item_id: l.item_id,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      width_mm: l.width_mm,
      height_mm: l.height_mm,
      unit_price: l.unit_price,
      discount_pct: l.discount_pct,
      vat_rate: l.vat_rate as '25',
      lot_id: l.lot_id,
      shaped: l.shaped,
      ...glassWorkOf(l),
      ...windowSpecOf(l),
    })),
    sourceLineIds: lines.map((l) => l.id),
  };
}

export async function create(tx: Tx, ctx: CompanyContext, input: Input) {
  const client = await requireClient(tx, input.client_id);
  await requireLocation(tx, input.source_location_id);
  let lineInput = input.lines;
  let sourceLineIds: (string | null)[] = [];
  let woId: string | null = null;
  if (input.work_order_id) {
    const from = await linesFromWorkOrder(tx, input.work_order_id);
    woId = from.wo.id;
    if (lineInput.length === 0) {
      lineInput = from.lines;
      sourceLineIds = from.sourceLineIds;
    }
  }
  const lines = await resolveLines(tx, lineInput, client);
  const settings = await repo.getSettings(tx, ctx.companyId);
  const { date, year } = await repo.today(tx);
  const number = await repo.allocateNumber(tx, ctx.companyId, 'delivery_note', settings, year);
  const id = await repo.insertDocument(tx, ctx.companyId, ctx.userId, {
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
  });
  await saveLines(
    tx,
    ctx,
    id,
    lines.map((l, i) => ({ ...l, source_line_id: sourceLineIds[i] ?? null })),
  );
  if (woId) await repo.link(tx, ctx.companyId, woId, id, 'delivered');
  await holdStock(tx, ctx, id, input.source_location_id);
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

export async function update(tx: Tx, ctx: CompanyContext, id: string, input: Input) {
  const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
  assertDraft(doc);
  const client = await requireClient(tx, input.client_id);
  await requireLocation(tx, input.source_location_id);
  const lines = await resolveLines(tx, input.lines, client);
  await repo.updateHeader(tx, id, {
    client_id: client?.id ?? null,
    doc_date: input.doc_date,
    delivery_address: input.delivery_address,
    source_location_id: input.source_location_id,
    note: input.note,
  });
  await saveLines(tx, ctx, id, lines);
  await holdStock(tx, ctx, id, input.source_location_id);
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/**
 * draft → issued: the stock leaves the source location in this transaction (inventory posting,
 * items locked in a fixed order). Not enough stock: INSUFFICIENT_STOCK naming item, location,
 * available and requested, and nothing changes.
 */
export async function issue(tx: Tx, ctx: CompanyContext, id: string, idem: Idempotency) {
  return idempotent(tx, ctx, idem, async () => {
    const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
    if (doc.status !== 'draft') await transition(tx, ctx, doc, 'issue'); // refuses with INVALID_TRANSITION
    const lines = (await repo.getLines(tx, id)).filter((l) => l.item_id && l.item_kind !== 'service');
    if (lines.length === 0)
      throw new AppError('VALIDATION', 'Otpremnica nema stavki s artiklima', [
        { field: 'lines', key: 'validation.linesRequired' },
      ]);
    const location = doc.source_location_id as string;
    await endHolds(tx, ctx, id, 'consumed');
    const locked = await lockItems(
      tx,
      lines.map((l) => l.item_id as string),
    );
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
      if (!l.lot_id && parts.length === 1 && parts[0]?.lotId)
        await tx.execute(sql`update document_lines set lot_id = ${parts[0].lotId} where id = ${l.id}`);
    }
    const stock = await inventory.postLines(tx, ctx, {
      type: 'delivery',
      reference: doc.number,
      sourceType: 'delivery_note',
      sourceId: doc.id,
      lines: posting,
    });
    const { date } = await repo.today(tx);
    await transition(tx, ctx, doc, 'issue', {
      stock_document_id: stock.id,
      issued_at: new Date(),
      delivery_date: date,
    });
    return detail(tx, id);
  });
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
export async function cancel(tx: Tx, ctx: CompanyContext, id: string, idem: Idempotency) {
  return idempotent(tx, ctx, idem, async () => {
    const doc = await repo.requireDocument(tx, id, ['delivery_note'], true);
    const invoiced = await repo.one<{ id: string }>(
      tx,
      sql`select d.id from document_links k join documents d on d.id = k.to_id
          where k.from_id = ${id} and k.relation = 'invoiced' and d.kind = 'invoice'`,
    );
    if (invoiced)
      throw new AppError('CONFLICT', 'Otpremnica je fakturirana: najprije izdajte odobrenje', [
        { field: 'status', key: 'validation.deliveryNoteInvoiced' },
      ]);
    if (doc.status === 'draft') {
      await endHolds(tx, ctx, id, 'released');
      await transition(tx, ctx, doc, 'cancel');
      return detail(tx, id);
    }
    if (doc.status !== 'issued') await transition(tx, ctx, doc, 'cancel');
    const reversal = doc.stock_document_id
      ? await inventory.reverse(tx, ctx, doc.stock_document_id, { key: undefined, scope: '', body: null })
      : null;
    await transition(tx, ctx, doc, 'cancel', { reversal_document_id: reversal?.id ?? null });
    return detail(tx, id);
  });
}
