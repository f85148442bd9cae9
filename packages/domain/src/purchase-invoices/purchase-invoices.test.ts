import { describe, expect, it } from 'vitest';
import type { ReceivedLine } from './contracts.ts';
import { matchLines, type OrderLineForMatch, unitPriceOf } from './matching.ts';
import { addBuckets, bucketAmounts, bucketOf, decimalComma, hrDay, toCsv } from './registers.ts';
import { canMoveTo, purchaseInvoiceActions } from './status.ts';

const line = (id: string, over: Partial<ReceivedLine>): ReceivedLine => ({
  id,
  name: '',
  description: null,
  quantity: '1',
  unit_code: 'H87',
  net: '0',
  price: '0',
  base_quantity: null,
  seller_item_id: null,
  buyer_item_id: null,
  vat_category: 'S',
  vat_percent: '25',
  kpd: null,
  ...over,
});
const orderLine = (id: string, over: Partial<OrderLineForMatch>): OrderLineForMatch => ({
  id,
  line_no: 1,
  sku: '',
  item_name: '',
  supplier_sku: null,
  quantity: '1',
  unit: 'kom',
  unit_price: '0',
  units: [{ unit: 'kom', factor: '1' }],
  received: '0',
  invoiced_elsewhere: '0',
  ...over,
});

describe('matching an invoice with its order', () => {
  it('pairs by our SKU, then the supplier code, then the name, then position', () => {
    const order = [
      orderLine('a', {
        line_no: 1,
        sku: 'A',
        item_name: 'Staklo',
        quantity: '10',
        unit_price: '2',
        received: '10',
      }),
      orderLine('b', {
        line_no: 2,
        sku: 'B',
        supplier_sku: 'S-B',
        quantity: '5',
        unit_price: '3',
        received: '5',
      }),
      orderLine('c', {
        line_no: 3,
        sku: 'C',
        item_name: 'Brtva',
        quantity: '1',
        unit_price: '1',
        received: '1',
      }),
      orderLine('d', { line_no: 4, sku: 'D', quantity: '2', unit_price: '4', received: '2' }),
    ];
    const out = matchLines(
      [
        line('1', { name: 'Nešto', quantity: '2', price: '4' }), // position → d
        line('2', { name: 'brtva', quantity: '1', price: '1' }), // name → c
        line('3', { seller_item_id: 'S-B', quantity: '5', price: '3' }), // supplier code → b
        line('4', { buyer_item_id: 'A', quantity: '10', price: '2' }), // SKU → a
      ],
      order,
    );
    expect(out.map((m) => [m.invoice_line_id, m.po_line_id])).toEqual([
      ['1', 'd'],
      ['2', 'c'],
      ['3', 'b'],
      ['4', 'a'],
    ]);
    expect(out.every((m) => m.differences.length === 0)).toBe(true);
  });

  it('lists quantity against what was received, price per unit, and unpaired lines', () => {
    const out = matchLines(
      [
        line('1', { buyer_item_id: 'A', quantity: '12', price: '25', base_quantity: '10' }), // 2.50 per unit
        line('2', { buyer_item_id: 'X', name: 'Prijevoz', quantity: '1', price: '30' }),
      ],
      [
        orderLine('a', { sku: 'A', quantity: '12', unit_price: '2.5', received: '10' }),
        orderLine('b', { sku: 'B', line_no: 2, quantity: '3', unit_price: '1', received: '0' }),
      ],
    );
    // "X" finds no SKU, code or name: it takes the remaining line by position.
    expect(out[0]?.differences).toEqual([
      { kind: 'quantity', expected: '10', actual: '12', difference: '2' },
    ]);
    expect(out[1]?.po_line_id).toBe('b');
    // Nothing received on b: compared with what was ordered (3 vs 1); 30 vs 1 per unit.
    expect(out[1]?.differences.map((d) => d.kind)).toEqual(['quantity', 'price']);
    const lonely = matchLines([line('1', { buyer_item_id: 'Z' })], []);
    expect(lonely[0]?.differences).toEqual([{ kind: 'not_on_order' }]);
    const unbilled = matchLines([], [orderLine('a', { received: '4' })]);
    expect(unbilled[0]?.differences).toEqual([{ kind: 'not_invoiced', expected: '4' }]);
    expect(unitPriceOf({ price: '100', base_quantity: '3' }).toFixed(4)).toBe('33.3333');
  });

  it("compares with what the order's other invoices have not billed yet", () => {
    // 7 sheets received in two deliveries; the first delivery's invoice billed 4.
    const order = [
      orderLine('a', {
        sku: 'A',
        quantity: '10',
        unit_price: '72.225',
        received: '7',
        invoiced_elsewhere: '4',
      }),
      orderLine('b', {
        sku: 'B',
        line_no: 2,
        quantity: '5',
        unit_price: '1',
        received: '5',
        invoiced_elsewhere: '5',
      }),
    ];
    const second = matchLines([line('1', { buyer_item_id: 'A', quantity: '3', price: '72.225' })], order);
    expect(second.map((m) => [m.po_line_id, m.invoiced_elsewhere, m.differences])).toEqual([
      ['a', '4', []],
      // b was billed in full on the other invoice: not a difference of this one.
      ['b', '5', []],
    ]);
    // The same 7 billed again: everything is over what is left to bill.
    const twice = matchLines([line('1', { buyer_item_id: 'A', quantity: '7', price: '72.225' })], order);
    expect(twice[0]?.differences).toEqual([
      { kind: 'quantity', expected: '3', actual: '7', difference: '4' },
    ]);
    const billedOver = [orderLine('a', { sku: 'A', received: '2', invoiced_elsewhere: '3' })];
    expect(
      matchLines([line('1', { buyer_item_id: 'A', quantity: '1' })], billedOver)[0]?.differences,
    ).toEqual([{ kind: 'quantity', expected: '0', actual: '1', difference: '1' }]);
  });
});

