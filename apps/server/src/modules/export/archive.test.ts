import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { asPlatformFor } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { type CompanyArchive, exportCompanyArchive, importCompanyArchive } from './archive.ts';
import { buildExportFixture } from './test-fixture.ts';

let t: TestApp;
let owner: SignedIn;
let first: CompanyArchive;
const NOW = new Date('2026-03-01T10:00:00.000Z');

/** Every uuid replaced by its order of first appearance: ids differ after a restore, nothing else may. */
function normalise(archive: CompanyArchive): string {
  const seen = new Map<string, string>();
  const text = JSON.stringify(archive, null, 1);
  return text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
    if (!seen.has(id)) seen.set(id, `<id${seen.size}>`);
    return seen.get(id) as string;
  });
}

// The owner connection is a superuser on PGlite (row-level security does not bind it): filter by hand.
const count = async (companyId: string, table: string) =>
  asPlatformFor(t.deps.db, { userId: companyId, companyId }, async (tx) =>
    Number(
      rowsOf<{ n: string }>(
        await tx.execute(
          sql`select count(*)::text as n from ${sql.identifier(table)} where company_id = ${companyId}`,
        ),
      )[0]?.n,
    ),
  );

const tableOf = (a: CompanyArchive, name: string) => {
  const found = a.tables.find((x) => x.name === name);
  if (!found) throw new Error(`no table ${name}`);
  return found;
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app, 'Ana Horvat');
  await buildExportFixture(t.app, owner);
  first = await exportCompanyArchive(t.deps.db, owner.id, { userId: owner.id, now: NOW });
}, 180_000);
afterAll(async () => t?.close());

