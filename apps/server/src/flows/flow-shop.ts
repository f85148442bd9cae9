import fc from 'fast-check';
import type { documentsClient, Json } from '../modules/documents/test-helpers.ts';

// The shop every random flow runs in (a fresh company per run) and the plans the property test
// draws: orders with insulating glass units (2 panes cut from 3210 × 2250 float sheets kept in m²),
// PVC windows (frame bars cut from 6500 mm profile bars kept in m, with a glass unit inside) and
// service lines (montaža in hours, transport as free text), and what happens to each order.

type Api = ReturnType<typeof documentsClient>;

export const SHEET = { length: 3210, width: 2250, count: 12 };
export const BAR = { length: 6500, count: 30 };

/** Sets up the company: seller data, locations and their production defaults, materials, products, a client. */
export async function flowShop(api: Api) {
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo i PVC Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  // The eRačun operator (name mark and OIB) an invoice is issued under, where the API has it.
  const operator = await api.call('PUT', '/api/einvoice/operator', {
    operator_mark: 'Ana Horvat',
    operator_oib: '69435151530',
  });
  if (operator.status >= 300 && operator.status !== 404)
    throw new Error(`operator: ${operator.status} ${JSON.stringify(operator.body)}`);
  const loc = (code: string) =>
    api.ok('POST', '/api/inventory/locations', { code, name: code, type: 'storage' });
  const finished = await loc('GOT');
  const materials = await loc('MAT');
  await api.ok('PUT', '/api/documents/production-locations', {
    source_location_id: materials.id,
    output_location_id: finished.id,
  });
  const item = (sku: string, extra: Json) =>
    api.ok('POST', '/api/inventory/items', { sku, name: sku, kind: 'material', ...extra });
  const sheet = await item('FLOAT4', {
    base_unit: 'm2',
    length_mm: String(SHEET.length),
    width_mm: String(SHEET.width),
    lot_tracked: true,
  });
  const bar = await item('PVC70', { base_unit: 'm', length_mm: String(BAR.length) });
  const spacer = await item('DIST16', { base_unit: 'm' });
  const hinge = await item('OKOV', { base_unit: 'kom' });
  const montage = await item('MONT', {
    name: 'Montaža',
    kind: 'service',
    base_unit: 'h',
    sales_price: '40',
    vat_rate: '25',
    kpd_code: '43.32.09',
  });
  const freight = await item('PRIJEVOZ', {
    name: 'Prijevoz',
    kind: 'service',
    base_unit: 'kom',
    sales_price: '30',
    vat_rate: '25',
    kpd_code: '49.41.19',
  });
  // 12 sheets × 7.2225 m² = 86.67 m² at 20 €/m²; 30 bars × 6.5 m = 195 m at 4 €/m.
  await api.ok('POST', '/api/inventory/receipts', {
    location_id: materials.id,
    lines: [
      { item_id: sheet.id, quantity: '86.67', unit_cost: '20', lot_number: 'S-1' },
      { item_id: bar.id, quantity: '195', unit_cost: '4' },
      { item_id: spacer.id, quantity: '300', unit_cost: '1.5' },
      { item_id: hinge.id, quantity: '40', unit_cost: '12.34' },
    ],
  });
  const process = (code: string, costPerHour: string) =>
    api.ok('POST', '/api/processes', {
      code,
      name: code,
      costPerHour,
      setupMinutes: '0',
      minutesPerUnit: '10',
      dailyCapacityHours: '8',
      qualityCheckRequired: false,
    });
  const assemble = await process('SAS', '24');
  const weld = await process('VAR', '36');
  const product = async (sku: string, kpd: string, lines: Json[], processId: string) => {
    const p = await api.ok('POST', '/api/products', { sku, name: sku, baseUnit: 'kom', kind: 'product' });
    await api.ok('PATCH', `/api/inventory/items/${p.id}`, {
      lot_tracked: true,
      vat_rate: '25',
      kpd_code: kpd,
    });
    const bom = await api.ok('POST', `/api/products/${p.id}/boms`, { variables: [], lines });
    await api.ok('POST', `/api/products/${p.id}/boms/${bom.id}/activate`);
    await api.ok('PUT', `/api/products/${p.id}/routing`, { steps: [{ processId }] });
    return p as Json;
  };
  const igu = await product(
    'IZO',
    '23.12.20',
    [
      {
        componentId: sheet.id,
        formula: '2*(W-12)*(H-12)/1e6',
        unit: 'm2',
        scrapPct: '0',
        cutCount: '2',
        cutWidth: 'W-12',
        cutHeight: 'H-12',
      },
      { componentId: spacer.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
    ],
    assemble.id,
  );
  const window = await product(
    'PROZOR',
    '22.23.10',
    [
      {
        componentId: bar.id,
        formula: '2*(W-60)/1000',
        unit: 'm',
        scrapPct: '0',
        cutCount: '2',
        cutLength: 'W-60',
      },
      {
        componentId: bar.id,
        formula: '2*(H-60)/1000',
        unit: 'm',
        scrapPct: '0',
        cutCount: '2',
        cutLength: 'H-60',
      },
      {
        componentId: igu.id,
        quantity: '1',
        unit: 'kom',
        scrapPct: '0',
        childWidth: 'W-96',
        childHeight: 'H-96',
      },
      { componentId: hinge.id, quantity: '1', unit: 'kom', scrapPct: '0' },
    ],
    weld.id,
  );
  const client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: 'Gradnja Kovač j.d.o.o.',
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    default_discount: '10',
    payment_terms_days: 30,
  });
  return { materials, finished, sheet, bar, spacer, hinge, montage, freight, igu, window, client };
}

