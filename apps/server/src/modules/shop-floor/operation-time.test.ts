import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';

// An operation's running time is logged the same way whichever screen changes it: the planner's
// work order page (the desk) or the shop floor. Before, only a shop-floor start opened a stretch,
// so an operation started or reopened on the desk got no time from its pause or finish, and its
// shop-floor card showed no start, or an older shop-floor one.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: shop.materials.id,
    lines: [
      { item_id: shop.glass.id, quantity: '10', unit_cost: '20', lot_number: 'L-1' },
      { item_id: shop.spacer.id, quantity: '50', unit_cost: '1' },
    ],
  });
}, 120_000);
afterAll(async () => t?.close());

/** A planned order of one IGU; its cutting (REZ, quality check required) and assembly (SAS) operations. */
async function plannedOrder() {
  const created = await api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines: [{ item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '400' }],
  });
  const id = created.document.id as string;
  await api.ok('POST', `/api/documents/work-orders/${id}/plan`);
  const ops = (await api.ok('GET', `/api/shop-floor/work-orders/${id}`)).operations as Json[];
  const byCode = (code: string) => ops.find((o) => o.code === code) as Json;
  return { id, rez: byCode('REZ'), sas: byCode('SAS') };
}

/** The running stretch began the given minutes ago (the clock cannot be moved, the start can). */
const startedMinutesAgo = (opId: string, minutes: number) =>
  t.deps.database.session((q) =>
    q(
      `update work_order_operations set started_at = now() - make_interval(mins => $2)
        where id = $1 and started_at is not null`,
      [opId, minutes],
    ),
  );

const desk = (woId: string, opId: string, action: string) =>
  api.ok('POST', `/api/documents/work-orders/${woId}/operations/${opId}/${action}`);

async function logged(woId: string, opId: string) {
  const detail = await api.ok('GET', `/api/documents/${woId}`);
  const op = (detail.operations as Json[]).find((o) => o.id === opId) as Json;
  const logs = await t.deps.database.session((q) =>
    q(
      'select coalesce(sum(minutes), 0)::text as total, count(*)::int as n from operation_time_logs where operation_id = $1',
      [opId],
    ),
  );
  return { minutes: Number(op.logged_minutes), logs: logs[0] as { total: string; n: number } };
}

const cardOp = async (woId: string, opId: string) =>
  ((await api.ok('GET', `/api/shop-floor/work-orders/${woId}`)).operations as Json[]).find(
    (o) => o.id === opId,
  ) as Json;

describe('operation time from either screen', () => {
  it('start on the desk, pause on the shop floor, start and finish on the desk', async () => {
    const { id, sas } = await plannedOrder();
    await api.ok('POST', `/api/documents/work-orders/${id}/start`);
    await desk(id, sas.id, 'start');
    const running = await cardOp(id, sas.id);
    expect(running.status).toBe('in_progress');
    expect(running.started_at).not.toBeNull();

    await startedMinutesAgo(sas.id, 20);
    const paused = await api.ok('POST', `/api/shop-floor/operations/${sas.id}/pause`);
    expect(paused).toMatchObject({ status: 'paused', started_at: null });
    const afterPause = await logged(id, sas.id);
    expect(afterPause.minutes).toBe(20);
    expect(afterPause.logs.n).toBe(1);

    await desk(id, sas.id, 'start');
    await startedMinutesAgo(sas.id, 15);
    await desk(id, sas.id, 'finish');
    const done = await logged(id, sas.id);
    expect(done.minutes).toBe(35);
    expect(done.logs.n).toBe(2);
    expect(Number(done.logs.total)).toBe(done.minutes);
    expect(await cardOp(id, sas.id)).toMatchObject({ status: 'done', started_at: null });
  });

  it('an operation reopened on the desk runs from the reopen, and its shop-floor finish logs that stretch', async () => {
    const { id, sas } = await plannedOrder();
    const first = await api.ok('POST', `/api/shop-floor/operations/${sas.id}/start`);
    await startedMinutesAgo(sas.id, 10);
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '1' });
    expect((await logged(id, sas.id)).minutes).toBe(10);

    await desk(id, sas.id, 'reopen');
    const reopened = await cardOp(id, sas.id);
    expect(reopened.status).toBe('in_progress');
    // The card shows the reopen, not the first shop-floor start.
    expect(reopened.started_at).not.toBeNull();
    expect(new Date(reopened.started_at).getTime()).toBeGreaterThan(new Date(first.started_at).getTime());

    await startedMinutesAgo(sas.id, 5);
    await api.ok('POST', `/api/shop-floor/operations/${sas.id}/finish`, { good_qty: '0' });
    const done = await logged(id, sas.id);
    expect(done.minutes).toBe(15);
    expect(done.logs.n).toBe(2);
  });

  it('a desk pause of an operation started on the shop floor logs its time once', async () => {
    const { id, rez } = await plannedOrder();
    await api.ok('POST', `/api/shop-floor/operations/${rez.id}/start`);
    await startedMinutesAgo(rez.id, 12);
    await desk(id, rez.id, 'pause');
    expect(await cardOp(id, rez.id)).toMatchObject({ status: 'paused', started_at: null });
    // A finish from paused adds nothing: the stretch was closed by the pause.
    await api.ok('POST', `/api/shop-floor/operations/${rez.id}/finish`, {
      good_qty: '1',
      check: { result: 'pass' },
    });
    const done = await logged(id, rez.id);
    expect(done.minutes).toBe(12);
    expect(done.logs.n).toBe(1);
  });
});
