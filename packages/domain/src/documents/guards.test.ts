import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  assertDeliveryNoteCancellable,
  assertDeliveryNoteInvoiceable,
  assertDeliveryNoteIssuable,
  assertDraft,
  assertInvoiceIssued,
  assertQuoteSendable,
  assertWorkOrderInProgress,
  assertWorkOrderInvoiceable,
  documentActions,
  shownStatus,
} from './guards.ts';

/** The code and the first detail key of what `fn` throws, or null when it passes. */
function refusal(fn: () => void): { code: string; key: string | undefined } | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, key: error.details?.[0]?.key };
  }
}

const transition = { code: 'INVALID_TRANSITION', key: 'validation.invalidTransition' };

describe('delivery note guards', () => {
  it('issues only a draft with lines; the state is checked before the lines', () => {
    expect(refusal(() => assertDeliveryNoteIssuable({ status: 'draft', lineCount: 2 }))).toBeNull();
    expect(refusal(() => assertDeliveryNoteIssuable({ status: 'draft', lineCount: 0 }))).toEqual({
      code: 'VALIDATION',
      key: 'validation.linesRequired',
    });
    for (const status of ['issued', 'delivered', 'cancelled']) {
      expect(refusal(() => assertDeliveryNoteIssuable({ status, lineCount: 1 }))).toEqual(transition);
      expect(refusal(() => assertDeliveryNoteIssuable({ status, lineCount: 0 }))).toEqual(transition);
    }
  });

  it('cancels a draft or an issued note that is not invoiced', () => {
    const number = 'OT-2026-0007';
    for (const status of ['draft', 'issued'])
      expect(refusal(() => assertDeliveryNoteCancellable({ status, number, invoiced: false }))).toBeNull();
    for (const status of ['delivered', 'cancelled'])
      expect(refusal(() => assertDeliveryNoteCancellable({ status, number, invoiced: false }))).toEqual(
        transition,
      );
    // An invoiced note is refused as such whatever its state (a credit note comes first), by its number.
    for (const status of ['draft', 'issued', 'delivered']) {
      expect(refusal(() => assertDeliveryNoteCancellable({ status, number, invoiced: true }))).toEqual({
        code: 'CONFLICT',
        key: 'validation.deliveryNoteInvoiced',
      });
      try {
        assertDeliveryNoteCancellable({ status, number, invoiced: true });
      } catch (error) {
        expect(error instanceof AppError && error.details).toEqual([
          { field: 'status', key: 'validation.deliveryNoteInvoiced', params: { number } },
        ]);
      }
    }
  });

  it('invoices an issued or delivered note; a refusal names the note and its state', () => {
    for (const status of ['issued', 'delivered'])
      expect(refusal(() => assertDeliveryNoteInvoiceable({ status, number: 'OT-2026-0007' }))).toBeNull();
    const details = (status: string, number: string | null) => {
      try {
        assertDeliveryNoteInvoiceable({ status, number });
      } catch (error) {
        if (error instanceof AppError) return error.details;
        throw error;
      }
      return null;
    };
    expect(details('cancelled', 'OT-2026-0007')).toEqual([
      {
        field: 'delivery_note_ids',
        key: 'validation.deliveryNoteCancelled',
        params: { number: 'OT-2026-0007' },
      },
    ]);
    expect(details('draft', 'OT-2026-0008')).toEqual([
      {
        field: 'delivery_note_ids',
        key: 'validation.deliveryNoteNotIssued',
        params: { number: 'OT-2026-0008' },
      },
    ]);
  });
});

describe('invoicing a work order directly', () => {
  const number = 'RN-2026-0004';
  const details = (status: string, client_id: string | null) => {
    try {
      assertWorkOrderInvoiceable({ status, number, client_id }, 'client-a');
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, details: error.details };
      throw error;
    }
    return null;
  };
  const refused = (key: string) => ({
    code: 'VALIDATION',
    details: [{ field: 'work_order_ids', key, params: { number } }],
  });

  it("invoices a completed order of the invoice's client", () => {
    expect(details('completed', 'client-a')).toBeNull();
  });

  it('names an order not completed yet, whichever of its open states', () => {
    for (const status of ['draft', 'planned', 'in_progress'])
      expect(details(status, 'client-a'), status).toEqual(refused('validation.workOrderNotCompletedInvoice'));
  });

  it('names a cancelled order as cancelled', () => {
    expect(details('cancelled', 'client-a')).toEqual(refused('validation.workOrderCancelledInvoice'));
  });

  it("names another client's order (or one without a client) as such, whatever its state", () => {
    for (const status of ['completed', 'in_progress', 'cancelled']) {
      expect(details(status, 'client-b'), status).toEqual(refused('validation.workOrderOtherClient'));
      expect(details(status, null), status).toEqual(refused('validation.workOrderOtherClient'));
    }
  });
});

describe('quote, invoice and work order guards', () => {
  it('sends a quote with lines and a client, lines checked first', () => {
    expect(refusal(() => assertQuoteSendable({ lineCount: 1, clientId: 'c' }))).toBeNull();
    expect(refusal(() => assertQuoteSendable({ lineCount: 0, clientId: null }))?.key).toBe(
      'validation.linesRequired',
    );
    expect(refusal(() => assertQuoteSendable({ lineCount: 3, clientId: null }))?.key).toBe(
      'validation.clientRequired',
    );
  });

  it('edits drafts only', () => {
    expect(refusal(() => assertDraft('draft'))).toBeNull();
    for (const status of ['sent', 'issued', 'planned', 'cancelled'])
      expect(refusal(() => assertDraft(status))).toEqual({ code: 'CONFLICT', key: 'validation.notDraft' });
  });

  it('credits and pays issued invoices only, and works on operations of a running order only', () => {
    expect(refusal(() => assertInvoiceIssued('issued', 'payment'))).toBeNull();
    expect(refusal(() => assertInvoiceIssued('draft', 'credit_note'))).toEqual({
      code: 'CONFLICT',
      key: 'validation.notIssued',
    });
    expect(refusal(() => assertWorkOrderInProgress('in_progress'))).toBeNull();
    for (const status of ['draft', 'planned', 'completed'])
      expect(refusal(() => assertWorkOrderInProgress(status))?.key).toBe('validation.notInProgress');
  });
});

describe('shown status and actions', () => {
  const quote = { kind: 'quote' as const, status: 'sent', valid_until: '2026-03-31' };

  it('a sent quote reads as expired after its last valid day and offers nothing', () => {
    expect(shownStatus(quote, '2026-03-31')).toBe('sent');
    expect(documentActions(quote, '2026-03-31').sort()).toEqual(['accept', 'expire', 'reject']);
    expect(shownStatus(quote, '2026-04-01')).toBe('expired');
    expect(documentActions(quote, '2026-04-01')).toEqual([]);
  });

  it('other kinds show their stored status and their machine’s actions', () => {
    const note = { kind: 'delivery_note' as const, status: 'issued', valid_until: '2000-01-01' };
    expect(shownStatus(note, '2026-01-01')).toBe('issued');
    expect(documentActions(note, '2026-01-01').sort()).toEqual(['cancel', 'deliver']);
    const credit = { kind: 'credit_note' as const, status: 'draft', valid_until: null };
    expect(documentActions(credit, '2026-01-01')).toEqual(['issue']);
    const order = { kind: 'work_order' as const, status: 'planned', valid_until: null };
    expect(documentActions(order, '2026-01-01').sort()).toEqual(['cancel', 'start']);
  });
});
