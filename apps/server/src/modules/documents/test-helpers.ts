import type { FastifyInstance } from 'fastify';
import type { SignedIn } from '../../test/harness.ts';

// biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
export type Json = Record<string, any>;

/** Small HTTP client for document tests: every call goes through the real app. */
export function documentsClient(app: FastifyInstance, user: SignedIn) {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie: user.cookie, ...headers },
    });
    const type = String(res.headers['content-type'] ?? '');
    return {
      status: res.statusCode,
      body: (type.includes('json') && res.body ? res.json() : res.body) as Json,
      raw: res,
    };
  };
  const ok = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => {
    const r = await call(method, url, payload, headers);
    if (r.status >= 300) throw new Error(`${method} ${url} -> ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  return { call, ok };
}

type Api = ReturnType<typeof documentsClient>;

/** An operator mark and a valid OIB for tests that issue invoices. */
export const TEST_OPERATOR = { operator_mark: 'Ana', operator_oib: '12345678903' };

/**
 * A glass shop: an insulating glass unit (IGU) made to measure from lot-tracked glass (two panes,
 * W·H each) and a spacer frame (perimeter), cut (with a required quality check) then assembled.
 */
export async function glassShop(api: Api, tag = '') {
  await api.ok('PATCH', '/api/tenants/me', {
    company_name: 'Staklo Horvat d.o.o.',
    company_address: 'Ilica 1, 10000 Zagreb',
    tax_number: '94577403194',
    bank_accounts: [{ iban: 'HR1210010051863000160' }],
  });
  // The issuing user's operator (HR-BT-4/5): every invoice needs one.
  await api.ok('PUT', '/api/einvoice/operator', TEST_OPERATOR);
  const loc = async (code: string, type = 'storage') =>
    api.ok('POST', '/api/inventory/locations', { code: `${code}${tag}`, name: `Lokacija ${code}`, type });
  const materials = await loc('MAT');
  const finished = await loc('GOT');
  const item = async (sku: string, extra: Json) =>
    api.ok('POST', '/api/inventory/items', {
      sku: `${sku}${tag}`,
      name: sku,
      kind: 'material',
      base_unit: 'kom',
      ...extra,
    });
  const glass = await item('FLOAT4', {
    name: 'Float staklo 4 mm',
    base_unit: 'm2',
    lot_tracked: true,
    purchase_price: '20',
  });
  const spacer = await item('DIST16', { name: 'Distancer 16 mm', base_unit: 'm', purchase_price: '1' });
  const igu = await item('IZO', {
    name: 'Izo staklo 4-16-4',
    kind: 'product',
    lot_tracked: true,
    sales_price: '100',
    vat_rate: '25',
    kpd_code: '23.12.13',
  });
  const process = async (code: string, qc: boolean, cost: string) =>
    api.ok('POST', '/api/processes', {
      code: `${code}${tag}`,
      name: code === 'REZ' ? 'Rezanje' : 'Sastavljanje',
      costPerHour: cost,
      setupMinutes: '0',
      minutesPerUnit: '10',
      dailyCapacityHours: '8',
      qualityCheckRequired: qc,
    });
  const cut = await process('REZ', true, '30');
  const assemble = await process('SAS', false, '24');
  const bom = await api.ok('POST', `/api/products/${igu.id}/boms`, {
    variables: [],
    lines: [
      { componentId: glass.id, formula: '2*W*H/1e6', unit: 'm2', scrapPct: '0' },
      { componentId: spacer.id, formula: '2*(W+H)/1000', unit: 'm', scrapPct: '0' },
    ],
  });
  await api.ok('POST', `/api/products/${igu.id}/boms/${bom.id}/activate`);
  await api.ok('PUT', `/api/products/${igu.id}/routing`, {
    steps: [{ processId: cut.id }, { processId: assemble.id }],
  });
  const client = await api.ok('POST', '/api/clients', {
    kind: 'company',
    name: `Gradnja Kovač${tag} j.d.o.o.`,
    oib: '69435151530',
    billing_address: { street: 'Vukovarska 5', postal_code: '21000', city: 'Split' },
    delivery_address: { street: 'Gradilište Kman', postal_code: '21000', city: 'Split' },
    default_discount: '10',
    payment_terms_days: 30,
  });
  return { materials, finished, glass, spacer, igu, cut, assemble, client };
}

/** Fitting by the hour, a service at 40.00 and 25 % (no stock moves when it is delivered). */
export function createMontage(api: Api): Promise<Json> {
  return api.ok('POST', '/api/inventory/items', {
    sku: 'MONT',
    name: 'Montaža',
    kind: 'service',
    base_unit: 'h',
    sales_price: '40',
    vat_rate: '25',
    kpd_code: '43.32.09',
  });
}

/** Glass measure-pricing settings with the PRODUCT.md defaults, written out for hand-computed tests. */
export const GLASS_PRICING_SETTINGS = {
  dimension_step_mm: '30',
  min_area_float_m2: '0.3',
  min_area_laminated_m2: '0.3',
  min_area_insulating_m2: '0.4',
  min_area_tempered_m2: '0.5',
  min_edge_mm: '300',
  shape_surcharge_pct: '0',
};

/** An 8 mm float glass item priced per m² at 25.00. */
export function createFloat8(api: ReturnType<typeof documentsClient>): Promise<Json> {
  return api.ok('POST', '/api/inventory/items', {
    sku: 'FLOAT8',
    name: 'Float 8 mm',
    kind: 'material',
    base_unit: 'm2',
    vat_rate: '25',
    thickness_mm: '8',
    price_basis: 'area',
    glass_kind: 'float',
    sales_price: '25.00',
  });
}
