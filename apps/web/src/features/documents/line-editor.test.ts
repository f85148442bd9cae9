import { DEFAULT_PRICING_SETTINGS } from '@erp/domain';
import { CLIENT_DISCOUNT_DOCUMENT as DOC } from '@erp/domain/documents/line-pricing.fixture';
import { describe, expect, it } from 'vitest';
import {
  autoMeasurePrice,
  lineFromApi,
  lineGlassWorkWarnings,
  lineToApi,
  liveTotals,
  newLine,
  pickIntoLine,
  repriceAll,
} from './line-editor.tsx';

// The grid prices measure lines with the domain rule, as the server does (hand-computed numbers).

const glass = {
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'FLOAT4',
  name: 'Float 4 mm',
  base_unit: 'm2',
  sales_price: '25',
  purchase_price: null,
  vat_rate: '25',
  kind: 'material' as const,
  price_basis: 'area' as const,
  glass_kind: 'float' as const,
  min_charge: null,
};

describe('line editor: measure pricing', () => {
  it('leaves the price of an area-priced item to the rule and computes it from W × H', () => {
    const picked = pickIntoLine(newLine(), glass);
    expect(picked).toMatchObject({ unit: 'kom', unit_price: '', auto_price: true });
    expect(autoMeasurePrice(picked, DEFAULT_PRICING_SETTINGS)).toBeNull(); // no W × H yet
    const sized = { ...picked, quantity: '2', width_mm: '1000', height_mm: '500' };
    // 1020 × 510 = 0.5202 m² × 25 = 13.005 per pane; 2 panes = 26.01, VAT 6.50
    expect(autoMeasurePrice(sized, DEFAULT_PRICING_SETTINGS)?.measure.toFixed()).toBe('0.5202');
    const totals = liveTotals([sized], DEFAULT_PRICING_SETTINGS);
    expect(totals.net.toFixed(2)).toBe('26.01');
    expect(totals.total.toFixed(2)).toBe('32.51');
    // The server fills the price itself: the line goes out without one.
    expect(lineToApi(sized)).toMatchObject({ unit_price: null, width_mm: '1000', shaped: false });
  });

  it('a typed price wins; an item priced per unit keeps its sales price', () => {
    const typed = { ...pickIntoLine(newLine(), glass), width_mm: '1000', height_mm: '500', unit_price: '10' };
    expect(autoMeasurePrice(typed, DEFAULT_PRICING_SETTINGS)).toBeNull();
    expect(liveTotals([typed]).net.toFixed(2)).toBe('10.00');
    const unit = pickIntoLine(newLine(), { ...glass, price_basis: 'unit' });
    // The sales price is shown in the language's format (Croatian in tests) and kept for the totals.
    expect(unit).toMatchObject({ unit: 'm2', unit_price: '25,00', pricing: { basis: 'unit', price: '25' } });
  });

  it('a saved rule-priced line shows its stored price and billed measure', () => {
    const line = lineFromApi({
      item_id: glass.id,
      sku: 'FLOAT4',
      item_name: 'Float 4 mm',
      description: 'Float 4 mm',
      quantity: '1',
      unit: 'kom',
      width_mm: '1000',
      height_mm: '500',
      unit_price: '13.005',
      discount_pct: '0',
      vat_rate: '25',
      lot_id: null,
      lot_number: null,
      billed_measure: '0.5202',
      billed_unit: 'm2',
      shaped: false,
      price_basis: 'area',
      glass_kind: 'float',
      item_sales_price: '25',
      item_min_charge: null,
    });
    expect(line).toMatchObject({
      unit_price: '13,005',
      width_mm: '1.000',
      auto_price: true,
      billed: { measure: '0.5202', unit: 'm2' },
    });
    expect(line.pricing).toEqual({ basis: 'area', glass_kind: 'float', price: '25', min_charge: null });
  });
});

describe('line editor: glass work', () => {
  const settings = {
    ...DEFAULT_PRICING_SETTINGS,
    hole_price: '3.5',
    cutout_price: '12',
    area_bands: [
      { max_area_m2: '0.5', surcharge_pct: '20' },
      { max_area_m2: '1', surcharge_pct: '10' },
    ],
  };

  it('prices bands, holes and cut-outs like the server and warns about holes in thick glass', () => {
    const picked = pickIntoLine(newLine(), { ...glass, sku: 'FLOAT8', thickness_mm: '8' });
    const line = {
      ...picked,
      quantity: '2',
      width_mm: '1000',
      height_mm: '500',
      hole_count: '4',
      hole_diameter_mm: '6',
      hole_edge_mm: '10',
      cutout_count: '1',
    };
    // 0.5202 m² × 25 × 1.10 = 14.3055 + 4 × 3.50 + 12 = 40.3055 per pane; 2 panes = 80.61
    expect(autoMeasurePrice(line, settings)?.unitPrice.toFixed()).toBe('40.3055');
    expect(liveTotals([line], settings).net.toFixed(2)).toBe('80.61');
    expect(lineGlassWorkWarnings(line).map((w) => w.key)).toEqual([
      'glassWork.holeDiameter',
      'glassWork.holeEdge',
    ]);
    expect(lineGlassWorkWarnings({ ...line, hole_diameter_mm: '8', hole_edge_mm: '16' })).toEqual([]);
    expect(lineToApi(line)).toMatchObject({
      hole_count: 4,
      hole_diameter_mm: '6',
      hole_edge_mm: '10',
      cutout_count: 1,
    });
    // Typed wrong: sent as typed so the server names the field.
    expect(lineToApi({ ...line, hole_count: '1,5' })).toMatchObject({ hole_count: '1,5' });
  });
});

