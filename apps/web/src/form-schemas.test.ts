import { DEFAULT_CUTTING_DEFAULTS, DEFAULT_PRICING_SETTINGS } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from './components/editing/zod-form.ts';
import { EMPTY_PARTNER_FORM, partnerFormSchema } from './features/clients/partner-form.tsx';
import { cuttingFormSchema } from './features/cutting/cutting-settings-card.tsx';
import { pricingFormSchema } from './features/documents/pricing-settings-card.tsx';
import { orderFormSchema } from './features/purchasing/purchase-order-form.tsx';

// The editors' typed values read as the request, then checked by the route's own schema (issue 20):
// what the form accepts is what the server accepts, and a refusal names the body's field.
const SUPPLIER = '00000000-0000-4000-8000-000000000001';
const ITEM = '00000000-0000-4000-8000-000000000002';
const line = (over: Record<string, string> = {}) => ({
  key: 'k',
  item_id: ITEM,
  item_label: 'FLOAT4 · Float 4 mm',
  quantity: '2,5',
  unit: 'm2',
  unit_price: '10,40',
  vat_rate: '25',
  ...over,
});
const blank = line({ item_id: '', item_label: '', quantity: '1', unit: '', unit_price: '' });

describe('purchase order form', () => {
  const order = (lines: object[]) => ({ supplier_id: SUPPLIER, expected_on: '', note: '', lines });

  it('sends the typed amounts as plain decimals and leaves the fresh last line out', async () => {
    expect(await validateForm(orderFormSchema, order([line(), blank]))).toEqual([]);
    const body = await orderFormSchema.parseAsync(order([line(), blank]));
    expect(body.lines).toHaveLength(1);
    expect(body.lines[0]).toMatchObject({ item_id: ITEM, quantity: '2.5', unit_price: '10.40' });
    expect(body.expected_on).toBeNull();
  });

  it('names the line and field of a quantity that is not a number', async () => {
    const issues = await validateForm(orderFormSchema, order([line(), line({ quantity: '2,5x' })]));
    expect(issues.map((i) => i.path)).toEqual(['lines.1.quantity']);
    expect(issues[0]?.message).toMatch(/^validation\./);
  });

  it('refuses an order without a supplier', async () => {
    const issues = await validateForm(orderFormSchema, { ...order([line()]), supplier_id: '' });
    expect(issues.map((i) => i.path)).toEqual(['supplier_id']);
  });
});

describe('client and supplier form', () => {
  const partner = { ...EMPTY_PARTNER_FORM, name: 'Staklo Kovač d.o.o.', lead_time_days: '7' };

  it('sends the lead time for a supplier only', async () => {
    expect((await partnerFormSchema('supplier').parseAsync(partner)).lead_time_days).toBe(7);
    expect((await partnerFormSchema('client').parseAsync(partner)).lead_time_days).toBeNull();
  });

  it("reports an address and a contact field at the body's path", async () => {
    const issues = await validateForm(partnerFormSchema('client'), {
      ...partner,
      billing: { street: 'Ilica 1', postal_code: '', city: 'Zagreb', country: 'Hrvatska' },
      contacts: [{ name: '', position: '', email: 'ana@', phone: '' }],
    });
    expect(issues.map((i) => i.path)).toEqual([
      'billing_address.country',
      'contacts.0.name',
      'contacts.0.email',
    ]);
  });

  it("refuses the phone the server refuses, with the same key (the partner's and a contact's)", async () => {
    const issues = await validateForm(partnerFormSchema('supplier'), {
      ...partner,
      phone: 'zovi Ivana',
      contacts: [{ name: 'Ana', position: '', email: '', phone: '099' }],
    });
    expect(issues).toEqual([
      { path: 'phone', message: 'validation.phoneInvalid' },
      { path: 'contacts.0.phone', message: 'validation.phoneDigits' },
    ]);
    expect(await validateForm(partnerFormSchema('client'), { ...partner, phone: '+385 1 2345 678' })).toEqual(
      [],
    );
  });
});

describe('settings cards', () => {
  it('pricing: a value typed with a decimal comma is accepted; bands must ascend', async () => {
    const typed = { ...DEFAULT_PRICING_SETTINGS, min_area_float_m2: '0,25' };
    expect((await pricingFormSchema.parseAsync(typed)).min_area_float_m2).toBe('0.25');
    const issues = await validateForm(pricingFormSchema, {
      ...DEFAULT_PRICING_SETTINGS,
      area_bands: [
        { max_area_m2: '1', surcharge_pct: '20' },
        { max_area_m2: '0,5', surcharge_pct: '10' },
      ],
    });
    expect(issues).toEqual([{ path: 'area_bands.1.max_area_m2', message: 'validation.bandsAscending' }]);
  });

  it('cutting: whole millimetres; an empty field is refused at its own key', async () => {
    const typed = Object.fromEntries(
      Object.entries(DEFAULT_CUTTING_DEFAULTS).map(([k, v]) => [k, String(v)]),
    );
    expect(await validateForm(cuttingFormSchema, typed)).toEqual([]);
    const issues = await validateForm(cuttingFormSchema, { ...typed, kerf_2d: '' });
    expect(issues.map((i) => i.path)).toEqual(['kerf_2d']);
  });
});
