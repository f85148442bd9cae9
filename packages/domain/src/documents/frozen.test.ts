import { describe, expect, it } from 'vitest';
import { frozenFormats, nextWorkOrderVersion, workOrderSheetState } from './frozen.ts';

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
  it('leaves work order sheets to their versions', () => {
    expect(frozenFormats('work_order', 'completed')).toEqual([]);
  });
});

describe('work order sheet versions', () => {
  const a = 'a'.repeat(64);
  const b = 'b'.repeat(64);
  it('a draft has no printed order and cannot get a version', () => {
    expect(workOrderSheetState('draft', null, a)).toBe('draft');
    expect(() => nextWorkOrderVersion('draft', null, a)).toThrow(
      expect.objectContaining({
        code: 'CONFLICT',
        details: [expect.objectContaining({ key: 'validation.workOrderNotReleased' })],
      }),
    );
  });
  it('the first version of a released order is 1, the next one follows the latest', () => {
    expect(nextWorkOrderVersion('planned', null, a)).toBe(1);
    expect(nextWorkOrderVersion('in_progress', { version: 1, content_sha256: a }, b)).toBe(2);
    expect(nextWorkOrderVersion('completed', { version: 4, content_sha256: a }, b)).toBe(5);
  });
  it('is current while the printed content hashes the same, out of date when it does not', () => {
    expect(workOrderSheetState('planned', a, a)).toBe('current');
    expect(workOrderSheetState('completed', a, b)).toBe('out_of_date');
    expect(workOrderSheetState('planned', null, a)).toBe('out_of_date');
  });
  it('refuses a version of unchanged content and of a cancelled order', () => {
    expect(() => nextWorkOrderVersion('planned', { version: 2, content_sha256: a }, a)).toThrow(
      expect.objectContaining({
        details: [
          expect.objectContaining({ key: 'validation.workOrderVersionCurrent', params: { version: 2 } }),
        ],
      }),
    );
    expect(() => nextWorkOrderVersion('cancelled', { version: 1, content_sha256: a }, b)).toThrow(
      expect.objectContaining({
        details: [expect.objectContaining({ key: 'validation.workOrderCancelled' })],
      }),
    );
  });
});