describe("matching in the order line's unit", () => {
  // Glass kept in m² and bought in sheets (1 plo = 7.2225 m²): 4 sheets ordered at 72.225 a sheet.
  const glass = (over: Partial<OrderLineForMatch> = {}) =>
    orderLine('a', {
      sku: 'A',
      quantity: '4',
      unit: 'plo',
      unit_price: '72.225',
      units: [
        { unit: 'm2', factor: '1' },
        { unit: 'plo', factor: '7.2225' },
      ],
      received: '4',
      ...over,
    });

  it("converts an invoice in another of the item's units", () => {
    const [m2] = matchLines(
      [line('1', { buyer_item_id: 'A', quantity: '28.89', unit_code: 'MTK', price: '10' })],
      [glass()],
    );
    expect(m2).toMatchObject({
      invoiced_qty: '28.89',
      invoice_unit: 'MTK',
      invoiced_in_order_unit: '4',
      order_unit: 'plo',
      invoice_price: '72.2250',
      differences: [],
    });
    // 3 sheets received, 21.67 m² invoiced (21.6675 rounded by the supplier): agrees.
    expect(
      matchLines(
        [line('1', { buyer_item_id: 'A', quantity: '21.67', unit_code: 'MTK', price: '10' })],
        [glass({ received: '3' })],
      )[0]?.differences,
    ).toEqual([]);
    // 4 m² are not 4 sheets: a quantity difference in sheets, and the price per sheet.
    const fourM2 = matchLines(
      [line('1', { buyer_item_id: 'A', quantity: '4', unit_code: 'MTK', price: '72.225' })],
      [glass()],
    )[0];
    expect(fourM2?.differences.map((d) => d.kind)).toEqual(['quantity', 'price']);
    expect(fourM2?.differences[0]).toMatchObject({ expected: '4', actual: '0.553825' });
    // Sheets invoiced as pieces (H87, or C62 as our own invoices send a unit without a code) are sheets.
    for (const code of ['H87', 'C62'])
      expect(
        matchLines(
          [line('1', { buyer_item_id: 'A', quantity: '4', unit_code: code, price: '72.225' })],
          [glass()],
        )[0]?.differences,
      ).toEqual([]);
  });

  it('never compares numbers in units the item does not convert', () => {
    for (const unit_code of ['KGM', null]) {
      const [kg] = matchLines(
        [line('1', { buyer_item_id: 'A', quantity: '4', unit_code, price: '72.225' })],
        [glass()],
      );
      expect(kg).toMatchObject({
        invoiced_in_order_unit: null,
        differences: [{ kind: 'unit', invoice_unit: unit_code, order_unit: 'plo' }],
      });
    }
    // m² against an order line of an item without m² (pieces only): flagged, not compared as 4 = 4.
    const pieces = orderLine('b', { sku: 'B', quantity: '4', unit_price: '5', received: '4' });
    expect(
      matchLines(
        [line('1', { buyer_item_id: 'B', quantity: '4', unit_code: 'MTK', price: '5' })],
        [pieces],
      )[0]?.differences,
    ).toEqual([{ kind: 'unit', invoice_unit: 'MTK', order_unit: 'kom' }]);
  });
});

