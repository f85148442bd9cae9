import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyLedger, type LedgerState, postDocument, reverseDocument } from './engine.ts';
import { applyLines, movingAverage, reverseReceiptCost, sortForLocking, stockKey } from './ledger.ts';

const ITEMS = ['i1', 'i2'];
const LOCS = ['A', 'B'];

/** The model: per key, the integer total we expect; documents as plain lists. */
type Model = {
  totals: Map<string, number>;
  docs: Map<string, { lines: { key: string; q: number }[]; reversed: boolean; isReversal: boolean }>;
  keys: Map<string, string>;
  allowNegative: boolean;
  next: number;
};
type Real = { state: LedgerState };

const key = (item: string, loc: string) => `${item}|${loc}|`;

function checkInvariants(m: Model, r: Real): void {
  // Balance = sum of the ledger, for every key, and both equal the model's totals.
  const sums = new Map<string, Decimal>();
  for (const mv of r.state.movements) {
    const k = stockKey(mv);
    sums.set(k, (sums.get(k) ?? new Decimal(0)).plus(mv.quantity));
  }
  for (const item of ITEMS)
    for (const loc of LOCS) {
      const k = key(item, loc);
      const balance = r.state.balances.get(k)?.toNumber() ?? 0;
      expect(balance).toBe(sums.get(k)?.toNumber() ?? 0);
      expect(balance).toBe(m.totals.get(k) ?? 0);
      if (!m.allowNegative) expect(balance).toBeGreaterThanOrEqual(0);
    }
}

function modelPost(m: Model, lines: { key: string; q: number }[]): boolean {
  const net = new Map<string, number>();
  for (const l of lines) net.set(l.key, (net.get(l.key) ?? 0) + l.q);
  const ok = m.allowNegative || [...net].every(([k, d]) => d >= 0 || (m.totals.get(k) ?? 0) + d >= 0);
  if (ok) for (const [k, d] of net) m.totals.set(k, (m.totals.get(k) ?? 0) + d);
  return ok;
}

class PostCommand implements fc.Command<Model, Real> {
  constructor(
    readonly lines: { item: string; loc: string; q: number }[],
    readonly idemKey: string | null,
  ) {}
  check = () => true;
  run(m: Model, r: Real): void {
    const documentId = `d${m.next++}`;
    const before = r.state.movements.length;
    const replayOf = this.idemKey ? m.keys.get(this.idemKey) : undefined;
    const { state, outcome } = postDocument(
      r.state,
      {
        documentId,
        idempotencyKey: this.idemKey ?? undefined,
        lines: this.lines.map((l) => ({
          itemId: l.item,
          locationId: l.loc,
          lotId: null,
          quantity: String(l.q),
        })),
      },
      { allowNegative: m.allowNegative },
    );
    r.state = state;
    if (replayOf) {
      // Replay with the same key posts nothing and names the original document.
      expect(outcome).toEqual({ status: 'replayed', documentId: replayOf });
      expect(r.state.movements.length).toBe(before);
    } else {
      const lines = this.lines.map((l) => ({ key: key(l.item, l.loc), q: l.q }));
      const ok = modelPost(m, lines);
      expect(outcome.status).toBe(ok ? 'posted' : 'refused');
      if (ok) {
        m.docs.set(documentId, { lines, reversed: false, isReversal: false });
        if (this.idemKey) m.keys.set(this.idemKey, documentId);
        expect(r.state.movements.length).toBe(before + this.lines.length);
      } else {
        expect(r.state.movements.length).toBe(before);
      }
    }
    checkInvariants(m, r);
  }
  toString = () => `post(${JSON.stringify(this.lines)}, ${this.idemKey})`;
}

class ReverseCommand implements fc.Command<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.docs.size > 0;
  run(m: Model, r: Real): void {
    const ids = [...m.docs.keys()];
    const target = ids[this.pick % ids.length] as string;
    const doc = m.docs.get(target);
    if (!doc) throw new Error('model lost a document');
    const reversalId = `d${m.next++}`;
    const { state, outcome } = reverseDocument(r.state, target, reversalId, {
      allowNegative: m.allowNegative,
    });
    r.state = state;
    if (doc.reversed || doc.isReversal) {
      expect(outcome.status).toBe('refused');
    } else {
      const lines = doc.lines.map((l) => ({ key: l.key, q: -l.q }));
      const ok = modelPost(m, lines);
      expect(outcome.status).toBe(ok ? 'posted' : 'refused');
      if (ok) {
        doc.reversed = true;
        m.docs.set(reversalId, { lines, reversed: false, isReversal: true });
      }
    }
    checkInvariants(m, r);
  }
  toString = () => `reverse(${this.pick})`;
}

const line = fc.record({
  item: fc.constantFrom(...ITEMS),
  loc: fc.constantFrom(...LOCS),
  q: fc.integer({ min: -20, max: 30 }).filter((q) => q !== 0),
});
const receipt = fc.record({
  item: fc.constantFrom(...ITEMS),
  loc: fc.constantFrom(...LOCS),
  q: fc.integer({ min: 1, max: 30 }),
});
// A transfer is a pair of lines: out of one location, into another.
const transfer = fc
  .record({
    item: fc.constantFrom(...ITEMS),
    q: fc.integer({ min: 1, max: 20 }),
    from: fc.constantFrom(...LOCS),
  })
  .map(({ item, q, from }) => {
    const to = from === 'A' ? 'B' : 'A';
    return [
      { item, loc: from, q: -q },
      { item, loc: to, q },
    ];
  });
