import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import {
  allowedActions,
  applyAction,
  canApply,
  deliveryNoteMachine,
  effectiveQuoteStatus,
  invoiceMachine,
  type Machine,
  operationMachine,
  quoteMachine,
  workOrderMachine,
} from './status.ts';

/**
 * The whole table of every machine, written out by hand: for each state, the actions allowed and
 * where they lead. Every other (state, action) pair must be refused.
 */
const EXPECTED: Record<string, Record<string, Record<string, string>>> = {
  quote: {
    draft: { send: 'sent' },
    sent: { accept: 'accepted', reject: 'rejected', expire: 'expired' },
    accepted: { convert: 'converted' },
    rejected: {},
    expired: {},
    converted: {},
  },
  work_order: {
    draft: { plan: 'planned', cancel: 'cancelled' },
    planned: { start: 'in_progress', cancel: 'cancelled' },
    in_progress: { complete: 'completed', cancel: 'cancelled' },
    completed: {},
    cancelled: {},
  },
  operation: {
    pending: { start: 'in_progress', cancel: 'cancelled' },
    in_progress: { pause: 'paused', finish: 'done', cancel: 'cancelled' },
    paused: { start: 'in_progress', finish: 'done', cancel: 'cancelled' },
    done: { reopen: 'in_progress' },
    cancelled: {},
  },
  delivery_note: {
    draft: { issue: 'issued', cancel: 'cancelled' },
    issued: { deliver: 'delivered', cancel: 'cancelled' },
    delivered: {},
    cancelled: {},
  },
  invoice: { draft: { issue: 'issued' }, issued: {} },
};

const machines = [
  quoteMachine,
  workOrderMachine,
  operationMachine,
  deliveryNoteMachine,
  invoiceMachine,
] as Machine<string, string>[];

describe.each(machines.map((m) => [m.name, m] as const))('%s lifecycle', (name, m) => {
  const table = EXPECTED[name] ?? {};
  const actions = Object.keys(m.actions);

  it('has exactly the expected states', () => {
    expect([...m.states].sort()).toEqual(Object.keys(table).sort());
  });

  for (const [from, row] of Object.entries(table)) {
    for (const action of actions) {
      const to = row[action];
      if (to) {
        it(`${from} --${action}--> ${to}`, () => {
          expect(canApply(m, from, action)).toBe(true);
          expect(applyAction(m, from, action)).toBe(to);
        });
      } else {
        it(`${from} --${action}--> refused`, () => {
          expect(canApply(m, from, action)).toBe(false);
          let error: unknown;
          try {
            applyAction(m, from, action);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).code).toBe('INVALID_TRANSITION');
          expect((error as AppError).details?.[0]?.params).toEqual({ machine: name, from, action });
        });
      }
    }
    it(`offers from ${from} exactly ${Object.keys(row).join(', ') || 'nothing'}`, () => {
      expect(allowedActions(m, from).sort()).toEqual(Object.keys(row).sort());
    });
  }

  it('refuses an unknown action', () => {
    const first = m.states[0] as string;
    expect(canApply(m, first, 'teleport')).toBe(false);
    expect(() => applyAction(m, first, 'teleport')).toThrow(AppError);
  });
});

describe('quote expiry', () => {
  it('expires a sent quote after its last valid day, not on it', () => {
    expect(effectiveQuoteStatus('sent', '2026-03-31', '2026-03-31')).toBe('sent');
    expect(effectiveQuoteStatus('sent', '2026-03-31', '2026-04-01')).toBe('expired');
  });
  it('leaves drafts, decided quotes and quotes without a date alone', () => {
    expect(effectiveQuoteStatus('draft', '2026-01-01', '2026-04-01')).toBe('draft');
    expect(effectiveQuoteStatus('accepted', '2026-01-01', '2026-04-01')).toBe('accepted');
    expect(effectiveQuoteStatus('sent', null, '2030-01-01')).toBe('sent');
  });
});
