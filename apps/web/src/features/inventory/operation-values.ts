import { adjustmentSchema, issueSchema, receiptSchema, transferSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { numberInputToApi } from '../../lib/format.ts';
import type { Item } from './inventory-api.ts';
import { newKey } from './parts.tsx';

// The stock operation tabs' values and their way to the request bodies (operations-page.tsx renders them).

export const OPS = ['receipt', 'issue', 'transfer', 'adjustment'] as const;
export type Op = (typeof OPS)[number];

export type Line = {
  key: string;
  item: Item | null;
  /** What was typed into the item picker (kept with the tab's input). */
  item_text: string;
  quantity: string;
  unit_cost: string;
  lot_number: string;
  expires_on: string;
  /** The lot chosen for an outgoing line ('' = the FEFO suggestion). */
  lot_id: string;
};
export const emptyLine = (): Line => ({
  key: newKey(),
  item: null,
  item_text: '',
  quantity: '',
  unit_cost: '',
  lot_number: '',
  expires_on: '',
  lot_id: '',
});

export type Draft = {
  location: string;
  toLocation: string;
  reference: string;
  /** Why (STOCK_REASONS) and a note; required on issues, transfers and adjustments. */
  reason: string;
  note: string;
  lines: Line[];
  // One key per filled-in form: a resubmission after a lost answer is replayed, not posted twice.
  idemKey: string;
};
export const emptyDraft = (): Draft => ({
  location: '',
  toLocation: '',
  reference: '',
  reason: '',
  note: '',
  lines: [emptyLine()],
  idemKey: newKey(),
});
/** Nothing is kept as a draft on the server: anything entered and not yet posted is unsaved. */
export const isDirty = (d: Draft) =>
  d.location !== '' ||
  d.toLocation !== '' ||
  d.reference !== '' ||
  d.reason !== '' ||
  d.note !== '' ||
  d.lines.some((l) => l.item || l.item_text || l.quantity || l.unit_cost || l.lot_number || l.expires_on);

/** A line that takes stock out (its lot is chosen from the stock at the location). */
export const outgoing = (op: Op, l: Line) =>
  Boolean(l.item?.lot_tracked) &&
  (op === 'issue' || op === 'transfer' || (op === 'adjustment' && l.quantity.trim().startsWith('-')));

/** The posting's request body from the typed draft: the lines with an item, amounts read as shown. */
export const bodyOf =
  (op: Op) =>
  (d: Draft): Record<string, unknown> => ({
    reference: d.reference || null,
    ...(op === 'transfer'
      ? { from_location_id: d.location, to_location_id: d.toLocation }
      : { location_id: d.location }),
    ...(op === 'receipt' ? {} : { reason: d.reason || undefined, note: d.note || null }),
    lines: d.lines
      .filter((l) => l.item)
      .map((l) => ({
        item_id: l.item?.id,
        quantity: numberInputToApi(l.quantity),
        ...(outgoing(op, l) && l.lot_id ? { lot_id: l.lot_id } : {}),
        ...(op === 'receipt' || op === 'adjustment'
          ? {
              unit_cost: l.unit_cost ? numberInputToApi(l.unit_cost) : undefined,
              lot_number: l.lot_number || null,
              expires_on: l.expires_on || null,
            }
          : {}),
      })),
  });
/** Each operation is checked with its route's schema (the server parses the same). */
export const SCHEMAS = {
  receipt: formSchema(bodyOf('receipt'), receiptSchema),
  issue: formSchema(bodyOf('issue'), issueSchema),
  transfer: formSchema(bodyOf('transfer'), transferSchema),
  adjustment: formSchema(bodyOf('adjustment'), adjustmentSchema),
};
