import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from './purchasing-api.ts';
import { receiptFormSchema, receiptRows } from './receipt-form.tsx';

// A saved order line as the API sends it: plain decimals, three of them after the point.
const line = {
  id: '00000000-0000-4000-8000-000000000011',
  sku: 'LIM-2',
  item_name: 'Lim 2 mm',
  quantity: '3',
  unit: 'm2',
  open_qty: '2.125',
  lot_tracked: false,
  unit_price: '72.225',
} as unknown as Order['lines'][number];

const sent = (lng: string) => {
  const r = receiptFormSchema.safeParse({
    location_id: '00000000-0000-4000-8000-000000000021',
    received_on: '2026-11-27',
    confirm_over_receipt: false,
    rows: receiptRows([line], lng),
  });
  expect(r.error?.issues ?? []).toEqual([]);
  return r.data?.lines[0];
};

describe('receipt form: the open quantity and price put into the inputs', () => {
  it('shows them in Croatian format and receives them unchanged (not 2 125 at 72 225)', () => {
    expect(receiptRows([line], 'hr')[0]).toMatchObject({ quantity: '2,125', unit_price: '72,225' });
    expect(sent('hr')).toMatchObject({ quantity: '2.125', unit_price: '72.225' });
  });

  // The form reads typed text in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    expect(receiptRows([line], 'en')[0]).toMatchObject({ quantity: '2.125', unit_price: '72.225' });
    expect(sent('en')).toMatchObject({ quantity: '2.125', unit_price: '72.225' });
  });
});
