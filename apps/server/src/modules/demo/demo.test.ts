import { businessDay, isValidOib } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/demo.ts';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { runDueJobs } from '../../jobs/runner.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { type DemoSummary, demoOib, fillDemoCompany, prng, resolveDemoTarget } from './demo.service.ts';

// The demo company on a fresh company (PGlite): every figure below follows from the plan written
// in demo.service.ts. Each month 3 quotes: 2 won, 1 lost (rejected in even months, expiring in odd
// ones); this month also a draft and the lost one still open. Won orders: months 11..3 invoiced
// (18, of which 2 cancelled in months 8 and 4), month 2 delivered in part / completed, month 1
// invoiced / in progress, this month planned (its cutting lists confirmed) / draft; plus one direct
// invoice for today's services.

// The runner stays off: the route's job is checked as queued, not run a second time here.
process.env.JOBS = 'off';

let t: TestApp;
let owner: SignedIn;
let summary: DemoSummary;

const q = async <T>(text: ReturnType<typeof sql>) =>
  withCompany(t.deps.db, { userId: owner.id, companyId: owner.id }, async (tx) =>
    rowsOf<T>(await tx.execute(text)),
  );
const byStatus = async (kind: string) =>
  Object.fromEntries(
    (
      await q<{ status: string; n: number }>(
        sql`select status, count(*)::int as n from documents where kind = ${kind} group by status`,
      )
    ).map((r) => [r.status, r.n]),
  );

type Poll = { status: string; progress: number; ms: number };
const polls: Poll[] = [];
let fillMs = 0;

