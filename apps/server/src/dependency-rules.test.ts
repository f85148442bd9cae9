import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files.ts';

// Rules about who may touch what, checked on the source text (issue 17, deliverable 5): the
// inventory module is the only writer of stock state, and every other area reaches it through
// its service API, never through its repository or its posting internals.
const SRC = import.meta.dirname;

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

/** What other areas may import from inventory: its services. */
const INVENTORY_API = /inventory\/(inventory\.service|sheet-stock|counts\.service|reverse\.service)\.ts$/;

describe('inventory is the only writer of stock state', () => {
  const files = sourceFiles(SRC).map((f) => relative(SRC, f));

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
// (the realtime socket, a user's own company profile), may.
const OWN_TRANSACTION_ROUTES = new Set([
  'modules/realtime/realtime.routes.ts',
  'modules/tenants/tenants.routes.ts',
]);

describe('every posting endpoint has the one Idempotency-Key mechanism', () => {
  const files = sourceFiles(SRC).map((f) => relative(SRC, f));

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
        f !== 'db/table-owners.ts' && // the ownership map names the table, it keeps no keys
        /\b(idempotency_keys|\w+_idempotency)\b/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(stores).toEqual(['modules/export/archive-schema.ts']);
  });
});

// One recipe per layer (issue 20, deliverable 2): routes call services only, and a module reaches
// another module through that module's service, never its repository (SQL lives in repositories).
// MODULES_IN_FLIGHT would be exempt as importers while other work rewrites them. The list is empty
// (the e-invoice area left it when its reads went through the documents' services) and must stay so.
const MODULES_IN_FLIGHT: string[] = [];
/** Single imports of another module's repository that wait for a service function. This list must shrink too. */
const REPO_IMPORTS_WAITING = new Set<string>([]);

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const inFlight = (file: string) => MODULES_IN_FLIGHT.includes(moduleOf(file) ?? '');

/** Every import (type-only ones too: a route's types come from its service) of a source file. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s+[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1] as string);
}

describe('one recipe per layer', () => {
  const files = sourceFiles(SRC).map((f) => relative(SRC, f));
  const isRepo = (target: string) => /\.repo\.ts$/.test(target);

  it('routes import no repository (they call services)', () => {
    // The scanner sees a module's own repository import where it is allowed (a service).
    expect(importsOf('modules/partners/partners.service.ts')).toContain('./partners.repo.ts');
    const wrong: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.routes.ts') && !inFlight(f))) {
      for (const target of importsOf(file))
        if (isRepo(target) && !REPO_IMPORTS_WAITING.has(`${file} → ${target}`))
          wrong.push(`${file} → ${target}`);
    }
    expect(files.filter((f) => f.endsWith('.routes.ts')).length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it("a module imports no other module's repository (it calls that module's service)", () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => moduleOf(f) !== null && !inFlight(f))) {
      for (const target of importsOf(file)) {
        const other = /^\.\.\/([^/]+)\/[^/]+\.repo\.ts$/.exec(target)?.[1];
        if (other && other !== moduleOf(file) && !REPO_IMPORTS_WAITING.has(`${file} → ${target}`))
          wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("code outside the modules imports no module's repository (it calls the service)", () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => moduleOf(f) === null && !f.startsWith('test/'))) {
      for (const target of importsOf(file))
        if (
          /modules\/[^/]+\/[^/]+\.repo\.ts$/.test(target) &&
          !REPO_IMPORTS_WAITING.has(`${file} → ${target}`)
        )
          wrong.push(`${file} → ${target}`);
    }
    expect(files.some((f) => f.startsWith('pdf/'))).toBe(true);
    expect(wrong).toEqual([]);
  });

  it('the waiting imports still exist (a fixed one leaves the list)', () => {
    const present = new Set(files.flatMap((f) => importsOf(f).map((t) => `${f} → ${t}`)));
    expect([...REPO_IMPORTS_WAITING].filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('one SQL helper module and one company-event notification', () => {
    const copies = files.filter((f) => {
      if (f === 'db/sql.ts' || f === 'db/company-events.ts' || inFlight(f)) return false;
      const text = readFileSync(join(SRC, f), 'utf8');
      return (
        /export (async )?function (rows|one)<|export const (day|uuids|uuidArray) = \(/.test(text) ||
        /pg_notify\('company_event'/.test(text)
      );
    });
    expect(copies).toEqual([]);
  });
});
