import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One contract per shape (issue 20, deliverable 1): an area's request and response schemas live in
// packages/domain/src/<area>/contracts.ts; its routes file takes them from there, the repository
// types its rows with z.infer of them, and the web's <area>-api.ts types its calls with them
// instead of writing the shape again. Checked on the source text.
const MODULES = join(import.meta.dirname, 'modules');
const WEB_FEATURES = join(import.meta.dirname, '../../web/src/features');

/** The web's API module(s) of each server area. */
const WEB_API: Record<string, string[]> = {
  audit: ['audit/audit-api.ts'],
  auth: ['auth/auth-api.ts'],
  automation: ['automation/automation-api.ts'],
  changelog: ['changelog/changelog-api.ts'],
  cutting: ['cutting/cutting-api.ts', 'cutting/server-run-api.ts'],
  dashboard: ['dashboard/dashboard-api.ts'],
  documents: ['documents/documents-api.ts', 'documents/work-order-versions-api.ts'],
  einvoice: ['einvoice/einvoice-api.ts', 'invoices/reverse-charge-api.ts'],
  export: ['export/export-api.ts'],
  health: ['../lib/config.ts'],
  'fiscal-exchange': ['fiscal-exchange/fiscal-exchange-api.ts'],
  fiscalisation: ['fiscalisation/fiscal-api.ts'],
  inventory: ['inventory/inventory-api.ts', 'warehouse-scan/warehouse-scan-api.ts'],
  partners: ['clients/partners-api.ts', 'suppliers/suppliers-api.ts'],
  production: ['products/products-api.ts', 'processes/processes-api.ts'],
  'purchase-invoices': ['purchase-invoices/purchase-invoices-api.ts'],
  purchasing: ['purchasing/purchasing-api.ts'],
  realtime: ['../lib/realtime.ts'],
  registers: ['registers/registers-api.ts'],
  search: ['command-palette/search-api.ts'],
  'shop-floor': ['shop-floor/shop-floor-api.ts'],
  team: ['team/team-api.ts'],
  tenants: ['tenant/tenant-api.ts'],
  views: ['saved-views/views-api.ts'],
};

const areas = readdirSync(MODULES);
const routesOf = (area: string) =>
  readdirSync(join(MODULES, area))
    .filter((f) => f.endsWith('.routes.ts'))
    .map((f) => ({ file: `modules/${area}/${f}`, text: readFileSync(join(MODULES, area, f), 'utf8') }));

/** A shape written in a routes file: a zod object (or an array of one) declared inline. */
const inlineShapes = (text: string) => text.match(/\bz\.(object|strictObject|looseObject)\(/g)?.length ?? 0;
/**
 * A response shape written again in the web: an interface, an object type, or one inline in api<…>.
 * A list's URL state (`…Params`, what the screen keeps in the address bar) is the web's own.
 */
const WEB_COPY = /^\s*(export\s+)?(interface\s+\w+|type\s+(?!\w+Params\b)\w+(<[^>]*>)?\s*=\s*\{)|\bapi<\{/gm;
const webCopies = (area: string) =>
  (WEB_API[area] ?? []).flatMap((f) => {
    const path = join(WEB_FEATURES, f);
    if (!existsSync(path)) return [];
    return [...readFileSync(path, 'utf8').matchAll(WEB_COPY)].map((m) => `${f}: ${m[0].trim()}`);
  });

describe('one contract per shape', () => {
  it('every area is known to the check', () => {
    expect(areas.length).toBeGreaterThan(15);
    for (const area of Object.keys(WEB_API)) expect(areas, `${area} is no module`).toContain(area);
    const missing = Object.values(WEB_API)
      .flat()
      .filter((f) => !existsSync(join(WEB_FEATURES, f)));
    expect(missing, 'web API modules named here that do not exist').toEqual([]);
    const named = new Set(Object.values(WEB_API).flat());
    const unnamed = readdirSync(WEB_FEATURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(join(WEB_FEATURES, d.name)).map((f) => `${d.name}/${f}`))
      .filter((f) => f.endsWith('-api.ts') && !named.has(f));
    expect(unnamed, 'web API modules the check does not read: name them in WEB_API').toEqual([]);
  });

  it("an area's routes declare no zod object of their own (they import the domain's)", () => {
    const inline = areas
      .flatMap(routesOf)
      .filter((r) => inlineShapes(r.text) > 0)
      .map((r) => `${r.file}: ${inlineShapes(r.text)} inline z.object`);
    expect(inline).toEqual([]);
  });

  it('routes outside the modules (jobs, security) declare no zod object of their own either', () => {
    const others = ['jobs', 'security'].flatMap((dir) =>
      readdirSync(join(import.meta.dirname, dir))
        .filter((f) => f.endsWith('.routes.ts'))
        .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(join(import.meta.dirname, dir, f), 'utf8') })),
    );
    expect(others.length).toBeGreaterThan(1);
    expect(others.filter((r) => inlineShapes(r.text) > 0).map((r) => r.file)).toEqual([]);
  });

  it("an area's web API module declares no copy of a response shape", () => {
    expect(areas.flatMap(webCopies)).toEqual([]);
  });
});
