import { describe, expect, it } from 'vitest';
import { type CorrectionValues, correctionFormSchema } from './work-order-correction.tsx';

// The consumption correction dialog checks one material line with the route's schema (form recipe).
const ITEM = 'c1d2e3f4-0000-4000-8000-000000000001';
const LOT = 'aaaaaaaa-0000-4000-8000-000000000009';
const typed = (patch: Partial<CorrectionValues>): CorrectionValues => ({
  item_id: ITEM,
  direction: 'return',
  lot_id: '',
  quantity: '1,5',
  reason: 'scrap',
  note: '',
  ...patch,
});
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('consumption correction: typed values → request', () => {
  const schema = correctionFormSchema('hr');

  it('the direction gives the sign (a typed minus is not a second one); the lot goes when chosen', () => {
    expect(schema.parse(typed({})).lines).toEqual([{ item_id: ITEM, quantity: '1.5' }]);
    expect(schema.parse(typed({ direction: 'issue', quantity: '-2', lot_id: LOT })).lines).toEqual([
      { item_id: ITEM, lot_id: LOT, quantity: '-2' },
    ]);
  });

  it("refuses what the route refuses, with its keys: no reason, zero, 'other' without a note", () => {
    expect(issues(schema.safeParse(typed({ reason: '' })))).toEqual(['reason: validation.reasonRequired']);
    expect(issues(schema.safeParse(typed({ quantity: '0' })))).toEqual([
      'lines.0.quantity: validation.correctionZero',
    ]);
    expect(issues(schema.safeParse(typed({ reason: 'other', note: ' ' })))).toEqual([
      'note: validation.reasonNoteRequired',
    ]);
  });
});