const idem = fc.option(fc.constantFrom('k1', 'k2', 'k3', 'k4'), { nil: null, freq: 2 });
const commands = fc.commands(
  [
    fc.tuple(fc.array(receipt, { minLength: 1, maxLength: 3 }), idem).map(([l, k]) => new PostCommand(l, k)),
    fc.tuple(fc.array(line, { minLength: 1, maxLength: 4 }), idem).map(([l, k]) => new PostCommand(l, k)),
    fc.tuple(transfer, idem).map(([l, k]) => new PostCommand(l, k)),
    fc.nat(20).map((n) => new ReverseCommand(n)),
  ],
  { maxCommands: 40 },
);

describe('stock ledger (model-based)', () => {
  for (const allowNegative of [false, true]) {
    it(`keeps balance = sum of ledger, refuses negatives=${!allowNegative}, replays once`, () => {
      fc.assert(
        fc.property(commands, (cmds) => {
          fc.modelRun(
            () => ({
              model: { totals: new Map(), docs: new Map(), keys: new Map(), allowNegative, next: 1 },
              real: { state: emptyLedger() },
            }),
            cmds,
          );
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('applyLines', () => {
  it('names item, location, available and requested when stock would go negative', () => {
    const balances = new Map([[stockKey({ itemId: 'i', locationId: 'L', lotId: null }), new Decimal(5)]]);
    const result = applyLines(
      balances,
      [
        { itemId: 'i', locationId: 'L', lotId: null, quantity: '-4' },
        { itemId: 'i', locationId: 'L', lotId: null, quantity: '-3' },
      ],
      { allowNegative: false },
    );
    expect(result).toEqual({
      ok: false,
      shortage: { itemId: 'i', locationId: 'L', lotId: null, available: '5', requested: '7' },
    });
  });

  it('allows negative balances when the company allows them', () => {
    const result = applyLines(new Map(), [{ itemId: 'i', locationId: 'L', lotId: null, quantity: '-2.5' }], {
      allowNegative: true,
    });
    expect(result.ok && result.balances.get('i|L|')?.toString()).toBe('-2.5');
  });

  // The posting path reads no balances for a document of incoming lines only (posting.ts): it
  // relies on this.
  it('never refuses lines that only add stock, whatever the balances before', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom(...ITEMS), fc.constantFrom(...LOCS), fc.integer({ min: -50, max: 50 })),
          {
            maxLength: 6,
          },
        ),
        fc.array(
          fc.tuple(fc.constantFrom(...ITEMS), fc.constantFrom(...LOCS), fc.integer({ min: 0, max: 50 })),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (start, incoming) => {
          const balances = new Map(
            start.map(([itemId, locationId, q]) => [
              stockKey({ itemId, locationId, lotId: null }),
              new Decimal(q),
            ]),
          );
          const lines = incoming.map(([itemId, locationId, q]) => ({
            itemId,
            locationId,
            lotId: null,
            quantity: String(q),
          }));
          expect(applyLines(balances, lines, { allowNegative: false }).ok).toBe(true);
        },
      ),
    );
  });

  it('sorts lines by item, location, lot for locking', () => {
    const sorted = sortForLocking([
      { itemId: 'b', locationId: 'A', lotId: null },
      { itemId: 'a', locationId: 'B', lotId: 'x' },
      { itemId: 'a', locationId: 'B', lotId: null },
      { itemId: 'a', locationId: 'A', lotId: null },
    ]);
    expect(sorted.map(stockKey)).toEqual(['a|A|', 'a|B|', 'a|B|x', 'b|A|']);
  });
});

describe('moving average cost', () => {
  it('blends receipts: 10 @ 2.00 then 10 @ 4.00 gives 3.00', () => {
    const a = movingAverage({ onHand: '0', avgCost: '0' }, '10', '2');
    expect(a).toEqual({ onHand: '10', avgCost: '2' });
    expect(movingAverage(a, '10', '4')).toEqual({ onHand: '20', avgCost: '3' });
  });
  it('keeps the average on issues and takes the receipt cost after a stock-out', () => {
    expect(movingAverage({ onHand: '20', avgCost: '3' }, '-5', '0')).toEqual({ onHand: '15', avgCost: '3' });
    expect(movingAverage({ onHand: '0', avgCost: '3' }, '4', '7.5')).toEqual({ onHand: '4', avgCost: '7.5' });
  });
  it('3 @ 1.00 + 1 @ 2.00 = 1.25; reversing the second receipt restores 1.00', () => {
    const a = movingAverage({ onHand: '3', avgCost: '1' }, '1', '2');
    expect(a).toEqual({ onHand: '4', avgCost: '1.25' });
    expect(reverseReceiptCost(a, '1', '2')).toEqual({ onHand: '3', avgCost: '1' });
  });
});
