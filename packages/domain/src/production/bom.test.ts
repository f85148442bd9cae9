import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureBoms, IGU, WINDOW } from './bom.fixtures.ts';
import { BomCycleError, type BomDef, BomLineError, explodeBom, findBomCycle } from './bom.ts';

const asText = (reqs: { itemId: string; unit: string; quantity: Decimal; scrapQuantity: Decimal }[]) =>
  Object.fromEntries(
    reqs.map((r) => [`${r.itemId} ${r.unit}`, [r.quantity.toFixed(), r.scrapQuantity.toFixed()]]),
  );

describe('BOM explosion, hand-computed fixtures', () => {
  it('insulating glass unit 4-16Ar-4, 1000 × 800, three units', () => {
    const result = explodeBom({
      productId: IGU.productId,
      quantity: 3,
      values: { W: 1000, H: 800 },
      bomOf: fixtureBoms(IGU),
    });
    // panes 0.8 m2 each, +5 %: 2 × 0.84 × 3; spacer 2 × (990 + 790) mm; argon 990 × 790 × 16 mm3 = 12.5136 l, +10 %
    expect(asText(result.requirements)).toEqual({
      'FLOAT4 m2': ['5.04', '0.24'],
      'SPACER16 m': ['10.68', '0'],
      'CORNER16 kom': ['12', '0'],
      'BUTYL m': ['21.36', '0'],
      'ARGON l': ['41.29488', '3.75408'],
    });
    expect(result.made.map((m) => [m.itemId, m.quantity.toFixed()])).toEqual([['IGU-4-16AR-4', '3']]);
  });

  it('PVC window 1000 × 800 with its glass unit at 904 × 704, two windows', () => {
    const result = explodeBom({
      productId: WINDOW.productId,
      quantity: 2,
      values: { W: 1000, H: 800 },
      bomOf: fixtureBoms(WINDOW, IGU),
    });
    // frame: (3600 + 24) mm = 3.624 m + 2 % = 3.69648 per window
    // IGU 904 × 704: pane 0.636416 m2 + 5 % = 0.6682368, two panes per unit
    // spacer 2 × (894 + 694) = 3.176 m; argon 894 × 694 × 16 / 1e6 = 9.926976 l + 10 %
    expect(asText(result.requirements)).toEqual({
      'FRAME70 m': ['7.39296', '0.14496'],
      'HINGESET kom': ['4', '0'],
      'GASKET m': ['14.4', '0'],
      'FLOAT4 m2': ['2.6729472', '0.1272832'],
      'SPACER16 m': ['6.352', '0'],
      'CORNER16 kom': ['8', '0'],
      'BUTYL m': ['12.704', '0'],
      'ARGON l': ['21.8393472', '1.9853952'],
    });
    expect(result.made.map((m) => [m.itemId, m.quantity.toFixed()])).toEqual([
      ['WIN-PVC', '2'],
      ['IGU-4-16AR-4', '2'],
    ]);
    const igu = result.tree.children.find((c) => c.itemId === 'IGU-4-16AR-4');
    expect(igu?.width?.toFixed()).toBe('904');
    expect(igu?.height?.toFixed()).toBe('704');
    expect(igu?.children).toHaveLength(6);
    expect(result.tree.children.map((c) => c.level)).toEqual([1, 1, 1, 1]);
  });

  it('refuses a cycle and names the path', () => {
    const a: BomDef = { productId: 'A', variables: [], lines: [line('B', '1')] };
    const b: BomDef = { productId: 'B', variables: [], lines: [line('C', '2')] };
    const c: BomDef = { productId: 'C', variables: [], lines: [line('A', '1')] };
    const run = () => explodeBom({ productId: 'A', quantity: 1, values: {}, bomOf: fixtureBoms(a, b, c) });
    expect(run).toThrow(BomCycleError);
    expect(() => run()).toThrow('A → B → C → A');
    const edges: Record<string, string[]> = { A: ['B'], B: ['C', 'X'], C: ['A'] };
    expect(findBomCycle('A', (id) => edges[id] ?? [])).toEqual(['A', 'B', 'C', 'A']);
    expect(findBomCycle('B', (id) => edges[id] ?? [])).toEqual(['B', 'C', 'A', 'B']);
    expect(findBomCycle('X', (id) => edges[id] ?? [])).toBeNull();
  });

  it('reports a bad formula with its product, line and position', () => {
    const bad: BomDef = {
      productId: 'P',
      variables: [],
      lines: [line('X', '1'), { ...line('Y', null), formula: 'W / (H - 800)' }],
    };
    try {
      explodeBom({ productId: 'P', quantity: 1, values: { W: 1000, H: 800 }, bomOf: fixtureBoms(bad) });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BomLineError);
      expect(error).toMatchObject({
        productId: 'P',
        lineIndex: 1,
        issue: { key: 'validation.formulaDivisionByZero', position: 3 },
      });
    }
  });

  it('refuses a negative quantity from a formula', () => {
    const bad: BomDef = {
      productId: 'P',
      variables: [],
      lines: [{ ...line('Y', null), formula: 'W - 2000' }],
    };
    expect(() =>
      explodeBom({ productId: 'P', quantity: 1, values: { W: 1000 }, bomOf: fixtureBoms(bad) }),
    ).toThrow(BomLineError);
  });
});

function line(componentId: string, quantity: string | null, scrapPct = '0') {
  return { componentId, quantity, formula: null, unit: 'kom', scrapPct };
}

// --- properties over random BOM graphs ----------------------------------------------------------

