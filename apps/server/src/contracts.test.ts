import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as domain from '@erp/domain';
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

  it('a web API module exports no generic getter: each call names the contract its route answers with', () => {
    const generic = /^export\s+(?:const\s+(\w+)\s*=\s*(?:async\s*)?<|(?:async\s+)?function\s+(\w+)\s*<)/gm;
    const found = Object.values(WEB_API)
      .flat()
      .flatMap((f) =>
        [...readFileSync(join(WEB_FEATURES, f), 'utf8').matchAll(generic)].map(
          (m) => `${f}: ${m[1] ?? m[2]}`,
        ),
      )
      .filter((hit) => !TRANSPORT_HELPERS.some((name) => hit.endsWith(`: ${name}`)));
    expect(found).toEqual([]);
  });

  it("a screen (.tsx) declares no object type whose fields are a route's response shape", () => {
    const responses = responseShapes();
    expect(responses.size).toBeGreaterThan(50);
    const copies = tsxFiles(WEB_FEATURES).flatMap((file) =>
      objectTypes(readFileSync(file, 'utf8'))
        .filter((t) => responses.has(t.fields))
        .map((t) => `${file.slice(WEB_FEATURES.length + 1)}: ${t.name} = ${responses.get(t.fields)}`),
    );
    expect(copies).toEqual([]);
  });
});

/**
 * Generic helpers of the web's API modules that carry a call rather than read a shape: the caller
 * names the endpoint's answer (the contract of the one posting it makes), or the type is inferred
 * from the typed function passed in.
 */
const TRANSPORT_HELPERS = [
  'callDocument', // documents: POST/PUT to a document endpoint with the action's Idempotency-Key
  'postWithKey', // inventory: a posting with its Idempotency-Key, retried safely
  'postIdempotent', // purchasing: the same for purchase orders and receipts
  // the mutation hooks wrap a typed API function (their types are inferred from it) and refresh the area's queries
  'useDocumentMutation',
  'useInventoryMutation',
  'usePartnerMutation',
  'usePurchasingMutation',
];

/** The field names (sorted) of every object a route answers with, nested ones included, by schema name. */
function responseShapes(): Map<string, string> {
  const byName = new Map(Object.entries(domain as Record<string, unknown>));
  const shapes = new Map<string, string>();
  const visit = (schema: unknown, name: string, depth = 0): void => {
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
    if (!def || depth > 6) return;
    if (def.type === 'object') {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.keys(shape).sort().join(',');
      if (Object.keys(shape).length > 1 && !shapes.has(fields)) shapes.set(fields, name);
      for (const child of Object.values(shape)) visit(child, name, depth + 1);
    }
    for (const key of ['element', 'innerType', 'in', 'out']) if (def[key]) visit(def[key], name, depth + 1);
    if (Array.isArray(def.options)) for (const o of def.options) visit(o, name, depth + 1);
  };
  const routes = [...areas.flatMap(routesOf).map((r) => r.text)];
  for (const text of routes)
    for (const m of text.matchAll(/\b\d{3}:\s*(\w+Schema)\b/g))
      visit(byName.get(m[1] as string), m[1] as string);
  return shapes;
}

const tsxFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? tsxFiles(join(dir, d.name)) : d.name.endsWith('.tsx') ? [join(dir, d.name)] : [],
  );

/** `type X = { … }` and `interface X { … }` of a source, each with its top-level field names (sorted). */
function objectTypes(text: string): { name: string; fields: string }[] {
  const found: { name: string; fields: string }[] = [];
  for (const m of text.matchAll(/\b(?:type\s+(\w+)(?:<[^>]*>)?\s*=|interface\s+(\w+)[^{]*?)\s*\{/g)) {
    const fields: string[] = [];
    let depth = 0;
    let token = '';
    for (let i = (m.index ?? 0) + m[0].length; i < text.length && depth >= 0; i++) {
      const c = text[i] as string;
      if ('{([<'.includes(c)) depth++;
      else if ('})]>'.includes(c)) depth--;
      else if (depth === 0 && c === ':' && /^\s*\w+\??\s*$/.test(token))
        fields.push(token.trim().replace('?', ''));
      if (depth === 0 && ';,\n:'.includes(c)) token = '';
      else if (depth === 0) token += c;
    }
    found.push({ name: m[1] ?? (m[2] as string), fields: fields.sort().join(',') });
  }
  return found;
}
