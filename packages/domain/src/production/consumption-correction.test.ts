import { describe, expect, it } from 'vitest';
import {
  type CorrectionContext,
  consumedKey,
  consumptionCorrectionSchema,
  correctionIssues,
} from './consumption-correction.ts';

const GLASS = '00000000-0000-4000-8000-000000000001';
const SPACER = '00000000-0000-4000-8000-000000000002';
const SHEET = '00000000-0000-4000-8000-000000000003';
const FOREIGN = '00000000-0000-4000-8000-000000000004';
const LOT = '00000000-0000-4000-8000-0000000000a1';
const OTHER_LOT = '00000000-0000-4000-8000-0000000000a2';

const ctx: CorrectionContext = {
  materials: new Map([
    [GLASS, 'FLOAT4'],
    [SPACER, 'DIST16'],
    [SHEET, 'FLOAT4-S'],
  ]),
  otherSkus: new Map([[FOREIGN, 'OKOV']]),
  cut: new Map([[SHEET, ['KL-3']]]),
  lotTracked: new Set([GLASS, SHEET]),
  consumed: new Map([
    [consumedKey(GLASS, LOT), '2.2'],
    [consumedKey(SPACER, null), '6'],
  ]),
  lotNumbers: new Map([
    [LOT, 'L-100'],
    [OTHER_LOT, 'L-200'],
  ]),
};

describe('consumption correction of a work order', () => {
  it('accepts a return within what was consumed and any extra issue', () => {
    expect(
      correctionIssues(
        [
          { itemId: GLASS, lotId: LOT, quantity: '0.5' },
          { itemId: SPACER, lotId: null, quantity: '-1' },
          { itemId: GLASS, lotId: null, quantity: '-0.3' },
        ],
        ctx,
      ),
    ).toEqual([]);
    // Exactly everything the order took may come back.
    expect(correctionIssues([{ itemId: SPACER, lotId: null, quantity: '6' }], ctx)).toEqual([]);
  });

  it('refuses returning more than consumed, adding up lines of the same item and lot', () => {
    expect(
      correctionIssues(
        [
          { itemId: GLASS, lotId: LOT, quantity: '1.2' },
          { itemId: GLASS, lotId: LOT, quantity: '1.2' },
        ],
        ctx,
      ),
    ).toEqual([
      {
        field: 'lines.0.quantity',
        key: 'validation.correctionExceedsConsumed',
        params: { item: 'FLOAT4 (L-100)', consumed: '2.2', requested: '2.4' },
      },
    ]);
    // A lot the order never consumed: nothing of it may come back.
    expect(correctionIssues([{ itemId: GLASS, lotId: OTHER_LOT, quantity: '0.1' }], ctx)).toEqual([
      expect.objectContaining({
        key: 'validation.correctionExceedsConsumed',
        params: { item: 'FLOAT4 (L-200)', consumed: '0', requested: '0.1' },
      }),
    ]);
  });

  it('refuses foreign items, cut materials, a lot-less return of a lot-tracked item', () => {
    expect(
      correctionIssues(
        [
          { itemId: FOREIGN, lotId: null, quantity: '1' },
          { itemId: SHEET, lotId: null, quantity: '-1' },
          { itemId: GLASS, lotId: null, quantity: '0.5' },
          { itemId: SPACER, lotId: LOT, quantity: '1' },
        ],
        ctx,
      ).map((i) => [i.field, i.key, i.params]),
    ).toEqual([
      ['lines.0.item_id', 'validation.correctionNotMaterial', { item: 'OKOV' }],
      ['lines.1.item_id', 'validation.correctionViaCuttingList', { item: 'FLOAT4-S', lists: 'KL-3' }],
      ['lines.2.lot_id', 'validation.correctionLotRequired', { item: 'FLOAT4' }],
      ['lines.3.lot_id', 'validation.lotNotOfItem', { item: 'DIST16' }],
    ]);
  });

  it('reads Croatian quantities, requires a listed reason and a note for "other", refuses zero', () => {
    const line = { item_id: GLASS, quantity: '0,5' };
    expect(consumptionCorrectionSchema.parse({ reason: 'correction', lines: [line] })).toEqual({
      reason: 'correction',
      note: null,
      lines: [{ item_id: GLASS, quantity: '0.5' }],
    });
    expect(
      consumptionCorrectionSchema.parse({ reason: 'scrap', lines: [{ ...line, quantity: '-1' }] }).lines[0]
        ?.quantity,
    ).toBe('-1');
    const messages = (body: unknown) =>
      consumptionCorrectionSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(messages({ reason: 'because', lines: [line] })).toEqual(['validation.reasonRequired']);
    expect(messages({ lines: [line] })).toEqual(['validation.reasonRequired']);
    expect(messages({ reason: 'other', note: ' ', lines: [line] })).toEqual([
      'validation.reasonNoteRequired',
    ]);
    expect(messages({ reason: 'correction', lines: [{ ...line, quantity: '0,000' }] })).toEqual([
      'validation.correctionZero',
    ]);
    expect(messages({ reason: 'correction', lines: [] })).toEqual(['validation.required']);
  });
});