type Graph = { boms: BomDef[]; root: string };

/** Random DAG: product i may only use products with a larger index, or leaves L0..L5. */
const dag: fc.Arbitrary<Graph> = fc.integer({ min: 1, max: 6 }).chain((products) =>
  fc
    .array(
      fc.array(
        fc.record({
          to: fc.integer({ min: 0, max: products + 5 }),
          qty: fc.integer({ min: 0, max: 40 }).map((n) => (n / 4).toString()),
          scrap: fc.constantFrom('0', '0', '2.5', '10'),
          byFormula: fc.boolean(),
        }),
        { minLength: 1, maxLength: 5 },
      ),
      { minLength: products, maxLength: products },
    )
    .map((linesPerProduct) => ({
      root: 'P0',
      boms: linesPerProduct.map((lines, i) => ({
        productId: `P${i}`,
        variables: [],
        lines: lines.map((l) => {
          // Targets at or below i become leaves, so the graph stays acyclic.
          const component = l.to > i && l.to < products ? `P${l.to}` : `L${l.to % 6}`;
          return {
            componentId: component,
            quantity: l.byFormula ? null : l.qty,
            formula: l.byFormula ? `W/1000*${l.qty}` : null,
            unit: 'kom',
            scrapPct: l.scrap,
          };
        }),
      })),
    })),
);

/** Naive reference: walk every path of the tree, no memo. */
function naive(g: Graph, id: string, qty: number, scrap: boolean, out: Map<string, number>): void {
  const bom = g.boms.find((b) => b.productId === id);
  if (!bom) {
    out.set(id, (out.get(id) ?? 0) + qty);
    return;
  }
  for (const l of bom.lines) {
    const per = Number(l.quantity ?? l.formula?.split('*')[1]);
    const factor = scrap ? 1 + Number(l.scrapPct) / 100 : 1;
    naive(g, l.componentId, qty * per * factor, scrap, out);
  }
}

describe('BOM explosion properties', () => {
  const explode = (g: Graph, quantity: Decimal.Value) =>
    explodeBom({ productId: g.root, quantity, values: { W: 1000 }, bomOf: fixtureBoms(...g.boms) });

  it('matches a naive walk over every path (with and without scrap)', () => {
    fc.assert(
      fc.property(dag, fc.integer({ min: 1, max: 50 }), (g, q) => {
        const result = explode(g, q);
        const gross = new Map<string, number>();
        const net = new Map<string, number>();
        naive(g, g.root, q, true, gross);
        naive(g, g.root, q, false, net);
        for (const r of result.requirements) {
          expect(r.quantity.toNumber()).toBeCloseTo(gross.get(r.itemId) ?? Number.NaN, 6);
          expect(r.quantity.sub(r.scrapQuantity).toNumber()).toBeCloseTo(net.get(r.itemId) ?? Number.NaN, 6);
        }
        expect(result.requirements.map((r) => r.itemId).sort()).toEqual([...gross.keys()].sort());
      }),
    );
  });

  it('is linear in the ordered quantity', () => {
    fc.assert(
      fc.property(dag, fc.integer({ min: 2, max: 1000 }), (g, q) => {
        const one = explode(g, 1);
        const many = explode(g, q);
        one.requirements.forEach((r, i) => {
          expect(many.requirements[i]?.quantity.eq(r.quantity.mul(q))).toBe(true);
        });
      }),
    );
  });

  it('scrap never lowers a requirement and is zero when no line has scrap', () => {
    fc.assert(
      fc.property(dag, (g) => {
        for (const r of explode(g, 7).requirements) expect(r.scrapQuantity.isNeg()).toBe(false);
        const noScrap = {
          ...g,
          boms: g.boms.map((b) => ({ ...b, lines: b.lines.map((l) => ({ ...l, scrapPct: '0' })) })),
        };
        for (const r of explode(noScrap, 7).requirements) expect(r.scrapQuantity.isZero()).toBe(true);
      }),
    );
  });

  it('a back edge always produces a cycle error whose path is made of real edges', () => {
    fc.assert(
      fc.property(dag, fc.nat(), (g, pick) => {
        // Add an edge from the deepest reachable product back to the root.
        const products = g.boms.map((b) => b.productId);
        const reachable = products.filter((p) => p === g.root || isReachable(g, g.root, p));
        const from = reachable[pick % reachable.length] as string;
        const boms = g.boms.map((b) =>
          b.productId === from ? { ...b, lines: [...b.lines, line(g.root, '1')] } : b,
        );
        const cyclic = { ...g, boms };
        let error: unknown;
        try {
          explode(cyclic, 1);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(BomCycleError);
        const path = (error as BomCycleError).path;
        expect(path[0]).toBe(path[path.length - 1]);
        for (let i = 0; i + 1 < path.length; i++) {
          const bom = boms.find((b) => b.productId === path[i]);
          expect(bom?.lines.some((l) => l.componentId === path[i + 1])).toBe(true);
        }
        const edges = (id: string) =>
          boms.find((b) => b.productId === id)?.lines.map((l) => l.componentId) ?? [];
        expect(findBomCycle(g.root, edges)).not.toBeNull();
      }),
    );
  });
});

function isReachable(g: Graph, from: string, to: string): boolean {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const l of g.boms.find((b) => b.productId === id)?.lines ?? []) {
      if (l.componentId === to) return true;
      if (!seen.has(l.componentId)) {
        seen.add(l.componentId);
        stack.push(l.componentId);
      }
    }
  }
  return false;
}
