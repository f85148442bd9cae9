import { readFileSync } from 'node:fs';
import { isAuditFieldShown, isAuditTableShown } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.ts';
import { withCompany } from '../../db/tenant.ts';
import { type SignedIn, signUp, startTestApp, type TestApp } from '../../test/harness.ts';
import { documentsClient, type Json } from '../documents/test-helpers.ts';

// The activity feed and the change history speak in business terms (issue 17): every table the
// audit trail records and every column it can emit either is hidden (domain audit-terms.ts) or
// has a translated name in all six languages (the web's audit namespace). The list of tables and
// columns comes from the database itself, so a new audited table or column without a
// translation fails here.

const LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'];
const locales = Object.fromEntries(
  LANGUAGES.map((lng) => [
    lng,
    JSON.parse(
      readFileSync(new URL(`../../../../web/public/locales/${lng}/audit.json`, import.meta.url), 'utf8'),
    ) as { entities: Record<string, string>; fields: Record<string, string> },
  ]),
);
const missing = (group: 'entities' | 'fields', names: Iterable<string>) =>
  LANGUAGES.flatMap((lng) =>
    [...names].filter((n) => !locales[lng]?.[group]?.[n]?.trim()).map((n) => `${lng}: ${group}.${n}`),
  );

let t: TestApp;
let user: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  user = await signUp(t.app, 'Ana Horvat');
}, 120_000);
afterAll(async () => t?.close());

describe('audit feed in business terms', () => {
  it('has a name in every language for every audited table and column that can be shown', async () => {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await t.deps.db.execute(sql`
        select c.table_name::text as table_name, c.column_name::text as column_name
        from information_schema.columns c
        where c.table_schema = 'public' and c.table_name in (
          select tg.tgrelid::regclass::text from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
          where p.proname = 'audit_row')`),
    );
    const shown = columns.filter((c) => isAuditTableShown(c.table_name));
    // The check means something only if the trail covers the business tables.
    expect(new Set(shown.map((c) => c.table_name))).toContain('invoice_payments');
    expect(columns.some((c) => !isAuditTableShown(c.table_name))).toBe(true);
    expect(missing('entities', new Set(shown.map((c) => c.table_name)))).toEqual([]);
    expect(
      missing('fields', new Set(shown.map((c) => c.column_name).filter((f) => isAuditFieldShown(f)))),
    ).toEqual([]);
  });

  it('leaves bookkeeping out of the feed and the audit page, and names the rest', async () => {
    const api = documentsClient(t.app, user);
    // A numbered quote (its number counter is bookkeeping) and a stock receipt under an
    // Idempotency-Key (the balance caches are bookkeeping; the movement is shown).
    const client = await api.ok('POST', '/api/clients', { kind: 'company', name: 'Feed d.o.o.' });
    await api.ok('POST', '/api/documents/quotes', {
      client_id: client.id,
      lines: [{ description: 'Montaža', quantity: '1', unit_price: '100' }],
    });
    const store = await api.ok('POST', '/api/inventory/locations', { code: 'SK-A', name: 'Skladište' });
    const item = await api.ok('POST', '/api/inventory/items', {
      sku: 'FEED-1',
      name: 'Silikon',
      kind: 'material',
      base_unit: 'kom',
    });
    await api.ok(
      'POST',
      '/api/inventory/receipts',
      { location_id: store.id, lines: [{ item_id: item.id, quantity: '5', unit_cost: '2.50' }] },
      { 'idempotency-key': `receipt-${item.id}` },
    );
    // The trail has the bookkeeping rows (the invoice number counter at least) ...
    const hidden = await withCompany(t.deps.db, { userId: user.id, companyId: user.id }, async (tx) =>
      rowsOf<{ table_name: string }>(
        await tx.execute(sql`select distinct table_name from audit_log where company_id = ${user.id}`),
      )
        .map((r) => r.table_name)
        .filter((name) => !isAuditTableShown(name)),
    );
    expect(hidden.length).toBeGreaterThan(0);

    // ... which neither the feed nor the audit page shows.
    const feed = (await api.ok('GET', '/api/team/activity?limit=100')) as Json[];
    const page = (await api.ok('GET', '/api/audit?page_size=200')).rows as Json[];
    expect(feed.map((e) => e.table_name)).toEqual(expect.arrayContaining(['documents', 'stock_movements']));
    for (const entries of [feed, page]) {
      const tables = new Set(entries.map((e) => e.table_name as string));
      for (const name of hidden) expect(tables.has(name), name).toBe(false);
      expect(missing('entities', tables)).toEqual([]);
    }
    const fields = new Set([
      ...feed.flatMap((e) => e.fields as string[]),
      ...page.flatMap((e) => (e.changes as Json[]).map((c) => c.field as string)),
    ]);
    for (const f of ['id', 'company_id', 'updated_at', 'seq']) expect(fields.has(f), f).toBe(false);
    expect(fields.has('total')).toBe(true);
    expect(missing('fields', fields)).toEqual([]);
  });
});
