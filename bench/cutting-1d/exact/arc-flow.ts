// The arc-flow model of one-dimensional bin packing (Valério de Carvalho, 1999) for an exact check
// with an outside MIP solver (CBC). Bench tool only: nothing of the product uses it.
//
// Nodes are partial lengths of a bar, 0..C, kept only where reachable. Item types are taken longest
// first; type i gets an arc u → u + w_i from every node u reachable with longer types and with up
// to d_i - 1 copies of type i before it (the usual symmetry reduction: a bar's items in
// non-increasing order, never more copies of a type than its demand). Every other node has one
// loss arc to C. A unit of flow from 0 to C is one bar; the flow out of 0 is the number of bars.

export interface Arc {
  from: number;
  to: number;
  /** Index of the item type, or -1 for a loss arc. */
  type: number;
}

export interface ArcFlowGraph {
  capacity: number;
  sizes: number[];
  demand: number[];
  /** The node flow leaves from (0, or its label after compress). */
  source: number;
  nodes: number[];
  arcs: Arc[];
}

/** The graph for distinct sizes (longest first) with their demands and the bar length. */
export function buildGraph(
  capacity: number,
  sizes: readonly number[],
  demand: readonly number[],
): ArcFlowGraph {
  const reached = new Set<number>([0]);
  const arcs: Arc[] = [];
  sizes.forEach((w, i) => {
    const starts = [...reached];
    const seen = new Set<number>();
    for (const u of starts) {
      for (let k = 0; k < (demand[i] as number); k++) {
        const from = u + k * w;
        const to = from + w;
        if (to > capacity) break;
        // Chains from different starts overlap (u and u + w): add each arc once.
        if (!seen.has(from)) {
          seen.add(from);
          arcs.push({ from, to, type: i });
        }
        reached.add(to);
      }
    }
  });
  const nodes = [...reached, capacity].filter((v, i, a) => a.indexOf(v) === i).sort((a, b) => a - b);
  for (const u of nodes) if (u !== 0 && u !== capacity) arcs.push({ from: u, to: capacity, type: -1 });
  return { capacity, sizes: [...sizes], demand: [...demand], source: 0, nodes, arcs };
}

/**
 * A smaller equivalent graph: each node u is relabelled C - h(u), h(u) being the longest item load
 * on a path from u to C, and nodes with one label merge. An arc of size w from u to u + w still
 * spans at least w (h(u) >= w + h(u + w)), so every path holds at most C of items, and every path
 * of the first graph has its image: the same plans. Loss arcs from every node to C.
 */
export function compress(g: ArcFlowGraph): ArcFlowGraph {
  const h = new Map<number, number>([[g.capacity, 0]]);
  const byFrom = new Map<number, Arc[]>();
  for (const a of g.arcs)
    if (a.type >= 0) (byFrom.get(a.from) ?? byFrom.set(a.from, []).get(a.from))?.push(a);
  for (const u of [...g.nodes].sort((a, b) => b - a)) {
    let best = 0;
    for (const a of byFrom.get(u) ?? [])
      best = Math.max(best, (g.sizes[a.type] as number) + (h.get(a.to) as number));
    h.set(u, best);
  }
  const label = (u: number): number => g.capacity - (h.get(u) as number);
  const seen = new Set<string>();
  const arcs: Arc[] = [];
  for (const a of g.arcs) {
    if (a.type < 0) continue;
    const arc = { from: label(a.from), to: label(a.to), type: a.type };
    const key = `${arc.from},${arc.to},${arc.type}`;
    if (!seen.has(key)) {
      seen.add(key);
      arcs.push(arc);
    }
  }
  const nodes = [...new Set([...g.nodes.map(label), g.capacity])].sort((a, b) => a - b);
  const source = label(0);
  for (const u of nodes)
    if (u !== source && u !== g.capacity) arcs.push({ from: u, to: g.capacity, type: -1 });
  return { ...g, source, nodes, arcs };
}

/**
 * The model in CPLEX LP format, read by CBC. Variables x<k> are arc flows (integer), z the number
 * of bars. `maxBars` adds "z ≤ maxBars": with it at the LP bound, infeasibility proves the optimum
 * is above the bound. Demands are "≥" (surplus items on a plan are dropped when it is read back).
 */
