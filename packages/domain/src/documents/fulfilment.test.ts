import { describe, expect, it } from 'vitest';
import { firstExcess, invoiceableQuantity, lineProgress, remainingQuantity } from './fulfilment.ts';

describe('line fulfilment', () => {
  it('leaves what was not taken, never less than nothing', () => {
    expect(remainingQuantity('4', '1.5').toFixed()).toBe('2.5');
    expect(remainingQuantity('4', '4').toFixed()).toBe('0');
    expect(remainingQuantity('4', '5').toFixed()).toBe('0');
    expect(remainingQuantity('0.3', '0.1').toFixed()).toBe('0.2'); // no binary float drift
  });

  it('invoices a note line only for what it and its order line still have', () => {
    expect(invoiceableQuantity({ quantity: '2', invoiced: '0' }, null).toFixed()).toBe('2');
    expect(invoiceableQuantity({ quantity: '2', invoiced: '0.5' }, null).toFixed()).toBe('1.5');
    // the order line has 1 left: the other was invoiced straight from the order
    expect(
      invoiceableQuantity({ quantity: '2', invoiced: '0' }, { quantity: '4', invoiced: '3' }).toFixed(),
    ).toBe('1');
    expect(
      invoiceableQuantity({ quantity: '2', invoiced: '2' }, { quantity: '4', invoiced: '2' }).toFixed(),
    ).toBe('0');
  });

  it('finds the first line asking for more than is left', () => {
    const requests = [
      { line: 1, label: 'IZO', requested: '2', remaining: '2' },
      { line: 2, label: 'MONT', requested: '1.5', remaining: '1' },
      { line: 3, label: 'PVC', requested: '9', remaining: '1' },
    ];
    expect(firstExcess(requests)?.line).toBe(2);
    expect(firstExcess(requests.slice(0, 1))).toBeNull();
  });

  it('reports ordered, delivered, invoiced and what is left of each', () => {
    expect(lineProgress({ ordered: '4', delivered: '2.5', invoiced: '1' })).toEqual({
      ordered: '4',
      delivered: '2.5',
      to_deliver: '1.5',
      invoiced: '1',
      to_invoice: '3',
    });
  });
});
