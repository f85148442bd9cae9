import { describe, expect, it } from 'vitest';
import { frozenFormats } from './frozen.ts';

describe('frozenFormats', () => {
  it('stores nothing for a draft of any kind', () => {
    for (const kind of ['quote', 'work_order', 'delivery_note', 'invoice', 'credit_note'])
      expect(frozenFormats(kind, 'draft')).toEqual([]);
  });
  it('stores the UBL and the PDF of an issued invoice or credit note', () => {
    expect(frozenFormats('invoice', 'issued')).toEqual(['ubl', 'pdf']);
    expect(frozenFormats('credit_note', 'issued')).toEqual(['ubl', 'pdf']);
  });
  it('stores the PDF of a sent quote and an issued delivery note in every later state', () => {
    for (const status of ['sent', 'accepted', 'rejected', 'expired', 'converted'])
      expect(frozenFormats('quote', status)).toEqual(['pdf']);
    for (const status of ['issued', 'delivered', 'cancelled'])
      expect(frozenFormats('delivery_note', status)).toEqual(['pdf']);
  });
  it('never freezes a work order sheet', () => {
    expect(frozenFormats('work_order', 'completed')).toEqual([]);
  });
});
