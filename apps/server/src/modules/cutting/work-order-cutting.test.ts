import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, glassShop, type Json } from '../documents/test-helpers.ts';
import { inviteAndJoin } from '../team/team.test-support.ts';

// A cutting list made from a work order: its made-to-measure lines become W × H panes, one per unit.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof documentsClient>;
let shop: Awaited<ReturnType<typeof glassShop>>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = documentsClient(t.app, user);
  shop = await glassShop(api);
}, 120_000);
afterAll(async () => t?.close());

const workOrder = (lines: Json[]) =>
  api.ok('POST', '/api/documents/work-orders', {
    client_id: shop.client.id,
    source_location_id: shop.materials.id,
    output_location_id: shop.finished.id,
    lines,
  });

describe('cutting list from a work order', () => {
  it('creates a draft 2D job with one pane per unit of each W × H line, listed under the order', async () => {
    const wo = await workOrder([
      { item_id: shop.igu.id, quantity: '2', width_mm: '1000', height_mm: '500', unit_price: '100' },
      { item_id: shop.igu.id, quantity: '1', width_mm: '700.4', height_mm: '1200', unit_price: '80' },
    ]);
    const id = wo.document.id as string;
    const number = wo.document.number as string;

    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${id}`);
    expect(job).toMatchObject({
      kind: '2d',
      status: 'draft',
      source_type: 'work_order',
      source_id: id,
      name: `Krojna lista – ${number}`,
      plan: null,
    });
    expect(job.input.stock).toEqual([]);
    expect(
      job.input.pieces.map((p: Json) => ({
        ref: p.ref,
        width: p.width,
        height: p.height,
        quantity: p.quantity,
      })),
    ).toEqual([
      { ref: `${number}-1`, width: 1000, height: 500, quantity: 2 },
      { ref: `${number}-2`, width: 700, height: 1200, quantity: 1 },
    ]);

    const mine = await api.ok('GET', `/api/cutting/jobs?source_id=${id}`);
    expect(mine.total).toBe(1);
    expect(mine.items.map((j: Json) => j.id)).toEqual([job.id]);
    // An ad-hoc job does not list under the order.
    const other = await workOrder([
      { item_id: shop.igu.id, quantity: '1', width_mm: '400', height_mm: '400', unit_price: '50' },
    ]);
    await api.ok('POST', `/api/cutting/jobs/from-work-order/${other.document.id}`);
    expect((await api.ok('GET', `/api/cutting/jobs?source_id=${id}`)).total).toBe(1);

    // The user then picks the sheets; a sheet 2000 × 1500 holds the panes.
    const stocked = await api.ok('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [{ ref: 'FLOAT-2000', width: 2000, height: 1500, quantity: null }],
    });
    expect(stocked.input.stock).toMatchObject([{ ref: 'FLOAT-2000', width: 2000, height: 1500 }]);
    expect(stocked.input.pieces).toHaveLength(2);
    // Stock without a sheet size is refused and nothing changes.
    const bad = await api.call('PUT', `/api/cutting/jobs/${job.id}/stock`, {
      stock: [{ ref: 'X', quantity: 1 }],
    });
    expect(bad.status).toBe(400);
    expect((await api.ok('GET', `/api/cutting/jobs/${job.id}`)).input.stock[0].ref).toBe('FLOAT-2000');
  });

  it('refuses an order without made-to-measure lines with a translated key and writes nothing', async () => {
    const wo = await workOrder([{ item_id: shop.igu.id, quantity: '3', unit_price: '100' }]);
    const before = (await api.ok('GET', '/api/cutting/jobs')).total;
    const r = await api.call('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`);
    expect(r.status).toBe(400);
    expect(r.body.error.details).toEqual([{ field: 'lines', key: 'validation.noMadeToMeasureLines' }]);
    expect((await api.ok('GET', '/api/cutting/jobs')).total).toBe(before);
    const missing = await api.call(
      'POST',
      '/api/cutting/jobs/from-work-order/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('a viewer may list but not create', async () => {
    const wo = await workOrder([
      { item_id: shop.igu.id, quantity: '1', width_mm: '600', height_mm: '600', unit_price: '100' },
    ]);
    const viewer = await inviteAndJoin(t.app, user, 'viewer');
    const as = documentsClient(t.app, viewer);
    const company = { 'x-company-id': user.id };
    const refused = await as.call(
      'POST',
      `/api/cutting/jobs/from-work-order/${wo.document.id}`,
      undefined,
      company,
    );
    expect(refused.status).toBe(403);
    const job = await api.ok('POST', `/api/cutting/jobs/from-work-order/${wo.document.id}`);
    const list = await as.ok('GET', `/api/cutting/jobs?source_id=${wo.document.id}`, undefined, company);
    expect(list.items.map((j: Json) => j.id)).toEqual([job.id]);
  });
});