describe('company archive', () => {
  it('carries the fixture: tables in dependency order, exact decimals, OIB in plain text', () => {
    expect(first).toMatchObject({ format: 'erp-company-archive', version: 1 });
    const names = first.tables.map((x) => x.name);
    expect(names.indexOf('items')).toBeLessThan(names.indexOf('stock_movements'));
    expect(names.indexOf('documents')).toBeLessThan(names.indexOf('document_lines'));
    expect(names.indexOf('partners')).toBeLessThan(names.indexOf('purchase_orders'));
    expect(names).not.toContain('audit_log');
    const partners = tableOf(first, 'partners');
    expect(partners.columns).not.toContain('oib_bidx');
    const oibs = partners.rows.map((r) => r[partners.columns.indexOf('oib')]).sort();
    expect(oibs).toEqual(['69435151530', '94577403194']);
    const pol = tableOf(first, 'purchase_order_lines');
    expect(pol.rows.map((r) => r[pol.columns.indexOf('quantity')]).sort()).toEqual(['1234.5000', '40.0000']);
    expect(first.company).toMatchObject({ company_name: 'Staklo Horvat d.o.o.', tax_number: '94577403194' });
    const docs = tableOf(first, 'documents');
    const statuses = new Set(docs.rows.map((r) => r[docs.columns.indexOf('status')]));
    expect(statuses.size).toBeGreaterThanOrEqual(4);
  });

  it('export → import into a new company → export gives the same archive after normalising ids', async () => {
    const second = await signUp(t.app, 'Ivo Kovač');
    const result = await importCompanyArchive(t.deps.db, second.id, first, { userId: second.id });
    expect(result.rows).toBeGreaterThan(30);
    const again = await exportCompanyArchive(t.deps.db, second.id, { userId: second.id, now: NOW });
    // No row kept an id of the source company (uuids only: stored files' bytes are hex runs too).
    const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    const firstIds = new Set(JSON.stringify(first.tables).match(UUID));
    const againIds = new Set(JSON.stringify(again.tables).match(UUID));
    expect([...againIds].filter((id) => firstIds.has(id))).toEqual([]);
    expect(normalise(again)).toBe(normalise(first));
    // The restored partner OIB is encrypted at rest again and found by its blind index.
    const stored = await asPlatformFor(t.deps.db, { userId: second.id, companyId: second.id }, async (tx) =>
      rowsOf<{ oib: string; oib_bidx: string | null }>(
        await tx.execute(sql`select oib, oib_bidx from partners where company_id = ${second.id}`),
      ),
    );
    expect(stored.every((r) => r.oib.startsWith('enc:') && r.oib_bidx)).toBe(true);
    // The new company's audit trail was written by the triggers and verifies.
    const verify = await verifyAuditChain(t.deps.db, second.id);
    expect(verify).toMatchObject({ ok: true });
    expect(await count(second.id, 'audit_log')).toBeGreaterThan(result.rows - 1);
    // Document numbering continues after the restored counters.
    const api = (await import('../documents/test-helpers.ts')).documentsClient(t.app, second);
    const clients = await api.ok('GET', '/api/clients');
    const q = await api.ok('POST', '/api/documents/quotes', {
      client_id: clients.rows[0].id,
      lines: [{ description: 'Nova', quantity: '1', unit_price: '1' }],
    });
    expect(q.document.number).toBe(`P-${new Date().getFullYear()}-0004`);
  });

  it('refuses a company that already has data, writing nothing', async () => {
    const other = await signUp(t.app, 'Marko Babić');
    const api = (await import('../documents/test-helpers.ts')).documentsClient(t.app, other);
    await api.ok('POST', '/api/inventory/items', {
      sku: 'X1',
      name: 'Postojeći',
      kind: 'material',
      base_unit: 'kom',
    });
    const before = await count(other.id, 'audit_log');
    await expect(
      importCompanyArchive(t.deps.db, other.id, first, { userId: other.id }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      details: [{ field: 'company', key: 'export:restore.notEmpty' }],
    });
    expect(await count(other.id, 'items')).toBe(1);
    expect(await count(other.id, 'audit_log')).toBe(before);
  });

  it('a failure in the middle of an import writes nothing', async () => {
    const other = await signUp(t.app, 'Petra Jurić');
    const broken = structuredClone(first);
    // A late table with a value its column refuses: everything before it must roll back.
    const lines = tableOf(broken, 'document_lines');
    const col = lines.columns.indexOf('quantity');
    (lines.rows[0] as (string | null)[])[col] = 'not-a-number';
    const auditBefore = await count(other.id, 'audit_log');
    await expect(importCompanyArchive(t.deps.db, other.id, broken, { userId: other.id })).rejects.toThrow();
    for (const table of ['items', 'partners', 'documents', 'stock_movements']) {
      expect(await count(other.id, table)).toBe(0);
    }
    expect(await count(other.id, 'audit_log')).toBe(auditBefore);
  });

  it("never carries a second company's data", async () => {
    const stranger = await signUp(t.app, 'Strani Korisnik');
    const api = (await import('../documents/test-helpers.ts')).documentsClient(t.app, stranger);
    await api.ok('POST', '/api/inventory/items', {
      sku: 'TUDJE-1',
      name: 'Tuđi artikl',
      kind: 'material',
      base_unit: 'kom',
    });
    await api.ok('POST', '/api/clients', { kind: 'company', name: 'Tuđi klijent d.o.o.' });
    const archive = await exportCompanyArchive(t.deps.db, owner.id, { userId: owner.id, now: NOW });
    const text = JSON.stringify(archive);
    expect(text).not.toContain('TUDJE-1');
    expect(text).not.toContain('Tuđi klijent');
    expect(text).not.toContain(stranger.id);
  });

  it('operators (no user: backup and restore tooling) get the same archive, scoped to the one company', async () => {
    // By now the database holds several companies; the owner connection must still see only this one.
    const platform = await exportCompanyArchive(t.deps.db, owner.id, { now: NOW });
    expect(JSON.stringify(platform)).toBe(JSON.stringify(first));
    const target = await signUp(t.app, 'Lucija Vuković');
    await importCompanyArchive(t.deps.db, target.id, platform);
    const again = await exportCompanyArchive(t.deps.db, target.id, { now: NOW });
    expect(normalise(again)).toBe(normalise(first));
    expect(await verifyAuditChain(t.deps.db, target.id)).toMatchObject({ ok: true });
  });

  it('refuses a malformed archive', async () => {
    const other = await signUp(t.app, 'Iva Novak');
    await expect(importCompanyArchive(t.deps.db, other.id, { format: 'x' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    const unknown = structuredClone(first);
    unknown.tables.push({ name: 'pg_authid', columns: [], types: [], rows: [] });
    await expect(
      importCompanyArchive(t.deps.db, other.id, unknown, { userId: other.id }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