export function lpText(g: ArcFlowGraph, maxBars?: number): string {
  const out = new Map<number, number[]>();
  const into = new Map<number, number[]>();
  g.arcs.forEach((a, k) => {
    (out.get(a.from) ?? out.set(a.from, []).get(a.from))?.push(k);
    (into.get(a.to) ?? into.set(a.to, []).get(a.to))?.push(k);
  });
  const lines: string[] = ['\\ arc-flow bin packing', 'Minimize', ' obj: z', 'Subject To'];
  // A row in short lines: CBC's LP reader takes a row over several lines.
  const row = (name: string, terms: string[], rhs: string): void => {
    lines.push(` ${name}:`);
    for (let i = 0; i < terms.length; i += 12) lines.push(`  ${terms.slice(i, i + 12).join(' ')}`);
    lines.push(`  ${rhs}`);
  };
  row('bars', [...(out.get(g.source) ?? []).map((k) => `+ x${k}`), '- z'], '= 0');
  for (const v of g.nodes) {
    if (v === g.source || v === g.capacity) continue;
    const terms = [...(into.get(v) ?? []).map((k) => `+ x${k}`), ...(out.get(v) ?? []).map((k) => `- x${k}`)];
    row(`n${v}`, terms, '= 0');
  }
  g.sizes.forEach((_, i) => {
    const terms = g.arcs.flatMap((a, k) => (a.type === i ? [`+ x${k}`] : []));
    row(`d${i}`, terms, `>= ${g.demand[i]}`);
  });
  if (maxBars !== undefined) row('limit', ['z'], `<= ${maxBars}`);
  lines.push('Bounds');
  g.arcs.forEach((a, k) => {
    if (a.type >= 0) lines.push(` 0 <= x${k} <= ${g.demand[a.type]}`);
  });
  lines.push('General');
  const names = ['z', ...g.arcs.map((_, k) => `x${k}`)];
  for (let i = 0; i < names.length; i += 20) lines.push(` ${names.slice(i, i + 20).join(' ')}`);
  lines.push('End', '');
  return lines.join('\n');
}

/**
 * A plan from integer arc flows, checked independently of the model: paths 0 → C are bars, every
 * bar within the capacity, every item of the instance placed exactly once (surplus copies from the
 * "≥" demands dropped). Throws when the flows do not make such a plan; returns the bars.
 */
export function planFromFlows(
  g: ArcFlowGraph,
  flow: readonly number[],
  items: readonly number[],
): number[][] {
  const left = flow.map((f) => Math.round(f));
  flow.forEach((f, k) => {
    if (Math.abs(f - (left[k] as number)) > 1e-6 || (left[k] as number) < 0) throw new Error(`x${k} = ${f}`);
  });
  const outArcs = new Map<number, number[]>();
  g.arcs.forEach((a, k) => {
    (outArcs.get(a.from) ?? outArcs.set(a.from, []).get(a.from))?.push(k);
  });
  const bars: number[][] = [];
  for (;;) {
    const first = (outArcs.get(g.source) ?? []).find((k) => (left[k] as number) > 0);
    if (first === undefined) break;
    const bar: number[] = [];
    let at = g.source;
    while (at !== g.capacity) {
      const k = (outArcs.get(at) ?? []).find((j) => (left[j] as number) > 0);
      if (k === undefined) throw new Error(`flow stops at node ${at}`);
      left[k] = (left[k] as number) - 1;
      const a = g.arcs[k] as Arc;
      if (a.type >= 0) bar.push(g.sizes[a.type] as number);
      at = a.to;
    }
    bars.push(bar);
  }
  if (left.some((f) => f !== 0)) throw new Error('flow left over after taking every path from 0');
  // Drop surplus copies, then every item of the instance must be on exactly one bar.
  const need = new Map<number, number>();
  for (const s of items) need.set(s, (need.get(s) ?? 0) + 1);
  const placed = bars.map((bar) =>
    bar.filter((s) => {
      const n = need.get(s) ?? 0;
      if (n === 0) return false;
      need.set(s, n - 1);
      return true;
    }),
  );
  for (const [s, n] of need) if (n !== 0) throw new Error(`${n} item(s) of ${s} not placed`);
  const capacity = g.capacity;
  for (const bar of placed) {
    const load = bar.reduce((a, s) => a + s, 0);
    if (load > capacity) throw new Error(`bar over capacity: ${load} > ${capacity}`);
  }
  const count = placed.reduce((a, b) => a + b.length, 0);
  if (count !== items.length) throw new Error(`${count} items placed of ${items.length}`);
  return placed.filter((b) => b.length > 0);
}
