import {
  AppError,
  businessDay,
  completionInputSchema,
  deliveryNoteInputSchema,
  glassWorkOf,
  invoiceInputSchema,
  itemInputSchema,
  locationInputSchema,
  partnerInputSchema,
  paymentInputSchema,
  poInputSchema,
  processInputSchema,
  productionLocationsSchema,
  qualityCheckInputSchema,
  quoteInputSchema,
  receiptInputSchema,
  receiptSchema,
  timeLogInputSchema,
  transferSchema,
  windowSpecOf,
  workOrderInputSchema,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Db, Tx } from '../../db/database.ts';
import { type CompanyContext, withCompany } from '../../db/tenant.ts';
import * as deliveryNotes from '../documents/delivery-notes.service.ts';
import * as invoices from '../documents/invoices.service.ts';
import { putProductionLocations } from '../documents/production-locations.ts';
import * as quotes from '../documents/quotes.service.ts';
import * as workOrders from '../documents/work-orders.service.ts';
import * as einvoice from '../einvoice/einvoice.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as partners from '../partners/partners.service.ts';
import * as production from '../production/production.service.ts';
import * as purchasing from '../purchasing/purchasing.service.ts';
import { companyProfile, updateProfile } from '../tenants/tenants.service.ts';
import {
  DEMO_CITIES,
  DEMO_CLIENT_COMPANIES,
  DEMO_CLIENT_PERSONS,
  DEMO_LOCATIONS,
  DEMO_PROCESSES,
  DEMO_SUPPLIERS,
  type DemoItem,
  demoItems,
} from './demo.data.ts';
import * as repo from './demo.repo.ts';
import { inSteps } from './demo-steps.ts';
import {
  applyTradeSettings,
  confirmCuttingLists,
  createTradeProducts,
  lineExtras,
  PLANNED_ORDER,
  SOLD_PRODUCTS,
} from './demo-trade.ts';

// The demo company: a glass and PVC window shop filled through the very service functions the
// routes call (inputs parsed with the routes' zod schemas), deterministic for a seed, in a series of
// short transactions (demo-steps.ts: a step ends at the first safe point — before a client, an item,
// a receipt, an order or a document — after 300 ms), each followed by a progress report. Documents are spread over the last twelve months by backdating "today" per document
// (documents.repo AS_OF_DATE_SETTING); stock movements and the audit trail keep their real times.

export type DemoSummary = {
  items: number;
  products: number;
  clients: number;
  suppliers: number;
  purchaseOrders: number;
  quotes: number;
  workOrders: number;
  deliveryNotes: number;
  invoices: number;
  cuttingJobs: number;
};

/** Small deterministic PRNG (mulberry32): the same seed gives the same company. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Rng = ReturnType<typeof prng>;

/** A valid OIB (ISO 7064 MOD 11,10 control digit) from the generator. */
export function demoOib(rng: Rng): string {
  const digits = Array.from({ length: 10 }, (_, i) => (i === 0 ? rng.int(1, 9) : rng.int(0, 9)));
  let a = 10;
  for (const d of digits) {
    a = (a + d) % 10;
    if (a === 0) a = 10;
    a = (a * 2) % 11;
  }
  const control = (11 - a) % 10;
  return `${digits.join('')}${control}`;
}

/** Refused unless the company has no items, partners and documents yet. */
export async function assertEmptyCompany(tx: Tx): Promise<void> {
  if ((await repo.companyRecordCount(tx)) > 0)
    throw new AppError('CONFLICT', 'Demo podaci mogu se učitati samo u praznu tvrtku');
}

/** Refused while a demo fill (a job of `kind`) is queued or running in the company. */
export async function assertNoDemoRunning(tx: Tx, kind: string): Promise<void> {
  if (await repo.jobActive(tx, kind)) throw new AppError('CONFLICT', 'Demo podaci se već učitavaju');
}

/**
 * Whose company the operator's `npm run demo` fills: `--email` names an owner (their own company),
 * `--company` a company (acting as its owner). Runs as the owner connection (platform work).
 */
