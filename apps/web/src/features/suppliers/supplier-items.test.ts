import type { SupplierItem } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { supplierItemsBody, supplierItemsDraft } from './supplier-items.tsx';

// A supplier's saved items as the API sends them: plain decimals, three digits after the point.
const saved: SupplierItem[] = [
  {
    item_id: '00000000-0000-4000-8000-000000000061',
    sku: 'LIM-2',
    item_name: 'Lim 2 mm',
    base_unit: 'm2',
    supplier_sku: 'S-1',
    price: '72.225',
    min_order_qty: '1.125',
  },
  {
    item_id: '00000000-0000-4000-8000-000000000062',
    sku: 'VIJ-4',
    item_name: 'Vijak',
    base_unit: 'kom',
    supplier_sku: null,
    price: null,
    min_order_qty: null,
  },
];
const numbers = (rows: { price: string | null; min_order_qty: string | null }[]) =>
  rows.map((r) => [r.price, r.min_order_qty]);

describe("supplier's items: the saved rows opened for editing and saved unchanged", () => {
  it('shows price and minimum in Croatian format and sends them back as saved (not 72 225)', () => {
    const draft = supplierItemsDraft(saved, 'hr');
    expect(numbers(draft)).toEqual([
      ['72,225', '1,125'],
      [null, null],
    ]);
    expect(numbers(supplierItemsBody(draft, 'hr'))).toEqual([
      ['72.225', '1.125'],
      [null, null],
    ]);
  });

  it('keeps the English "." decimal', () => {
    const draft = supplierItemsDraft(saved, 'en');
    expect(numbers(draft)[0]).toEqual(['72.225', '1.125']);
    expect(numbers(supplierItemsBody(draft, 'en'))[0]).toEqual(['72.225', '1.125']);
  });
});
