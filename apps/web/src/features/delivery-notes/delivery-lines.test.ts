import { describe, expect, it } from 'vitest';
import { deliveryLinesToApi, type ProgressLine } from './delivery-lines.tsx';

const line = (id: string, toDeliver: string): ProgressLine => ({
  line_id: id,
  position: 1,
  item_id: null,
  sku: null,
  description: id,
  unit: 'kom',
  width_mm: null,
  height_mm: null,
  lot_number: null,
  service: false,
  ordered: '4',
  delivered: '0',
  to_deliver: toDeliver,
  invoiced: '0',
  to_invoice: '4',
});

describe('delivery note lines from a work order', () => {
  const lines = [line('a', '4'), line('b', '1.5'), line('c', '0')];

  it('delivers what is left of each line unless a quantity is typed', () => {
    expect(deliveryLinesToApi(lines, {}, 'hr')).toEqual([
      { source_line_id: 'a', quantity: '4' },
      { source_line_id: 'b', quantity: '1.5' },
    ]);
  });

  it('reads quantities in the language format and leaves out lines at 0', () => {
    expect(deliveryLinesToApi(lines, { a: '2,5', b: '0' }, 'hr')).toEqual([
      { source_line_id: 'a', quantity: '2.5' },
    ]);
    expect(deliveryLinesToApi(lines, { a: '', b: '1.5' }, 'en')).toEqual([
      { source_line_id: 'b', quantity: '1.5' },
    ]);
  });

  it('refuses more than is left, a negative or a non-number', () => {
    expect(deliveryLinesToApi(lines, { b: '1,6' }, 'hr')).toBeNull();
    expect(deliveryLinesToApi(lines, { a: '-1' }, 'hr')).toBeNull();
    expect(deliveryLinesToApi(lines, { a: 'dva' }, 'hr')).toBeNull();
  });
});
