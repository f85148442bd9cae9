import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Rules about who may touch what, checked on the source text (issue 17, deliverable 5): the
// inventory module is the only writer of stock state, and every other area reaches it through
// its service API, never through its repository or its posting internals.
const SRC = import.meta.dirname;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) out.push(path);
  }
  return out.sort();
}

const STOCK_TABLES = [
  'stock_documents',
  'stock_movements',
  'stock_balances',
  'item_stock',
  'reservations',
  'lots',
  'lot_links',
  'stock_counts',
  'stock_count_lines',
];
const WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+(${STOCK_TABLES.join('|')})\\b`, 'gi');

/** Areas that copy whole companies (move, backup, restore) write every table by design. */
const COPIES_COMPANIES = ['platform/', 'modules/export/restore', 'test/'];
const isInventory = (file: string) => file.startsWith('modules/inventory/');

/** What other areas may import from inventory: its services and shared SQL helpers. */
const INVENTORY_API =
  /inventory\/(inventory\.service|sheet-stock|sql-helpers|counts\.service|reverse\.service)\.ts$/;

describe('inventory is the only writer of stock state', () => {
  const files = sources(SRC).map((f) => relative(SRC, f));

  it('no other area writes the stock tables', () => {
    const writers: string[] = [];
    for (const file of files) {
      if (isInventory(file) || COPIES_COMPANIES.some((p) => file.startsWith(p))) continue;
      for (const m of readFileSync(join(SRC, file), 'utf8').matchAll(WRITE))
        writers.push(`${file}: ${m[0].replace(/\s+/g, ' ')}`);
    }
    expect(files.length).toBeGreaterThan(100);
    expect(writers).toEqual([]);
  });

  it('other areas import inventory only through its service API', () => {
    const wrong: string[] = [];
    const importLine = /^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gms;
    for (const file of files) {
      if (isInventory(file) || file === 'http/app.ts' || file.endsWith('test-helpers.ts')) continue;
      for (const m of readFileSync(join(SRC, file), 'utf8').matchAll(importLine)) {
        const [, typeOnly, target] = m;
        if (!target?.includes('inventory/') || typeOnly) continue;
        if (!INVENTORY_API.test(target)) wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

// One idempotency mechanism (issue 17, deliverable 5): inCompany applies db/idempotency.ts to every
// write of a company route, so a posting endpoint has it by going through inCompany. A routes file
// that opens its own company transaction would post without it; only these, which post nothing
// (file downloads, the realtime socket, a user's own memberships and company profile), may.
const OWN_TRANSACTION_ROUTES = new Set([
  'modules/files/files.routes.ts',
  'modules/realtime/realtime.routes.ts',
  'modules/team/team.routes.ts',
  'modules/tenants/tenants.routes.ts',
]);

describe('every posting endpoint has the one Idempotency-Key mechanism', () => {
  const files = sources(SRC).map((f) => relative(SRC, f));

  it('routes reach company data through inCompany', () => {
    const routes = files.filter((f) => f.endsWith('.routes.ts'));
    const own = routes.filter(
      (f) => !OWN_TRANSACTION_ROUTES.has(f) && /\bwithCompany\(/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(routes.length).toBeGreaterThan(20);
    expect(own).toEqual([]);
  });

  it('no area keeps a key store of its own', () => {
    const stores = files.filter(
      (f) =>
        f !== 'db/idempotency.ts' &&
        /\b(idempotency_keys|\w+_idempotency)\b/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(stores).toEqual(['modules/export/archive-schema.ts']);
  });
});