export async function resolveDemoTarget(
  db: Db,
  target: { company?: string; email?: string },
): Promise<{ userId: string; companyId: string }> {
  const row = target.email
    ? await repo.ownCompanyOfEmail(db, target.email)
    : await repo.ownerOfCompany(db, target.company ?? null);
  if (!row) throw new AppError('NOT_FOUND', 'Tvrtka ili vlasnik nije pronađen');
  return { userId: row.user_id, companyId: row.company_id };
}

/** ISO date `days` before `today` (YYYY-MM-DD arithmetic in UTC, no time zone drift). */
function daysBefore(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

const asOf = repo.setAsOfDate;

/**
 * Fills an empty company. The owner's profile gets a seller name, address, OIB and IBAN first when
 * it has none (an invoice cannot be issued without them). Returns what was created.
 */
export async function fillDemoCompany(
  db: Db,
  ids: { userId: string; companyId: string },
  opts: { seed?: number; today?: string; onProgress?: (fraction: number) => Promise<void> | void } = {},
): Promise<DemoSummary> {
  const rng = prng(opts.seed ?? 20260101);
  await withCompany(db, ids, assertEmptyCompany, { permission: 'company.manage' });
  const profile = await withCompany(db, ids, (tx) => companyProfile(tx, ids.companyId));
  if (
    ids.companyId === ids.userId &&
    (!profile?.company_name || !profile.tax_number || !profile.company_address)
  )
    await updateProfile(db, ids.userId, {
      company_name: profile?.company_name || 'Staklo i PVC Horvat d.o.o.',
      company_address: profile?.company_address || 'Zagrebačka cesta 145, 10000 Zagreb',
      tax_number: profile?.tax_number || demoOib(rng),
      bank_accounts: profile?.bank_accounts?.length
        ? profile.bank_accounts
        : [{ iban: 'HR1723600001101234565', bank: 'Zagrebačka banka' }],
    } as never);
  // A series of transactions, not one (demo-steps.ts): the progress is real and the company's other
  // requests are served while it fills.
  return inSteps(db, ids, (tx, ctx, commit) => generate(tx, ctx, rng, commit, opts.today), {
    permission: 'company.manage',
    onProgress: opts.onProgress,
  });
}

async function generate(
  tx: Tx,
  ctx: CompanyContext,
  rng: Rng,
  commit: (fraction: number) => Promise<void>,
  todayOpt?: string,
): Promise<DemoSummary> {
  let mark = performance.now();
  // DEMO_TIMING=1 prints how long each phase took (for tuning the generator).
  const phase = (name: string) => {
    if (process.env.DEMO_TIMING) console.log(`demo ${name}: ${Math.round(performance.now() - mark)} ms`);
    mark = performance.now();
  };
  await assertEmptyCompany(tx);
  // Demo invoices are issued under the user's eRačun operator: a demo one when none is set.
  const operator = await einvoice.getOperator(tx, ctx.userId);
  if (!operator.operator_mark || !operator.operator_oib)
    await einvoice.putOperator(tx, ctx, { operator_mark: 'Demo operater', operator_oib: demoOib(rng) });
  const today = todayOpt ?? (await repo.zagrebToday(tx)) ?? businessDay();

  await applyTradeSettings(tx, ctx);

  // Locations, partners ----------------------------------------------------------------------
  const loc: Record<string, string> = {};
  for (const l of DEMO_LOCATIONS)
    loc[l.code] = (await inventory.createLocation(tx, ctx, locationInputSchema.parse(l))).id;
  // New work orders take their materials from the main warehouse and put products in finished goods.
  await putProductionLocations(
    tx,
    ctx,
    productionLocationsSchema.parse({ source_location_id: loc.SKL, output_location_id: loc.GP }),
  );

  const suppliers: string[] = [];
  for (const s of DEMO_SUPPLIERS) {
    const p = await partners.createPartner(
      tx,
      ctx,
      'supplier',
      partnerInputSchema.parse({
        kind: 'company',
        name: s.name,
        oib: demoOib(rng),
        billing_address: { street: s.street, postal_code: s.postal, city: s.city, country: 'HR' },
        email: `narudzbe@${s.name.split(' ')[0]?.toLowerCase()}.hr`,
        payment_terms_days: 30,
        lead_time_days: s.lead,
      }),
    );
    suppliers.push(p.id);
  }
  const clients: string[] = [];
  const clientNames = [...DEMO_CLIENT_COMPANIES, ...DEMO_CLIENT_PERSONS];
  for (const [i, name] of clientNames.entries()) {
    await commit((0.05 * i) / clientNames.length);
    const company = i < DEMO_CLIENT_COMPANIES.length;
    const c = DEMO_CITIES[i % DEMO_CITIES.length] as (typeof DEMO_CITIES)[number];
    const address = {
      street: `${c.street} ${rng.int(1, 180)}`,
      postal_code: c.postal,
      city: c.city,
      country: 'HR',
    };
    const p = await partners.createPartner(
      tx,
      ctx,
      'client',
      partnerInputSchema.parse({
        kind: company ? 'company' : 'person',
        name,
        oib: demoOib(rng),
        billing_address: address,
        delivery_address: address,
        email: `kontakt${i + 1}@primjer.hr`,
        payment_terms_days: company ? rng.pick([15, 30, 45]) : 8,
        default_discount: company ? rng.pick(['0', '5', '10']) : '0',
      }),
    );
    clients.push(p.id);
  }

  phase('partners');
  await commit(0.05);
  // Items ------------------------------------------------------------------------------------
  const catalogue = demoItems();
  const item: Record<string, string> = {};
  for (const [n, it] of catalogue.entries()) {
    await commit(0.05 + (0.07 * n) / catalogue.length);
    const { supplier, stock: _stock, ...fields } = it;
    const created = await inventory.createItem(
      tx,
      ctx,
      itemInputSchema.parse({ ...fields, default_supplier_id: suppliers[supplier] }),
    );
    item[it.sku] = created.id;
  }

  phase('items');
  await commit(0.12);
  // Processes and products with BOMs (formulas over W and H in mm) ----------------------------
  const proc: Record<string, string> = {};
  for (const p of DEMO_PROCESSES) {
    const created = await production.createProcess(
      tx,
      ctx,
      processInputSchema.parse({
        code: p.code,
        name: p.name,
        workCentre: p.workCentre,
        costPerHour: p.cost,
        setupMinutes: p.setup,
        minutesPerUnit: p.perUnit,
        dailyCapacityHours: '8',
        qualityCheckRequired: p.qc,
        category: p.category,
      }),
    );
    proc[p.code] = (created as { id: string }).id;
  }
  await createTradeProducts(tx, ctx, item, proc);

  phase('products');
  await commit(0.18);
  // Stock: opening receipts a year ago, purchase orders received over the year, a transfer ----
  const stocked = catalogue.filter((c) => new Decimal(c.stock).gt(0));
  for (let i = 0; i < stocked.length; i += 60) {
    await commit(0.18 + (0.02 * i) / stocked.length);
    const chunk = stocked.slice(i, i + 60);
    await inventory.receive(
      tx,
      ctx,
      receiptSchema.parse({
        location_id: loc.SKL,
        reference: 'Početno stanje',
        lines: chunk.map((c) => ({
          item_id: item[c.sku],
          quantity: c.stock,
          unit_cost: c.purchase_price,
          ...(c.lot_tracked ? { lot_number: `POC-${c.sku.slice(3, 12)}`, expires_on: null } : {}),
        })),
      }),
    );
  }
  await inventory.transfer(
    tx,
    ctx,
    transferSchema.parse({
      from_location_id: loc.SKL,
      to_location_id: loc.PRO,
      reference: 'Dopuna proizvodnje',
      reason: 'production',
      lines: ['VIJ-OK-112', 'SIL-BIJ', 'EPDM-OK-CR', 'DIS-16'].map((sku) => ({
        item_id: item[sku],
        quantity: sku === 'VIJ-OK-112' ? '400' : '40',
      })),
    }),
  );
  let purchaseOrders = 0;
  const restock: { sku: string; qty: string; price?: string }[][] = [
    [
      { sku: 'ST-FLOAT-4-3210x2250', qty: '240' },
      { sku: 'ST-LOWE-4-3210x2250', qty: '120' },
      { sku: 'ST-FLOAT-8-3210x2250', qty: '80' },
    ],
    [
      { sku: 'PVC-70-OK-BI', qty: '390' },
      { sku: 'PVC-70-KR-BI', qty: '390' },
      { sku: 'PVC-76-OK-BI', qty: '390' },
      { sku: 'PVC-76-KR-BI', qty: '390' },
    ],
    [
      { sku: 'OKV-ON-M-L', qty: '60' },
      { sku: 'OKV-ON-L-L', qty: '30' },
      { sku: 'KVA-STD-BIJ', qty: '100' },
    ],
    [
      { sku: 'SIL-BIJ', qty: '120' },
      { sku: 'EPDM-OK-CR', qty: '1000' },
      { sku: 'EPDM-KR-CR', qty: '1000' },
    ],
  ];
  const supplierOf = (sku: string) =>
    suppliers[(catalogue.find((c) => c.sku === sku) as DemoItem).supplier] as string;
  for (let month = 11; month >= 0; month -= 1) {
    await commit(0.2 + (0.1 * (11 - month)) / 12);
    const group = restock[month % restock.length] as (typeof restock)[number];
    const ordered = daysBefore(today, month * 30 + 20);
    await asOf(tx, ordered);
    const firstSku = (group[0] as { sku: string }).sku;
    const poId = await purchasing.createOrder(
      tx,
      ctx,
      poInputSchema.parse({
        supplier_id: supplierOf(firstSku),
        expected_on: daysBefore(today, month * 30 + 12),
        lines: group.map((g) => ({
          item_id: item[g.sku],
          quantity: g.qty,
          unit_price: (catalogue.find((c) => c.sku === g.sku) as DemoItem).purchase_price,
        })),
      }),
    );
    purchaseOrders++;
    await purchasing.sendOrder(tx, ctx, poId);
    if (month === 0) continue; // this month's order is still on its way
    const order = (await purchasing.getOrder(tx, poId)) as {
      lines: { id: string; item_id: string; quantity: string }[];
    };
    const partial = month === 1;
    await purchasing.receive(
      tx,
      ctx,
      poId,
      receiptInputSchema.parse({
        location_id: loc.SKL,
        received_on: daysBefore(today, month * 30 + 12),
        lines: order.lines.map((l) => {
          const sku = Object.keys(item).find((k) => item[k] === l.item_id) as string;
          const lot = (catalogue.find((c) => c.sku === sku) as DemoItem).lot_tracked;
          return {
            po_line_id: l.id,
            quantity: partial ? new Decimal(l.quantity).div(2).toString() : l.quantity,
            lot_number: lot ? `L${month}-${sku.slice(3, 8)}` : null,
          };
        }),
      }),
    );
  }

  phase('stock');
  await commit(0.3);
  // Documents, month by month (oldest first, so numbers follow dates) -------------------------
  const productCount = Object.keys(item).length - catalogue.length;
  const sizes: readonly (readonly [number, number])[] = [
    [600, 900],
    [900, 1200],
    [1200, 1400],
    [1400, 1400],
    [800, 2200],
  ] as const;
  const showerSizes: readonly (readonly [number, number])[] = [
    [800, 2000],
    [900, 2000],
    [700, 1900],
  ] as const;
  const counts = { quotes: 0, workOrders: 0, deliveryNotes: 0, invoices: 0, cuttingJobs: 0 };
  const woPlan: string[] = [];
  // Each month two quotes are won (k 0, 1) and one is lost (k 2); this month also has a draft.
  // Work-order outcomes by age: older orders are finished and invoiced, recent ones under way.
  const outcomeFor = (month: number, k: number): string => {
    if (month >= 3) return k === 1 && month % 4 === 0 ? 'cancelled' : 'invoiced';
    if (month === 2) return k === 0 ? 'part_delivered' : 'completed';
    if (month === 1) return k === 0 ? 'invoiced' : 'in_progress';
    return k === 0 ? 'planned' : 'draft';
  };
  const dayOfMonth = Number(today.slice(8, 10));
  for (let month = 11; month >= 0; month -= 1) {
    const perMonth = month === 0 ? 4 : 3;
    for (let k = 0; k < perMonth; k++) {
      // A step may end before each order; every document sets its own date (asOf) after this.
      await commit(0.3 + (0.65 * (11 - month + k / perMonth)) / 12);
      const start = month * 30 + 26 - k * 8;
      const date = daysBefore(today, Math.max(start, 0));
      await asOf(tx, date);
      const client = clients[(month * 5 + k) % clients.length] as string;
      const outcome = k < 2 ? outcomeFor(month, k) : 'quote';
      // The order planned this month is fixed (its cutting lists are confirmed below); the one
      // to be delivered in part has at least two of every line.
      const picked =
        outcome === 'planned'
          ? PLANNED_ORDER
          : Array.from({ length: rng.int(1, 2) }, () => {
              const sku = rng.pick(SOLD_PRODUCTS);
              const [w, h] = rng.pick(sku.startsWith('KAL-') ? showerSizes : sizes);
              return { sku, quantity: String(rng.int(outcome === 'part_delivered' ? 2 : 1, 4)), w, h };
            });
      const lines = picked.map((p) => ({
        item_id: item[p.sku],
        quantity: p.quantity,
        width_mm: String(p.w),
        height_mm: String(p.h),
        ...lineExtras(p.sku, rng.pick),
      }));
      if (rng.next() < 0.4)
        lines.push({ item_id: item['USL-MON'], quantity: String(rng.int(2, 8)) } as never);
      const quote = (
        await quotes.createQuote(
          tx,
          ctx,
          quoteInputSchema.parse({ client_id: client, valid_until: daysBefore(today, start - 30), lines }),
        )
      ).document as { id: string };
      counts.quotes++;
      if (k === 3) continue; // this month's fresh draft
      await quotes.quoteAction(tx, ctx, quote.id, 'send');
      if (k === 2) {
        // Lost: rejected in even months, left to expire in odd ones; this month's still open.
        if (month > 0 && month % 2 === 0) await quotes.quoteAction(tx, ctx, quote.id, 'reject');
        continue;
      }
      await quotes.quoteAction(tx, ctx, quote.id, 'accept');
      const converted = await quotes.convertQuote(tx, ctx, quote.id);
      const woId = (converted as { document: { id: string } }).document.id;
      counts.workOrders++;
      woPlan.push(outcome);
      const wo = (await workOrders.workOrderDetail(tx, woId)) as {
        document: { client_id: string };
        lines: unknown[];
      };
      await workOrders.updateWorkOrder(
        tx,
        ctx,
        woId,
        workOrderInputSchema.parse({
          client_id: wo.document.client_id,
          due_date: daysBefore(today, start - 21),
          source_location_id: loc.SKL,
          output_location_id: loc.GP,
          lines: (wo.lines as Record<string, unknown>[]).map((l) => ({
            item_id: l.item_id,
            description: l.description,
            quantity: l.quantity,
            unit: l.unit,
            width_mm: l.width_mm,
            height_mm: l.height_mm,
            unit_price: l.unit_price,
            discount_pct: l.discount_pct,
            vat_rate: l.vat_rate === null ? null : String(Number(l.vat_rate)),
            shaped: l.shaped,
            ...glassWorkOf(l),
            ...windowSpecOf(l),
          })),
        }),
      );
      if (outcome === 'draft') continue;
      await workOrders.plan(tx, ctx, woId);
      if (outcome === 'planned') {
        counts.cuttingJobs += await confirmCuttingLists(tx, ctx, woId, loc.SKL as string);
        continue;
      }
      if (outcome === 'cancelled') {
        await workOrders.cancel(tx, ctx, woId);
        continue;
      }
      await asOf(tx, daysBefore(today, Math.max(start - 5, 0)));
      const started = (await workOrders.start(tx, ctx, woId)) as {
        operations: { id: string; planned_minutes: string; quality_check_required: boolean }[];
      };
      const opsToFinish = outcome === 'in_progress' ? started.operations.slice(0, 1) : started.operations;
      for (const op of opsToFinish) {
        await workOrders.operationAction(tx, ctx, woId, op.id, 'start');
        const minutes = new Decimal(op.planned_minutes).times(0.8 + rng.next() * 0.5).toDecimalPlaces(0);
        if (minutes.gt(0))
          await workOrders.logTime(
            tx,
            ctx,
            woId,
            op.id,
            timeLogInputSchema.parse({ minutes: minutes.toString() }),
          );
        if (outcome === 'in_progress') break; // the first operation is under way
        await workOrders.operationAction(tx, ctx, woId, op.id, 'finish');
        if (op.quality_check_required)
          await workOrders.qualityCheck(
            tx,
            ctx,
            woId,
            op.id,
            qualityCheckInputSchema.parse({ result: 'pass' }),
          );
      }
      if (outcome === 'in_progress') continue;
      await asOf(tx, daysBefore(today, Math.max(start - 14, 0)));
      await workOrders.complete(tx, ctx, woId, completionInputSchema.parse({}));
      if (outcome === 'completed') continue;
      const dn = (await deliveryNotes.create(
        tx,
        ctx,
        deliveryNoteInputSchema.parse({
          client_id: client,
          source_location_id: loc.GP,
          work_order_id: woId,
          // Delivered in part: half of every line now, the rest still to deliver (the order's
          // lines as saved above: the update gave them new ids).
          lines:
            outcome === 'part_delivered'
              ? (
                  (
                    await workOrders.workOrderDetail(tx, woId)
                  ).lines as { id: string; quantity: string }[]
                ).map((l) => ({
                  source_line_id: l.id,
                  quantity: new Decimal(l.quantity).div(2).floor().toString(),
                }))
              : [],
        }),
      )) as { document: { id: string } };
      await deliveryNotes.issue(tx, ctx, dn.document.id);
      counts.deliveryNotes++;
      // Last month's order is invoiced inside last month, whatever day today is.
      const invoiceDays = month === 1 ? dayOfMonth + 5 : Math.max(start - 16, 0);
      await asOf(tx, daysBefore(today, invoiceDays));
      await deliveryNotes.deliver(tx, ctx, dn.document.id);
      if (outcome === 'part_delivered') continue;
      const invoice = (await invoices.create(
        tx,
        ctx,
        invoiceInputSchema.parse({ client_id: client, delivery_note_ids: [dn.document.id] }),
      )) as { document: { id: string } };
      const issued = (await invoices.issue(tx, ctx, invoice.document.id)) as {
        document: { total: string };
      };
      counts.invoices++;
      // Paid in full (most), in part, or not at all (recent ones and one old overdue invoice).
      const paidDays = invoiceDays - rng.int(5, 30);
      if (month <= 2 || (month === 5 && k === 1)) continue; // open, and one long overdue
      await asOf(tx, daysBefore(today, Math.max(paidDays, 0)));
      const total = new Decimal(issued.document.total);
      const amount = k === 1 && month % 3 === 0 ? total.div(2).toDecimalPlaces(2) : total;
      await invoices.addPayment(
        tx,
        ctx,
        invoice.document.id,
        paymentInputSchema.parse({
          paid_on: daysBefore(today, Math.max(paidDays, 0)),
          amount: amount.toFixed(2),
        }),
      );
    }
  }
  phase('documents');
  // Today's installation job, invoiced directly (services only): this month has revenue too.
  await asOf(tx, null);
  const direct = (await invoices.create(
    tx,
    ctx,
    invoiceInputSchema.parse({
      client_id: clients[0],
      lines: [
        { item_id: item['USL-MON'], quantity: '6' },
        { item_id: item['USL-PRI'], quantity: '1' },
      ],
    }),
  )) as { document: { id: string } };
  await invoices.issue(tx, ctx, direct.document.id);
  counts.invoices++;
  return {
    items: catalogue.length + productCount,
    products: productCount,
    clients: clients.length,
    suppliers: suppliers.length,
    purchaseOrders,
    ...counts,
  };
}
