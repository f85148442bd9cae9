import { type CutResult, cuttingJobInputSchema, jobToCutInput, optimizeCutting } from '@erp/domain';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import type { Json } from '../documents/test-helpers.ts';
import { inventoryClient, stockBooks } from '../inventory/test-helpers.ts';

// A confirmed list could only be completed: nothing undid a confirmation, so a list confirmed for
// an order the customer then cancelled held its sheet for good (and the work order could not be
// cancelled, since that waits while a list of it is confirmed), unless the glass was issued as cut.
// Undoing the confirmation releases the list's reservation and nothing else moves.

let t: TestApp;
let user: SignedIn;
let api: ReturnType<typeof inventoryClient>;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app);
  api = inventoryClient(t.app, user);
});
afterAll(async () => t.close());

const plan = (job: { input: unknown }): CutResult =>
  optimizeCutting(jobToCutInput(cuttingJobInputSchema.parse(job.input)));

describe('undoing a confirmed cutting list', () => {
  it('releases its reservation, so the last sheet can go to another list; stock = ledger throughout', async () => {
    const loc = await api.location('SKL-U');
    const sheet = await api.item('FLOAT4-U', {
      base_unit: 'm2',
      length_mm: '3210',
      width_mm: '2250',
      lot_tracked: true,
    });
    // One sheet: 3210 × 2250 mm = 7.2225 m².
    await api.receive(loc.id, [
      { item_id: sheet.id, quantity: '7.2225', unit_cost: '10', lot_number: 'U-1' },
    ]);
    const row = ((await api.ok('GET', '/api/cutting/stock?kind=2d')) as Json[])[0] as Json;
    const list = async (name: string) => {
      const job = await api.ok('POST', '/api/cutting/jobs', {
        name,
        kind: '2d',
        kerf: 4,
        trim: { left: 10, right: 10, top: 10, bottom: 10 },
        min_remnant_length: 300,
        min_remnant_width: 300,
        time_limit_ms: 300,
        pieces: [{ ref: 'P', width: 1000, height: 800, quantity: 2 }],
        stock: [
          {
            ref: 'FLOAT4-U/U-1',
            item_id: sheet.id,
            lot_id: row.lot_id,
            location_id: loc.id,
            width: 3210,
            height: 2250,
            quantity: 1,
          },
        ],
      });
      await api.ok('PUT', `/api/cutting/jobs/${job.id}/plan`, plan(job));
      return job as Json;
    };
    const active = async () =>
      (await api.ok('GET', `/api/inventory/reservations?item_id=${sheet.id}&status=active`)) as Json[];

    const a = await list('Narudžba otkazana');
    const b = await list('Druga narudžba');
    expect((await api.ok('POST', `/api/cutting/jobs/${a.id}/confirm`)).status).toBe('confirmed');
    expect((await active()).map((r) => r.quantity)).toEqual(['7.2225']);
    // The last sheet is held by list A.
    const refused = await api.call('POST', `/api/cutting/jobs/${b.id}/confirm`);
    expect(refused.status).toBe(409);

    const undone = await api.call('POST', `/api/cutting/jobs/${a.id}/unconfirm`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'planned' });
    expect(undone.body.plan).not.toBeNull();
    expect(await active()).toEqual([]);
    // Nothing was posted: on hand and ledger both still one sheet.
    expect(await stockBooks(t, user, sheet.id)).toMatchObject({ ledger: '7.2225', on_hand: '7.2225' });

    // Only a confirmed list can be undone, and only once.
    const again = await api.call('POST', `/api/cutting/jobs/${a.id}/unconfirm`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('INVALID_TRANSITION');

    // The sheet goes to list B, which is cut: one issue, the remnant back, no reservation left.
    await api.ok('POST', `/api/cutting/jobs/${b.id}/confirm`);
    const done = await api.ok('POST', `/api/cutting/jobs/${b.id}/complete`);
    expect(done.status).toBe('completed');
    expect(await active()).toEqual([]);
    const books = (await stockBooks(t, user, sheet.id)) as { ledger: string; on_hand: string };
    expect(books.ledger).toBe(books.on_hand);
    // The sheet left once: what is on hand is the remnants only, less than the sheet.
    const remnants = (done.remnants as Json[]).reduce<Decimal>(
      (sum, r) => sum.plus(r.measure as string),
      new Decimal(0),
    );
    expect(remnants.gt(0)).toBe(true);
    expect(new Decimal(books.on_hand).eq(remnants)).toBe(true);
    // List A, planned again, can no longer be confirmed: the sheet is gone.
    expect((await api.call('POST', `/api/cutting/jobs/${a.id}/confirm`)).status).toBe(409);
    // A completed list cannot be undone.
    expect((await api.call('POST', `/api/cutting/jobs/${b.id}/unconfirm`)).status).toBe(409);
  });
});
