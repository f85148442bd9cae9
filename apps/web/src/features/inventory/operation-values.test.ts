import { describe, expect, it } from 'vitest';
import type { Item } from './inventory-api.ts';
import { type Draft, emptyDraft, emptyLine, SCHEMAS } from './operation-values.ts';

// The operation tabs check the typed draft with the posting routes' schemas (issue 20, form recipe).
const LOC_A = '0b6f2a52-7f0e-4d8a-9a57-1f1d1c6b5a01';
const LOC_B = '0b6f2a52-7f0e-4d8a-9a57-1f1d1c6b5a02';
const item = (patch: Partial<Item> = {}) =>
  ({
    id: 'c1d2e3f4-0000-4000-8000-000000000001',
    sku: 'PROF-60',
    name: 'Profil 60',
    lot_tracked: false,
    ...patch,
  }) as Item;
const draft = (patch: Partial<Draft>): Draft => ({ ...emptyDraft(), location: LOC_A, ...patch });
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('stock operation drafts → posting bodies', () => {
  it('a receipt: only lines with an item are sent, amounts read in the screen format', () => {
    const lines = [{ ...emptyLine(), item: item(), quantity: '1.000,5', unit_cost: '2,50' }, emptyLine()];
    const r = SCHEMAS.receipt.safeParse(draft({ lines }));
    expect(issues(r)).toEqual([]);
    expect(r.data?.lines).toEqual([
      expect.objectContaining({
        item_id: item().id,
        quantity: '1000.5',
        unit_cost: '2.50',
        lot_number: null,
      }),
    ]);
  });

  it('an issue needs a reason, a note for "other", and a positive quantity, at the body paths', () => {
    const noReason = SCHEMAS.issue.safeParse(
      draft({ lines: [{ ...emptyLine(), item: item(), quantity: '0' }] }),
    );
    expect(issues(noReason).sort()).toEqual([
      'lines.0.quantity: validation.positive',
      'reason: validation.reasonRequired',
    ]);
    const other = SCHEMAS.issue.safeParse(
      draft({ reason: 'other', lines: [{ ...emptyLine(), item: item(), quantity: '2' }] }),
    );
    expect(issues(other)).toEqual(['note: validation.reasonNoteRequired']);
  });

  it('nothing picked is refused as no lines; a transfer names both locations', () => {
    expect(issues(SCHEMAS.receipt.safeParse(draft({})))).toEqual(['lines: validation.required']);
    const r = SCHEMAS.transfer.safeParse(
      draft({
        toLocation: LOC_B,
        reason: 'relocation',
        lines: [{ ...emptyLine(), item: item(), quantity: '4' }],
      }),
    );
    expect(issues(r)).toEqual([]);
    expect(r.data).toMatchObject({ from_location_id: LOC_A, to_location_id: LOC_B, reason: 'relocation' });
  });

  it('an adjustment takes a signed quantity; the chosen lot goes with a lot-tracked outgoing line only', () => {
    const lot = 'aaaaaaaa-0000-4000-8000-000000000009';
    const line = { ...emptyLine(), item: item({ lot_tracked: true }), quantity: '-3', lot_id: lot };
    const r = SCHEMAS.adjustment.safeParse(draft({ reason: 'damage', lines: [line] }));
    expect(issues(r)).toEqual([]);
    expect(r.data?.lines[0]).toMatchObject({ quantity: '-3', lot_id: lot });
    const up = SCHEMAS.adjustment.safeParse(draft({ reason: 'found', lines: [{ ...line, quantity: '3' }] }));
    expect(up.data?.lines[0]).not.toHaveProperty('lot_id');
  });
});