export type Shop = Awaited<ReturnType<typeof flowShop>>;

export type OrderPlan = {
  igu: { qty: number; w: number; h: number }[];
  windows: { qty: number; w: number; h: number }[];
  montage: number;
  /** Transport as a service item, as a free-text line, or none. */
  transport: 'item' | 'text' | 'none';
  /** reject the quote; cancel the planned order; cancel it with a confirmed cutting list; or make it. */
  fate: 'complete' | 'reject' | 'cancel' | 'cancelWithList';
  cutGlass: boolean;
  cutBars: boolean;
  /** Complete the cutting lists before starting the operations (else after them). */
  cutFirst: boolean;
  minutes: number[];
};

export type RunPlan = { orders: OrderPlan[]; seed: number };

const mm = (min: number, max: number) => fc.integer({ min: min / 10, max: max / 10 }).map((v) => v * 10);

const orderArb: fc.Arbitrary<OrderPlan> = fc
  .record({
    igu: fc.array(fc.record({ qty: fc.integer({ min: 1, max: 3 }), w: mm(400, 1500), h: mm(300, 1200) }), {
      maxLength: 2,
    }),
    windows: fc.array(
      fc.record({ qty: fc.integer({ min: 1, max: 2 }), w: mm(600, 1400), h: mm(800, 1600) }),
      {
        maxLength: 2,
      },
    ),
    montage: fc.integer({ min: 0, max: 4 }),
    transport: fc.constantFrom('item' as const, 'text' as const, 'none' as const),
    fate: fc.oneof(
      { weight: 6, arbitrary: fc.constant('complete' as const) },
      { weight: 1, arbitrary: fc.constant('reject' as const) },
      { weight: 1, arbitrary: fc.constant('cancel' as const) },
      { weight: 1, arbitrary: fc.constant('cancelWithList' as const) },
    ),
    cutGlass: fc.boolean(),
    cutBars: fc.boolean(),
    cutFirst: fc.boolean(),
    minutes: fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 8, maxLength: 8 }),
  })
  .filter((o) => o.igu.length + o.windows.length > 0);

export const runArb: fc.Arbitrary<RunPlan> = fc.record({
  orders: fc.array(orderArb, { minLength: 1, maxLength: 2 }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** A small deterministic generator for the choices made during a run (splits, payments, credits). */
export function prng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)] as T };
}

/** Quote lines of an order plan; prices per unit are whole cents after the client's 10 % discount. */
export function quoteLines(shop: Shop, o: OrderPlan) {
  return [
    ...o.igu.map((l) => ({
      item_id: shop.igu.id,
      quantity: String(l.qty),
      width_mm: String(l.w),
      height_mm: String(l.h),
      unit_price: '100',
    })),
    ...o.windows.map((l) => ({
      item_id: shop.window.id,
      quantity: String(l.qty),
      width_mm: String(l.w),
      height_mm: String(l.h),
      unit_price: '250',
    })),
    ...(o.montage > 0 ? [{ item_id: shop.montage.id, quantity: String(o.montage) }] : []),
    ...(o.transport === 'item' ? [{ item_id: shop.freight.id, quantity: '1' }] : []),
    ...(o.transport === 'text'
      ? [
          {
            description: 'Transport',
            quantity: '1',
            unit: 'kom',
            unit_price: '9',
            discount_pct: '0',
            // eRačun needs a KPD 2025 code on every invoice line; a free-text line carries its own.
            kpd_code: '49.41.19',
          },
        ]
      : []),
  ];
}
