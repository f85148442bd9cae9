// Pattern pool and set-covering recombination for the 2D optimiser (single stock size).
// Every sheet the search builds is a 3-stage guillotine pattern; the pool keeps the well-filled
// ones as multisets of piece types (pieces of equal size and rotation rule are interchangeable).
// A randomised greedy covering then picks patterns that cover the demand (largest uncovered area
// first), packs whatever is left by the shelf engine, and keeps the plan when it needs fewer sheets.
// Surplus pieces are deleted from a chosen pattern: deleting a piece keeps a guillotine pattern.
import type { Rng } from './prng.ts';
import {
  type ItemSet,
  type PackedSheet,
  type PackOptions,
  packSequence,
  type SheetKind,
} from './shelf-packer.ts';

export type PoolDirection = {
  transposed: boolean;
  items: ItemSet;
  kinds: SheetKind[];
  variants: { seq: Int32Array; flip: Uint8Array }[];
};

type Pattern = {
  types: Int32Array;
  counts: Int32Array;
  area: number;
  packed: PackedSheet;
  transposed: boolean;
};

export class PatternPool {
  readonly typeOf: Int32Array;
  readonly typeArea: Float64Array;
  readonly demand: Int32Array;
  private readonly seen = new Set<string>();
  private readonly patterns: Pattern[] = [];
  private readonly capacity: number;

  constructor(
    typeOf: Int32Array,
    typeCount: number,
    areaOf: ArrayLike<number>,
    capacity: number,
    private readonly minFill: number,
    private readonly maxSize = 20000,
  ) {
    this.typeOf = typeOf;
    this.capacity = capacity;
    this.typeArea = new Float64Array(typeCount);
    this.demand = new Int32Array(typeCount);
    for (let i = 0; i < typeOf.length; i++) {
      const t = typeOf[i] as number;
      this.typeArea[t] = areaOf[i] as number;
      this.demand[t] = (this.demand[t] as number) + 1;
    }
  }

  get size(): number {
    return this.patterns.length;
  }

  add(packed: PackedSheet, transposed: boolean): void {
    if (this.patterns.length >= this.maxSize) return;
    if (packed.area < this.minFill * this.capacity) return;
    const list: number[] = [];
    for (const shelf of packed.shelves)
      for (const col of shelf.columns) for (const i of col.items) list.push(this.typeOf[i] as number);
    list.sort((a, b) => a - b);
    const key = list.join(',');
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const types: number[] = [];
    const counts: number[] = [];
    for (const t of list) {
      if (types.length > 0 && types[types.length - 1] === t)
        counts[counts.length - 1] = (counts[counts.length - 1] as number) + 1;
      else {
        types.push(t);
        counts.push(1);
      }
    }
    this.patterns.push({
      types: Int32Array.from(types),
      counts: Int32Array.from(counts),
      area: packed.area,
      packed,
      transposed,
    });
  }