// The company is filled the way the dashboard's button does it: POST /api/demo queues the job, the
// runner works it off, and the web's poll of GET /api/jobs/:id is answered meanwhile.
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  const queued = await t.app.inject({ method: 'POST', url: '/api/demo', headers: { cookie: owner.cookie } });
  expect(queued.statusCode).toBe(202);
  const started = performance.now();
  const running = runDueJobs({ db: t.deps.db });
  for (;;) {
    const asked = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${queued.json().job_id}`,
      headers: { cookie: owner.cookie },
    });
    const job = res.json();
    polls.push({ status: job.status, progress: Number(job.progress), ms: performance.now() - asked });
    if (job.status === 'done' || job.status === 'failed') {
      if (job.status === 'failed') throw new Error(`demo job failed: ${job.error}`);
      summary = job.result;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await running;
  fillMs = performance.now() - started;
}, 900_000);
afterAll(async () => t?.close());

describe('demo company', () => {
  it('runs as a background job whose progress rises step by step while polls are answered', () => {
    const during = polls.filter((p) => p.status === 'running');
    const steps = new Set(during.map((p) => p.progress).filter((p) => p > 0 && p < 1));
    // Partners, items, products, stock and the months each end in a committed step with its report.
    expect(steps.size).toBeGreaterThanOrEqual(8);
    const seen = polls.map((p) => p.progress);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(polls.at(-1)).toMatchObject({ status: 'done', progress: 1 });
    // No poll waits for the whole fill (the embedded database serves it between two steps).
    expect(Math.max(...polls.map((p) => p.ms))).toBeLessThan(fillMs / 3);
  });

  it('makes valid OIBs deterministically', () => {
    const a = prng(1);
    const b = prng(1);
    const oibs = Array.from({ length: 50 }, () => demoOib(a));
    expect(oibs.every(isValidOib)).toBe(true);
    expect(Array.from({ length: 50 }, () => demoOib(b))).toEqual(oibs);
  });

  it('creates a few hundred items, partners and documents in every status', async () => {
    expect(summary.items).toBeGreaterThan(200);
    const [counts] = await q<{
      items: number;
      clients: number;
      suppliers: number;
      boms: number;
      locations: number;
    }>(
      sql`select (select count(*) from items)::int as items,
        (select count(*) from partners where role = 'client')::int as clients,
        (select count(*) from partners where role = 'supplier')::int as suppliers,
        (select count(*) from boms where status = 'active')::int as boms,
        (select count(*) from locations)::int as locations`,
    );
    expect(counts).toEqual({ items: summary.items, clients: 24, suppliers: 4, boms: 15, locations: 3 });
    expect(await byStatus('work_order')).toEqual({
      completed: 19,
      cancelled: 2,
      in_progress: 1,
      planned: 1,
      draft: 1,
    });
    const quotes = await byStatus('quote');
    expect(quotes).toMatchObject({ converted: 24, rejected: 5, draft: 1 });
    expect((quotes.sent ?? 0) + (quotes.expired ?? 0)).toBe(7);
    expect(await byStatus('delivery_note')).toEqual({ delivered: 18 });
    expect(await byStatus('invoice')).toEqual({ issued: 18 });
    // The planned order's cutting lists: one per sheet and bar material, all confirmed.
    const cut = await q<{ kind: string; status: string; n: number }>(
      sql`select kind, status, count(*)::int as n from cutting_jobs group by 1, 2 order by 1, 2`,
    );
    expect(cut.map((c) => [c.kind, c.status])).toEqual([
      ['1d', 'confirmed'],
      ['2d', 'confirmed'],
    ]);
    expect(cut.reduce((n, c) => n + c.n, 0)).toBe(summary.cuttingJobs);
    const [po] = await q<{ n: number; received: number }>(
      sql`select count(*)::int as n, count(*) filter (where status = 'received')::int as received from purchase_orders`,
    );
    expect(po).toEqual({ n: 12, received: 10 });
    // Window lines carry their profile system, glass make-up, colour and hardware; glass lines none.
    const [spec] = await q<{ windows: number; named: number; glass_named: number }>(
      sql`select count(*) filter (where i.sku like 'PVC-%' and i.kind = 'product')::int as windows,
          count(*) filter (where i.sku like 'PVC-%' and i.kind = 'product' and l.profile_system is not null and l.glass_makeup is not null
            and l.colour is not null and l.hardware_set is not null)::int as named,
          count(*) filter (where i.sku not like 'PVC-%' and l.profile_system is not null)::int as glass_named
        from document_lines l join items i on i.id = l.item_id`,
    );
    expect(spec?.windows).toBeGreaterThan(0);
    expect(spec).toMatchObject({ named: spec?.windows, glass_named: 0 });
  });

  it('prices glass per m² with the step, the minimum area, edge work and holes', async () => {
    const settings = (
      await t.app.inject({
        method: 'GET',
        url: '/api/documents/pricing-settings',
        headers: { cookie: owner.cookie },
      })
    ).json();
    expect(Number(settings.hole_price)).toBeGreaterThan(0);
    expect(Number(settings.edge_price_kpo)).toBeGreaterThan(0);
    expect(settings).toMatchObject({ dimension_step_mm: '30', min_area_float_m2: '0.3' });
    const quoteLine = (sku: string) =>
      q<{ unit_price: string; billed_measure: string; hole_count: number; edge_type: string }>(
        sql`select trim_scale(l.unit_price)::text as unit_price, trim_scale(l.billed_measure)::text as billed_measure,
              l.hole_count, l.edge_type
            from document_lines l join documents d on d.id = l.document_id join items i on i.id = l.item_id
            where d.kind = 'quote' and d.status = 'converted' and i.sku = ${sku}
              and l.width_mm = ${sku === 'FLOAT-4' ? 250 : 800} and l.height_mm = ${sku === 'FLOAT-4' ? 400 : 2000}
            order by d.doc_date desc limit 1`,
      );
    // 250 × 400 float 4 mm at 18 €/m²: 270 × 420 = 0.1134 m², billed at the 0.3 m² minimum, +20 %
    // (band up to 0.5 m²) → 18 × 0.3 × 1.2 = 6.48.
    expect((await quoteLine('FLOAT-4'))[0]).toMatchObject({ billed_measure: '0.3', unit_price: '6.48' });
    // 800 × 2000 tempered 8 mm at 58 €/m², polished (KPO 6.50 €/m), two holes at 3.50:
    // 810 × 2010 = 1.6281 m² × 58 = 94.4298; edge 2 × (0.8 + 2.0) = 5.6 m × 6.5 = 36.40; holes 7.00.
    expect((await quoteLine('KAL-8'))[0]).toMatchObject({
      billed_measure: '1.6281',
      unit_price: '137.8298',
      hole_count: 2,
      edge_type: 'kpo',
    });
    const glass = await q<{ sku: string; thickness: string; basis: string; kind: string | null }>(
      sql`select sku, trim_scale(thickness_mm)::text as thickness, price_basis as basis, glass_kind as kind
          from items where sku in ('KAL-8', 'VSG-33.1', 'VSG-44.2', 'IZO-4-16-4-LOWE-AR') order by sku`,
    );
    expect(glass).toEqual([
      { sku: 'IZO-4-16-4-LOWE-AR', thickness: '24', basis: 'area', kind: 'insulating' },
      { sku: 'KAL-8', thickness: '8', basis: 'area', kind: 'tempered' },
      { sku: 'VSG-33.1', thickness: '6.38', basis: 'area', kind: 'laminated' },
      { sku: 'VSG-44.2', thickness: '8.76', basis: 'area', kind: 'laminated' },
    ]);
  });

  it('builds windows whose BOMs cut mitred profile bars and glass panes with the trade presets', async () => {
    const mitred = await q<{ sku: string; n: number }>(
      sql`select c.sku, count(*)::int as n from bom_lines bl join boms b on b.id = bl.bom_id and b.status = 'active'
            join items p on p.id = b.product_id join items c on c.id = bl.component_id
          where p.sku = 'PVC-P1-76-AN' and bl.cut_length is not null and bl.cut_angle_start = 45
            and bl.cut_angle_end = 45 group by c.sku order by c.sku`,
    );
    // Frame, sash and glazing bead: horizontal and vertical pieces each.
    expect(mitred).toEqual([
      { sku: 'PVC-76-KR-AN', n: 2 },
      { sku: 'PVC-76-LS-AN', n: 2 },
      { sku: 'PVC-76-OK-AN', n: 2 },
    ]);
    const jobs = await q<{
      kind: string;
      sku: string;
      kerf: number;
      trim: number;
      weld: number;
      pieces: unknown;
    }>(
      sql`select j.kind, i.sku, (j.input->>'kerf')::int as kerf, (j.input->'trim'->>'left')::int as trim,
            (j.input->>'weld_allowance')::int as weld, j.input->'pieces' as pieces
          from cutting_jobs j join items i on i.id = (j.input->>'material_id')::uuid order by i.sku`,
    );
    // The planned order has 2 windows 1000 × 1400: the frame's 4 pieces are 2 × 1000 and 2 × 1400 at 45°/45°.
    const frame = jobs.find((j) => j.sku === 'PVC-76-OK-AN');
    expect(frame).toMatchObject({ kind: '1d', kerf: 4, trim: 10, weld: 3 });
    const framePieces = (
      (frame?.pieces ?? []) as { length: number; quantity: number; angle_start: number; angle_end: number }[]
    )
      .map((p) => [p.length, p.quantity, p.angle_start, p.angle_end])
      .sort();
    expect(framePieces).toEqual([
      [1000, 4, 45, 45],
      [1400, 4, 45, 45],
    ]);
    // Glass is scored: no kerf, 15 mm edge trim; the Low-E panes come from the windows' units too.
    const lowe = jobs.find((j) => j.sku === 'ST-LOWE-4-3210x2250');
    expect(lowe).toMatchObject({ kind: '2d', kerf: 0, trim: 15 });
    const izo = await q<{ sku: string; formula: string }>(
      sql`select c.sku, bl.formula from bom_lines bl join boms b on b.id = bl.bom_id and b.status = 'active'
            join items p on p.id = b.product_id join items c on c.id = bl.component_id
          where p.sku = 'IZO-4-16-4-LOWE-AR' and c.sku in ('ARGON', 'DIS-16') order by c.sku`,
    );
    expect(izo.map((r) => r.sku)).toEqual(['ARGON', 'DIS-16']);
  });

  it('leaves orders at every stage: one delivered in part, invoices open and paid', async () => {
    const part = await q<{ ordered: string; delivered: string }>(
      sql`select sum(w.quantity)::text as ordered,
            (select sum(n.quantity) from document_lines n join documents dn on dn.id = n.document_id
              where dn.kind = 'delivery_note' and n.source_line_id in (select id from document_lines where document_id = d.id))::text as delivered
          from documents d join document_lines w on w.document_id = d.id
          where d.kind = 'work_order' group by d.id`,
    );
    expect(part.filter((p) => p.delivered !== null && Number(p.delivered) < Number(p.ordered))).toHaveLength(
      1,
    );
    const [pay] = await q<{ paid: number; open: number }>(
      sql`select count(*) filter (where coalesce(p.paid, 0) >= d.total)::int as paid,
            count(*) filter (where coalesce(p.paid, 0) = 0)::int as open
          from documents d left join (select document_id, sum(amount) as paid from invoice_payments group by 1) p
            on p.document_id = d.id where d.kind = 'invoice'`,
    );
    expect(pay?.paid).toBeGreaterThan(0);
    expect(pay?.open).toBeGreaterThan(0);
  });

  it('spreads invoices over the last twelve months with gapless numbers', async () => {
    const rows = await q<{ months: number; first: string; last: string; n: number; max_seq: number }>(
      sql`select count(distinct date_trunc('month', doc_date))::int as months, min(doc_date)::text as first,
            max(doc_date)::text as last, count(*)::int as n, max(seq)::int as max_seq
          from documents where kind = 'invoice'`,
    );
    expect(rows[0]?.months).toBeGreaterThanOrEqual(10);
    expect(rows[0]?.n).toBe(18);
    const years = await q<{ year: number; n: number; max_seq: number }>(
      sql`select year, count(*)::int as n, max(seq)::int as max_seq from documents where kind = 'invoice' group by year`,
    );
    for (const y of years) expect(y.max_seq).toBe(y.n);
  });

  it('keeps stock balances equal to the ledger and never negative', async () => {
    const diff = await q<{ n: number }>(
      sql`select count(*)::int as n from (
            select item_id, location_id, lot_id, sum(quantity) as q from stock_movements group by 1, 2, 3) m
          full join stock_balances b on b.item_id = m.item_id and b.location_id = m.location_id
            and b.lot_id is not distinct from m.lot_id
          where coalesce(m.q, 0) <> coalesce(b.quantity, 0)`,
    );
    expect(diff[0]?.n).toBe(0);
    const negative = await q<{ n: number }>(
      sql`select count(*)::int as n from stock_balances where quantity < 0`,
    );
    expect(negative[0]?.n).toBe(0);
    const onHand = await q<{ n: number }>(
      sql`select count(*)::int as n from item_stock s where s.on_hand <> coalesce((select sum(quantity)
            from stock_movements m where m.item_id = s.item_id), 0)`,
    );
    expect(onHand[0]?.n).toBe(0);
  });

  it('dates every goods receipt between its order and today, in number order (lead times never negative)', async () => {
    const receipts = await q<{ number: string; received_on: string; ordered_on: string; doc_date: string }>(
      sql`select r.number, r.received_on::text as received_on, o.ordered_on::text as ordered_on,
            d.document_date::text as doc_date
          from goods_receipts r join purchase_orders o on o.id = r.order_id
          join stock_documents d on d.id = r.stock_document_id order by r.number`,
    );
    expect(receipts.length).toBeGreaterThan(0);
    const today = businessDay();
    for (const r of receipts) {
      expect(r.received_on >= r.ordered_on).toBe(true);
      expect(r.received_on <= today).toBe(true);
      expect(r.doc_date).toBe(r.received_on);
    }
    const dates = receipts.map((r) => r.received_on);
    expect(dates).toEqual([...dates].sort());
  });

  it('leaves an audit chain that verifies', async () => {
    const result = await verifyAuditChain(t.deps.db, owner.id);
    expect(result.ok).toBe(true);
    expect(result.rows).toBeGreaterThan(1000);
  });

  it('gives the dashboard non-zero figures', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.open_quotes.count).toBeGreaterThan(0);
    expect(Number(d.revenue.this_month)).toBeGreaterThan(0);
    expect(Number(d.revenue.last_month)).toBeGreaterThan(0);
    expect(d.revenue.months.filter((m: { net: string }) => Number(m.net) > 0).length).toBeGreaterThanOrEqual(
      10,
    );
    expect(d.work_orders.by_status.length).toBeGreaterThanOrEqual(4);
  });

  it('POST /api/demo queues one job for an empty company and refuses a non-empty one', async () => {
    const fresh = await signUp(t.app);
    const post = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/demo', headers: { cookie } });
    const first = await post(fresh.cookie);
    expect(first.statusCode).toBe(202);
    const job = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/${first.json().job_id}`,
      headers: { cookie: fresh.cookie },
    });
    expect(job.json()).toMatchObject({ kind: 'demo.fill', status: 'queued' });
    expect((await post(fresh.cookie)).statusCode).toBe(409);
    const full = await post(owner.cookie);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('CONFLICT');
  });

  it("resolves the CLI's --email and --company to the owner and company", async () => {
    const want = { userId: owner.id, companyId: owner.id };
    expect(await resolveDemoTarget(t.deps.db, { email: owner.email.toUpperCase() })).toEqual(want);
    expect(await resolveDemoTarget(t.deps.db, { company: owner.id })).toEqual(want);
    await expect(resolveDemoTarget(t.deps.db, { email: 'nobody@example.hr' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('CLI refuses bad arguments with a usage error', async () => {
    expect(await main([])).toBe(2);
    expect(await main(['--email', 'a@b.hr', '--company', owner.id])).toBe(2);
    expect(await main(['--email', 'a@b.hr', '--seed', 'x'])).toBe(2);
  });

  it('refuses a second run on the now non-empty company', async () => {
    await expect(fillDemoCompany(t.deps.db, { userId: owner.id, companyId: owner.id })).rejects.toMatchObject(
      {
        code: 'CONFLICT',
      },
    );
  });
});