describe('line editor: edge work and surcharges', () => {
  const settings = {
    ...DEFAULT_PRICING_SETTINGS,
    edge_price_kpo: '6',
    coating_removal_price: '1.5',
    rush_surcharge_pct: '20',
  };

  it('prices the edge type, coating removal and rush like the server and sends them', () => {
    const picked = pickIntoLine(newLine(), glass);
    const line = {
      ...picked,
      width_mm: '1000',
      height_mm: '500',
      edge_type: 'kpo' as const,
      coating_removal: true,
    };
    // 0.5202 m² × 25 = 13.005 + KPO 3 m × 6 = 18 + coating 3 m × 1.5 = 4.5 → 35.505
    expect(autoMeasurePrice(line, settings)?.unitPrice.toFixed()).toBe('35.505');
    // rush +20 %: 35.505 × 1.2 = 42.606
    expect(autoMeasurePrice(line, { ...settings, rush: true })?.unitPrice.toFixed()).toBe('42.606');
    expect(lineToApi(line)).toMatchObject({ edge_type: 'kpo', coating_removal: true });
    // A saved rule-priced line is priced again when the rush flag changes.
    const saved = { ...line, unit_price: '35.505', auto_price: true };
    expect(repriceAll([saved])[0]?.unit_price).toBe('');
    expect(repriceAll([{ ...saved, auto_price: false }])[0]?.unit_price).toBe('35.505');
  });
});

describe('line editor: the totals the server saves', () => {
  // The shared fixture's document; the server test (documents/line-pricing.test.ts) saves the
  // same lines and gets the same hand-computed figures.
  const settings = { ...DEFAULT_PRICING_SETTINGS, rush_surcharge_pct: DOC.rushSurchargePct, rush: DOC.rush };
  const typed = () =>
    DOC.lines.map((l, i) => {
      const item = l.sku ? DOC.items[l.sku] : null;
      const base = item
        ? pickIntoLine(newLine(), {
            id: `00000000-0000-4000-8000-00000000001${i}`,
            sku: l.sku ?? '',
            name: l.sku ?? '',
            base_unit: item.baseUnit,
            sales_price: item.salesPrice,
            purchase_price: null,
            vat_rate: item.vatRate,
            kind: 'material' as const,
            price_basis: item.basis,
            glass_kind: item.glassKind,
            min_charge: null,
          })
        : newLine({ description: l.description });
      // Typed over what the pick filled in: an empty price or discount is left to the defaults.
      return {
        ...base,
        quantity: l.quantity,
        width_mm: l.width_mm,
        height_mm: l.height_mm,
        unit_price: l.unit_price,
        discount_pct: l.discount_pct,
        vat_rate: l.vat_rate,
      };
    });

  it("shows the server's totals for a client with a default discount (rush quote)", () => {
    const totals = liveTotals(typed(), settings, DOC.clientDiscountPct);
    expect(totals.lines.map((l) => l.net.toFixed(2))).toEqual(DOC.expected.lineNets);
    expect(totals.net.toFixed(2)).toBe(DOC.expected.net);
    expect(totals.vat.toFixed(2)).toBe(DOC.expected.vat);
    expect(totals.total.toFixed(2)).toBe(DOC.expected.total);
    expect(
      totals.breakdown.map((b) => ({ rate: b.rate, base: b.base.toFixed(2), vat: b.vat.toFixed(2) })),
    ).toEqual(DOC.expected.breakdown);
    // Without the client's discount the figure differs: the discount is part of what is shown.
    expect(liveTotals(typed(), settings).net.toFixed(2)).toBe(DOC.expected.netWithoutClientDiscount);
  });

  it('sends what was typed as plain decimals and leaves empty fields to the server', () => {
    const [silikon, , montaza, transport] = typed().map(lineToApi);
    expect(silikon).toMatchObject({ quantity: '3', unit_price: null, discount_pct: null });
    expect(montaza).toMatchObject({ unit_price: '1000.00', discount_pct: '0' });
    expect(transport).toMatchObject({ unit_price: '50.5', vat_rate: '13' });
  });
});
