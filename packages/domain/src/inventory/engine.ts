import Decimal from 'decimal.js';
import { applyLines, type Shortage, type StockLine } from './ledger.ts';

/**
 * A pure, in-memory stock ledger with the same rules the server applies in PostgreSQL: postings
 * are all-or-nothing, balances move with the ledger, an idempotency key posts once, and a posting
 * is undone by a reversal (never edited). The server's tests and the property tests use it as the
 * reference behaviour.
 */
export type LedgerMovement = StockLine & { documentId: string; reverses: string | null };
export type LedgerState = {
  readonly movements: readonly LedgerMovement[];
  readonly balances: ReadonlyMap<string, Decimal>;
  /** Idempotency key → id of the document it posted. */
  readonly keys: ReadonlyMap<string, string>;
  /** Document id → id of the reversal that undid it. */
  readonly reversedBy: ReadonlyMap<string, string>;
};
export type PostOutcome =
  | { status: 'posted'; documentId: string }
  | { status: 'replayed'; documentId: string }
  | { status: 'refused'; reason: 'INSUFFICIENT_STOCK'; shortage: Shortage }
  | { status: 'refused'; reason: 'NOT_FOUND' | 'ALREADY_REVERSED' };

export const emptyLedger = (): LedgerState => ({
  movements: [],
  balances: new Map(),
  keys: new Map(),
  reversedBy: new Map(),
});

export function postDocument(
  state: LedgerState,
  doc: { documentId: string; lines: readonly StockLine[]; idempotencyKey?: string },
  opts: { allowNegative: boolean },
): { state: LedgerState; outcome: PostOutcome } {
  const replay = doc.idempotencyKey ? state.keys.get(doc.idempotencyKey) : undefined;
  if (replay) return { state, outcome: { status: 'replayed', documentId: replay } };
  const applied = applyLines(state.balances, doc.lines, opts);
  if (!applied.ok) {
    return {
      state,
      outcome: { status: 'refused', reason: 'INSUFFICIENT_STOCK', shortage: applied.shortage },
    };
  }
  const keys = new Map(state.keys);
  if (doc.idempotencyKey) keys.set(doc.idempotencyKey, doc.documentId);
  return {
    state: {
      ...state,
      movements: [
        ...state.movements,
        ...doc.lines.map((l) => ({ ...l, documentId: doc.documentId, reverses: null })),
      ],
      balances: applied.balances,
      keys,
    },
    outcome: { status: 'posted', documentId: doc.documentId },
  };
}

/** Undoes a posted document with opposite movements; refused if it would make stock negative. */
export function reverseDocument(
  state: LedgerState,
  documentId: string,
  reversalId: string,
  opts: { allowNegative: boolean },
): { state: LedgerState; outcome: PostOutcome } {
  const original = state.movements.filter((m) => m.documentId === documentId);
  if (original.length === 0) return { state, outcome: { status: 'refused', reason: 'NOT_FOUND' } };
  if (state.reversedBy.has(documentId) || original.some((m) => m.reverses !== null)) {
    return { state, outcome: { status: 'refused', reason: 'ALREADY_REVERSED' } };
  }
  const lines = original.map((m) => ({
    itemId: m.itemId,
    locationId: m.locationId,
    lotId: m.lotId,
    quantity: new Decimal(m.quantity).negated().toString(),
    unitCost: m.unitCost,
  }));
  const applied = applyLines(state.balances, lines, opts);
  if (!applied.ok) {
    return {
      state,
      outcome: { status: 'refused', reason: 'INSUFFICIENT_STOCK', shortage: applied.shortage },
    };
  }
  const reversedBy = new Map(state.reversedBy);
  reversedBy.set(documentId, reversalId);
  return {
    state: {
      ...state,
      movements: [
        ...state.movements,
        ...lines.map((l) => ({ ...l, documentId: reversalId, reverses: documentId })),
      ],
      balances: applied.balances,
      reversedBy,
    },
    outcome: { status: 'posted', documentId: reversalId },
  };
}
