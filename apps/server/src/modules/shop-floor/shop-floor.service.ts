import { AppError, type FinishInputParsed, finishOverIssue } from '@erp/domain';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as workOrders from '../documents/work-orders.service.ts';
import * as repo from './shop-floor.repo.ts';

async function requireOp(tx: Tx, id: string) {
  const op = await repo.operation(tx, id);
  if (!op) throw new AppError('NOT_FOUND', 'Operacija nije pronađena');
  return op;
}

/** One tap: a planned order starts with its first operation, so the worker never has to go to the office. */
export async function start(tx: Tx, ctx: CompanyContext, id: string) {
  const op = await requireOp(tx, id);
  if (op.work_order_status === 'planned') await workOrders.start(tx, ctx, op.work_order_id);
  await workOrders.changeOperation(tx, ctx, op.work_order_id, id, 'start');
  await repo.addEvent(tx, {
    companyId: ctx.companyId,
    operationId: id,
    workOrderId: op.work_order_id,
    event: 'start',
    userId: ctx.userId,
  });
  return requireOp(tx, id);
}

export async function pause(tx: Tx, ctx: CompanyContext, id: string) {
  const op = await requireOp(tx, id);
  const { minutes } = await workOrders.changeOperation(tx, ctx, op.work_order_id, id, 'pause');
  await repo.addEvent(tx, {
    companyId: ctx.companyId,
    operationId: id,
    workOrderId: op.work_order_id,
    event: 'pause',
    minutes,
    userId: ctx.userId,
  });
  return requireOp(tx, id);
}

/**
 * Finish with the quantities good and scrap, together at most what is still open where the
 * operation's lines are in one unit (`finishOverIssue`, the dialog's rule too). Where the process requires a quality check, the
 * finish carries it (or a passing one was recorded before); a failed check is recorded and still
 * blocks the order's completion, as on the desk screen.
 */
export async function finish(tx: Tx, ctx: CompanyContext, id: string, input: FinishInputParsed) {
  const op = await requireOp(tx, id);
  const over = finishOverIssue(op, input);
  if (over)
    throw new AppError(
      'VALIDATION',
      `Operacija ${op.code}: prijavljeno ${over.params.requested}, otvoreno ${over.params.remaining} ${op.unit}`,
      [over],
    );
  if (op.quality_check_required && !input.check && op.last_check !== 'pass')
    throw new AppError('VALIDATION', `Operacija ${op.code} traži kontrolu kvalitete`, [
      { field: 'check', key: 'validation.qualityCheckMissing', params: { operation: op.code } },
    ]);
  if (input.check?.result === 'fail' && !input.check.note)
    throw new AppError('VALIDATION', 'Opišite nedostatak', [
      { field: 'check.note', key: 'validation.defectNoteRequired' },
    ]);
  if (input.check)
    await workOrders.qualityCheck(tx, ctx, op.work_order_id, id, {
      result: input.check.result,
      note: input.check.note ?? null,
    });
  const { minutes } = await workOrders.changeOperation(tx, ctx, op.work_order_id, id, 'finish');
  await repo.addEvent(tx, {
    companyId: ctx.companyId,
    operationId: id,
    workOrderId: op.work_order_id,
    event: 'finish',
    good: input.good_qty,
    scrap: input.scrap_qty,
    minutes,
    userId: ctx.userId,
  });
  return requireOp(tx, id);
}

/** Today's operations grouped by work centre (the process), in the order the list query gives. */
export async function today(tx: Tx) {
  const ops = await repo.todaysOperations(tx);
  const centres = new Map<string, { code: string; name: string; operations: repo.FloorOperation[] }>();
  for (const op of ops) {
    const key = op.code;
    const centre = centres.get(key) ?? { code: op.code, name: op.name, operations: [] };
    centre.operations.push(op);
    centres.set(key, centre);
  }
  return { work_centres: [...centres.values()] };
}

/** One work order at the station: its operations with progress, cutting sheets and drawings. */
export async function card(tx: Tx, workOrderId: string) {
  const operations = await repo.workOrderOperations(tx, workOrderId);
  if (operations.length === 0) throw new AppError('NOT_FOUND', 'Radni nalog nema operacija');
  const first = operations[0] as repo.FloorOperation;
  return {
    work_order: {
      id: workOrderId,
      number: first.work_order_number,
      status: first.work_order_status,
      client_name: first.client_name,
      due_date: first.due_date,
    },
    operations,
    ...(await repo.workOrderCard(tx, workOrderId)),
  };
}

/** What a scanned code names: work order number, item SKU, lot number or location code. */
export async function scan(tx: Tx, code: string) {
  return { code, hits: await repo.resolveCode(tx, code) };
}
