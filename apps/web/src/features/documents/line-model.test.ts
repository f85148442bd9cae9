import { DEFAULT_PRICING_SETTINGS } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { groupsFor } from './line-editor.tsx';
import {
  autoMeasurePrice,
  cellAfterItem,
  fillItemFrom,
  finishFrom,
  lineBelow,
  lineFilled,
  newLine,
  pickIntoLine,
} from './line-model.ts';

// Defaults that flow from the item and from the line above (issue 22, keyboard speed).

const item = (over: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-000000000001',
  sku: 'KAL8',
  name: 'Kaljeno staklo 8 mm',
  base_unit: 'm2',
  sales_price: '60',
  purchase_price: null,
  vat_rate: '25',
  kind: 'material' as const,
  price_basis: 'area' as const,
  glass_kind: 'tempered' as const,
  min_charge: null,
  ...over,
});
const tempered = item({});
const screw = item({
  id: '00000000-0000-4000-8000-000000000002',
  sku: 'VIJ',
  name: 'Vijak',
  base_unit: 'kom',
  sales_price: '0.35',
  vat_rate: '13',
  price_basis: 'unit',
  glass_kind: null,
});

describe('line defaults', () => {
  it('a new line takes the VAT rate and discount of the line above, nothing else', () => {
    const above = { ...pickIntoLine(newLine(), screw, '5'), quantity: '40', width_mm: '300' };
    const below = lineBelow(above);
    expect(below).toMatchObject({
      vat_rate: '13',
      discount_pct: '5',
      quantity: '1',
      item_id: null,
      width_mm: '',
    });
    expect(below.key).not.toBe(above.key);
    expect(lineBelow(undefined)).toMatchObject({ vat_rate: '25', discount_pct: '' });
  });

  it('after the item the cursor goes to W for a measure-priced item, to the quantity otherwise', () => {
    expect(cellAfterItem(pickIntoLine(newLine(), tempered))).toBe('width_mm');
    expect(cellAfterItem(pickIntoLine(newLine(), screw))).toBe('quantity');
    expect(cellAfterItem(newLine())).toBe('quantity');
  });

  it('a line is filled once it names an item or has a description', () => {
    expect(lineFilled(newLine())).toBe(false);
    expect(lineFilled(newLine({ description: '  ' }))).toBe(false);
    expect(lineFilled(newLine({ description: 'Montaža' }))).toBe(true);
    expect(lineFilled(pickIntoLine(newLine(), screw))).toBe(true);
  });

  it('the same item again under a worked pane takes its edge work and coating, another item does not', () => {
    const above = { ...pickIntoLine(newLine(), tempered), edge_type: 'kpo' as const, coating_removal: true };
    const again = finishFrom(pickIntoLine(newLine(), tempered), above);
    expect(again).toMatchObject({ edge_type: 'kpo', coating_removal: true, unit_price: '' });
    const other = finishFrom(pickIntoLine(newLine(), screw), above);
    expect(other.edge_type).toBeUndefined();
    expect(other.coating_removal).toBeUndefined();
  });

  it('Ctrl+D in the item cell copies the item above with its finish; this line keeps its size and quantity', () => {
    const above = {
      ...pickIntoLine(newLine(), tempered),
      width_mm: '900',
      height_mm: '2000',
      edge_type: 'kpo' as const,
    };
    const line = newLine({ width_mm: '500', height_mm: '400', quantity: '2' });
    const filled = fillItemFrom(line, above);
    expect(filled).toMatchObject({
      item_id: tempered.id,
      item_label: 'KAL8 · Kaljeno staklo 8 mm',
      sku: 'KAL8',
      width_mm: '500',
      height_mm: '400',
      quantity: '2',
      edge_type: 'kpo',
      unit_price: '',
      auto_price: true,
    });
    // Priced by the rule for its own size, as if the item had been chosen on this line.
    const price = (l: typeof line) => autoMeasurePrice(l, DEFAULT_PRICING_SETTINGS)?.unitPrice.toFixed();
    expect(price(filled)).toBe(price(finishFrom(pickIntoLine(line, tempered), above)));
    expect(price(filled)).not.toBe(price(above));
  });

  it('Ctrl+D copies a typed per-unit price, and an empty line above fills nothing', () => {
    const above = { ...pickIntoLine(newLine(), screw), unit_price: '0,30' };
    expect(fillItemFrom(newLine(), above)).toMatchObject({
      item_id: screw.id,
      unit_price: '0,30',
      vat_rate: '13',
    });
    const empty = newLine();
    expect(fillItemFrom(empty, newLine())).toBe(empty);
  });

  it('the optional column groups follow the lines: glass work for a line priced per m², the window spec for a product', () => {
    expect(groupsFor([pickIntoLine(newLine(), screw)])).toEqual({ glass: false, window: false });
    expect(groupsFor([pickIntoLine(newLine(), tempered)])).toEqual({ glass: true, window: false });
    expect(groupsFor([pickIntoLine(newLine(), item({ kind: 'product', price_basis: 'unit' }))])).toEqual({
      glass: false,
      window: true,
    });
    expect(groupsFor([newLine({ colour: 'RAL 9016' })])).toEqual({ glass: false, window: true });
  });
});
