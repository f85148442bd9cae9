// Loader for the 500 classic 2D bin packing instances in /work/shared/bench/cutting-2d.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DATA_DIR = process.env.CUTTING_2D_DIR ?? '/work/shared/bench/cutting-2d';

export type Instance2d = {
  /** e.g. berkey1987/Class_01.2bp_20_1 */
  path: string;
  cls: string;
  n: number;
  width: number;
  height: number;
  items: { id: string; width: number; height: number; copies: number }[];
};

function rows(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));
}

export function loadInstances2d(): Instance2d[] {
  const out: Instance2d[] = [];
  for (const group of ['berkey1987', 'martello1998']) {
    const dir = join(DATA_DIR, group);
    for (const f of readdirSync(dir).filter((x) => x.endsWith('_items.csv'))) {
      const base = f.slice(0, -'_items.csv'.length);
      const items = rows(join(dir, f)).map((r) => ({
        id: r[0] as string,
        width: Number(r[1]),
        height: Number(r[2]),
        copies: r[3] === undefined || r[3] === '' ? 1 : Number(r[3]),
      }));
      const bin = rows(join(dir, `${base}_bins.csv`))[0] as string[];
      const m = /Class_(\d+)\.2bp_(\d+)_(\d+)/.exec(base);
      out.push({
        path: `${group}/${base}`,
        cls: m ? `Class_${m[1]}` : base,
        n: items.reduce((a, i) => a + i.copies, 0),
        width: Number(bin[1]),
        height: Number(bin[2]),
        items,
      });
    }
  }
  const key = (i: Instance2d): [string, number, number] => {
    const m = /_(\d+)_(\d+)$/.exec(i.path);
    return [i.cls, Number(m?.[1]), Number(m?.[2])];
  };
  return out.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0].localeCompare(kb[0]) || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

/** Best known values: `oriented`, `rotation`, `3nho`, `3nhr`. */
export function loadBestKnown(kind: 'oriented' | 'rotation' | '3nho' | '3nhr'): Map<string, number> {
  const map = new Map<string, number>();
  for (const r of rows(join(DATA_DIR, `data_bin_packing_${kind}.csv`))) map.set(r[0] as string, Number(r[1]));
  return map;
}