describe('register buckets and files', () => {
  it('sorts VAT categories into the register columns', () => {
    expect(
      ['S:25', 'S:13', 'S:5', 'Z:0', 'S:0', 'E:0', 'O:0', 'K:0', 'G:0', 'AE:0', 'S:20'].map((c) => {
        const [category, percent] = c.split(':') as [string, string];
        return bucketOf({ category, percent });
      }),
    ).toEqual(['25', '13', '5', '0', '0', 'exempt', 'exempt', 'exempt', 'exempt', 'reverse_charge', 'other']);
  });

  it('signs credit notes negative and adds documents exactly', () => {
    const sub = (category: string, percent: string, taxable: string, tax: string) => ({
      category,
      percent,
      taxable,
      tax,
      exemption_reason: null,
    });
    const invoice = bucketAmounts([sub('S', '25', '0.10', '0.03'), sub('E', '0', '0.20', '0.00')]);
    const credit = bucketAmounts([sub('S', '25', '0.20', '0.05')], -1);
    const sum = addBuckets([invoice, invoice, credit]);
    // 0.10 + 0.10 − 0.20 and 0.03 + 0.03 − 0.05, with no float drift.
    expect(sum['25']).toEqual({ base: '0.00', vat: '0.01' });
    expect(sum.exempt).toEqual({ base: '0.40', vat: '0.00' });
  });

  it('writes CSV for Croatian Excel', () => {
    const csv = toCsv(
      ['Broj', 'Kupac', 'Iznos'],
      [['1-1-1', 'Staklo; "Novo" d.o.o.', decimalComma('-1234.50')]],
    );
    expect(csv).toBe('\uFEFFBroj;Kupac;Iznos\r\n1-1-1;"Staklo; ""Novo"" d.o.o.";-1234,50\r\n');
    expect(hrDay('2026-03-05')).toBe('05.03.2026');
  });
});

describe('purchase invoice statuses', () => {
  it('allows approving only a valid received invoice and rejecting until decided', () => {
    expect(canMoveTo('received', 'approved')).toBe(true);
    expect(canMoveTo('invalid', 'approved')).toBe(false);
    expect(canMoveTo('invalid', 'rejected')).toBe(true);
    expect(canMoveTo('approved', 'rejected')).toBe(false);
    expect(canMoveTo('rejected', 'approved')).toBe(false);
    expect(purchaseInvoiceActions('approved', 'invoice', '10.00')).toEqual(['pay']);
    expect(purchaseInvoiceActions('approved', 'invoice', '0.00')).toEqual([]);
    expect(purchaseInvoiceActions('approved', 'credit_note', '10.00')).toEqual([]);
    // While its validators run, nothing can be decided.
    expect(canMoveTo('checking', 'approved')).toBe(false);
    expect(canMoveTo('checking', 'rejected')).toBe(false);
    expect(purchaseInvoiceActions('checking', 'invoice', '10.00')).toEqual([]);
  });
});