  /**
   * Randomised greedy covering until `stop`; returns sheets for a plan with fewer than `target`
   * sheets, or null. `pieces[t]` lists the piece indices of type t.
   */
  cover(
    target: number,
    directions: PoolDirection[],
    options: PackOptions,
    rng: Rng,
    stop: () => boolean,
  ): { packed: PackedSheet; transposed: boolean }[] | null {
    const P = this.patterns.length;
    if (P === 0) return null;
    const typeCount = this.demand.length;
    const rem = new Int32Array(typeCount);
    const gain = new Float64Array(P);
    let bestPlan: { packed: PackedSheet; transposed: boolean }[] | null = null;
    let bestCount = target;
    for (let iter = 0; !stop(); iter++) {
      rem.set(this.demand);
      const chosen: number[] = [];
      // The stop level: below it the rest is left to the shelf engine.
      const level = 0.75 + 0.2 * rng.next();
      const noise = iter === 0 ? 0 : 0.02 + 0.08 * rng.next();
      for (;;) {
        if (chosen.length >= bestCount - 1 || stop()) break;
        let bi = -1;
        let bg = 0;
        for (let p = 0; p < P; p++) {
          const pat = this.patterns[p] as Pattern;
          let g = 0;
          for (let k = 0; k < pat.types.length; k++) {
            const t = pat.types[k] as number;
            const c = Math.min(pat.counts[k] as number, rem[t] as number);
            g += c * (this.typeArea[t] as number);
          }
          if (noise > 0) g *= 1 + noise * rng.next();
          gain[p] = g;
          if (g > bg) {
            bg = g;
            bi = p;
          }
        }
        if (bi < 0 || bg < level * this.capacity) break;
        chosen.push(bi);
        const pat = this.patterns[bi] as Pattern;
        for (let k = 0; k < pat.types.length; k++) {
          const t = pat.types[k] as number;
          rem[t] = Math.max(0, (rem[t] as number) - (pat.counts[k] as number));
        }
      }
      if (stop()) break;
      // The rest by the shelf engine (every order variant, both directions).
      const restTypes: number[] = [];
      for (let t = 0; t < typeCount; t++) for (let c = 0; c < (rem[t] as number); c++) restTypes.push(t);
      const limit = bestCount - chosen.length - 1;
      if (limit < 0 || (restTypes.length > 0 && limit === 0)) continue;
      let restArea = 0;
      for (const t of restTypes) restArea += this.typeArea[t] as number;
      if (Math.ceil(restArea / this.capacity - 1e-9) > limit) continue;
      const plan = this.assemble(chosen, rem, directions, options, limit);
      if (plan && plan.length < bestCount) {
        bestCount = plan.length;
        bestPlan = plan;
      }
      if (stop()) break;
    }
    return bestPlan;
  }

  /** Chosen patterns with real piece indices (surplus deleted) plus the rest packed, if ≤ chosen + limit. */
  private assemble(
    chosen: number[],
    rem: Int32Array,
    directions: PoolDirection[],
    options: PackOptions,
    limit: number,
  ): { packed: PackedSheet; transposed: boolean }[] | null {
    // Piece indices per type, handed out in order.
    const queue: number[][] = Array.from({ length: this.demand.length }, () => []);
    for (let i = 0; i < this.typeOf.length; i++) (queue[this.typeOf[i] as number] as number[]).push(i);
    // Pieces left for the shelf engine: the last `rem[t]` of every type.
    const rest: number[] = [];
    for (let t = 0; t < queue.length; t++) {
      const q = queue[t] as number[];
      for (let c = 0; c < (rem[t] as number); c++) rest.push(q.pop() as number);
    }
    let restSheets: { packed: PackedSheet; transposed: boolean }[] = [];
    if (rest.length > 0) {
      let found: { packed: PackedSheet[]; transposed: boolean } | null = null;
      const inRest = new Uint8Array(this.typeOf.length);
      for (const i of rest) inRest[i] = 1;
      for (const dir of directions) {
        const kinds = [{ ...(dir.kinds[0] as SheetKind), quantity: limit }];
        for (const v of dir.variants) {
          const seq: number[] = [];
          for (const i of v.seq) if (inRest[i] === 1) seq.push(i);
          const packed = packSequence(dir.items, seq, v.flip, kinds, options);
          if (packed && (!found || packed.length < found.packed.length))
            found = { packed, transposed: dir.transposed };
        }
      }
      if (!found) return null;
      restSheets = found.packed.map((packed) => ({ packed, transposed: found.transposed }));
    }
    const out: { packed: PackedSheet; transposed: boolean }[] = [];
    for (const p of chosen) {
      const pat = this.patterns[p] as Pattern;
      const packed: PackedSheet = {
        kind: pat.packed.kind,
        used: pat.packed.used,
        area: 0,
        shelves: pat.packed.shelves.map((sh) => ({
          ...sh,
          columns: sh.columns.map((c) => {
            const items: number[] = [];
            const rotated: boolean[] = [];
            c.items.forEach((i, k) => {
              const q = queue[this.typeOf[i] as number] as number[];
              if (q.length === 0) return; // surplus: covered by an earlier pattern
              items.push(q.shift() as number);
              rotated.push(c.rotated[k] === true);
            });
            return { ...c, items, rotated };
          }),
        })),
      };
      let area = 0;
      for (const sh of packed.shelves)
        for (const c of sh.columns)
          for (const i of c.items) area += this.typeArea[this.typeOf[i] as number] as number;
      packed.area = area;
      if (area > 0) out.push({ packed, transposed: pat.transposed });
    }
    return [...out, ...restSheets];
  }
}
