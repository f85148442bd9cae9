import type { AutomationTrigger } from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import * as repo from './automation.repo.ts';

export const DISPATCH_JOB = 'automation.dispatch';

export type EventInput = {
  companyId: string;
  type: AutomationTrigger;
  entityId: string | null;
  data: Record<string, unknown>;
  /** The same fact emitted twice with one key is stored once (the daily overdue check). */
  dedupeKey?: string;
};

/**
 * Writes an event to the outbox inside the caller's transaction: it exists exactly when the change
 * committed. When an enabled rule listens for it, a dispatch job is queued in the same transaction;
 * otherwise the event is only kept (rules' test runs can pick it) and marked dispatched.
 */
export async function emitEvent(tx: Tx, event: EventInput): Promise<{ id: string } | null> {
  const row = await repo.insertOutboxEvent(tx, {
    companyId: event.companyId,
    type: event.type,
    entityId: event.entityId,
    data: event.data,
    dedupeKey: event.dedupeKey ?? null,
  });
  if (!row) return null;
  if (row.listened)
    await enqueueJob(tx, { companyId: event.companyId, kind: DISPATCH_JOB, payload: { eventId: row.id } });
  return { id: row.id };
}

type DocLike = {
  id: string;
  kind: string;
  number: string | null;
  client_id: string | null;
  client_name: string | null;
  total: string;
};

const DOCUMENT_EVENTS: Record<string, AutomationTrigger> = {
  'quote:accepted': 'quote.accepted',
  'work_order:completed': 'work_order.completed',
  'delivery_note:issued': 'delivery_note.issued',
};

/** Called by the documents' one transition function: the status changes automation listens for. */
export async function emitDocumentTransition(
  tx: Tx,
  ctx: CompanyContext,
  doc: DocLike,
  next: string,
): Promise<void> {
  const type = DOCUMENT_EVENTS[`${doc.kind}:${next}`];
  if (!type) return;
  await emitEvent(tx, {
    companyId: ctx.companyId,
    type,
    entityId: doc.id,
    data: {
      number: doc.number,
      clientId: doc.client_id,
      clientName: doc.client_name,
      total: doc.total,
      currency: 'EUR',
    },
  });
}

/** What a posting knows of an item before it writes (its locked stock row and the item's reorder fields). */
export type ReorderFacts = {
  on_hand: string;
  sku: string;
  name: string;
  reorder_point: string | null;
  reorder_qty: string | null;
};
export type ReorderCrossing = {
  id: string;
  sku: string;
  name: string;
  onHand: Decimal;
  point: string;
  qty: string | null;
};

/**
 * The items a posting takes from at or above their reorder point to below it (not every posting
 * while an item stays low), from each item's on-hand before and after: decided before the write, so
 * a posting without a crossing ends with its write.
 */
export function reorderCrossings(
  before: ReadonlyMap<string, ReorderFacts>,
  after: ReadonlyMap<string, { onHand: string }>,
): ReorderCrossing[] {
  const crossings: ReorderCrossing[] = [];
  for (const [id, next] of after) {
    const item = before.get(id);
    if (!item || item.reorder_point === null) continue;
    const b = new Decimal(item.on_hand);
    const a = new Decimal(next.onHand);
    if (!(b.gte(item.reorder_point) && a.lt(item.reorder_point))) continue;
    crossings.push({
      id,
      sku: item.sku,
      name: item.name,
      onHand: a,
      point: item.reorder_point,
      qty: item.reorder_qty,
    });
  }
  return crossings;
}

/** Raises one `stock.below_reorder_point` event per crossing, in the posting's transaction. */
export async function emitReorderCrossings(
  tx: Tx,
  companyId: string,
  crossings: readonly ReorderCrossing[],
): Promise<void> {
  for (const item of crossings)
    await emitEvent(tx, {
      companyId,
      type: 'stock.below_reorder_point',
      entityId: item.id,
      data: {
        sku: item.sku,
        name: item.name,
        onHand: item.onHand.toFixed(4),
        reorderPoint: new Decimal(item.point).toFixed(4),
        reorderQty: item.qty === null ? null : new Decimal(item.qty).toFixed(4),
      },
    });
}
