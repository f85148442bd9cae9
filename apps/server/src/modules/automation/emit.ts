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

/** The items whose on-hand fell: the only ones a posting can take below their reorder point. */
export function loweredItems(
  before: ReadonlyMap<string, { on_hand: string }>,
  after: ReadonlyMap<string, { onHand: string }>,
): string[] {
  return [...after.entries()]
    .filter(([id, a]) => {
      const b = before.get(id);
      return b && new Decimal(a.onHand).lt(b.on_hand);
    })
    .map(([id]) => id);
}

/**
 * Called after a stock posting with each item's on-hand quantity before and after: an item that
 * crossed from at/above its reorder point to below it raises one event (not one per posting while
 * it stays low).
 */
export async function emitReorderCrossings(
  tx: Tx,
  companyId: string,
  before: ReadonlyMap<string, { on_hand: string }>,
  after: ReadonlyMap<string, { onHand: string }>,
): Promise<void> {
  const lowered = loweredItems(before, after);
  if (lowered.length === 0) return;
  const items = await repo.reorderItems(tx, lowered);
  for (const item of items) {
    const b = new Decimal(before.get(item.id)?.on_hand ?? '0');
    const a = new Decimal(after.get(item.id)?.onHand ?? '0');
    if (!(b.gte(item.reorder_point) && a.lt(item.reorder_point))) continue;
    await emitEvent(tx, {
      companyId,
      type: 'stock.below_reorder_point',
      entityId: item.id,
      data: {
        sku: item.sku,
        name: item.name,
        onHand: a.toFixed(4),
        reorderPoint: new Decimal(item.reorder_point).toFixed(4),
        reorderQty: item.reorder_qty === null ? null : new Decimal(item.reorder_qty).toFixed(4),
      },
    });
  }
}
