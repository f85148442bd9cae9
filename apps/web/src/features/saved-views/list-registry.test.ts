import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';
import { LIST_KEYS, LIST_REGISTRY } from './list-registry.ts';

/**
 * Screens with a table that are not list screens (so they need no saved views). A new table
 * elsewhere fails the "every list screen" test until it registers its columns or is named here.
 */
const NOT_LISTS: Record<string, string> = {
  'components/line-grid/line-grid.tsx': 'the document line editor',
  'features/command-palette/shortcut-help.tsx': 'the shortcut overlay',
  'features/team/invitations-card.tsx': 'a settings card',
  'features/team/members-card.tsx': 'a settings card',
  'features/invoices/invoices-pages.tsx': 'invoice editor and detail (the list is DocumentList)',
  'features/automation/run-log.tsx': "a rule's run log on its editor page",
  'features/inventory/import-page.tsx': 'import preview',
  'features/inventory/operations-page.tsx': 'the stock operation form',
  'features/inventory/item-detail.tsx': 'item detail',
  'features/cutting/stock-picker.tsx': 'stock chooser in a form',
  'features/cutting/work-order-cutting.tsx': "a work order's cutting panel",
  'features/clients/partner-detail.tsx': 'partner detail',
  'features/clients/client-analytics.tsx': "a client's analytics tab",
  'features/clients/partner-import.tsx': 'import preview',
  'features/products/bom-editor.tsx': 'BOM editor',
  'features/products/routing-editor.tsx': 'routing editor',
  'features/products/cost-preview.tsx': 'cost breakdown',
  'features/suppliers/supplier-items.tsx': "a supplier's items tab",
  'features/documents/work-order-panels.tsx': 'work order detail panels',
  'features/documents/work-order-completion.tsx': "the completion dialog's preview",
  'features/invoices/advances.tsx': "an order's advance invoices, a final invoice's deductions",
  'features/documents/mail-dialog.tsx': "a document's sent-mail log in the send dialog",
  'features/documents/work-order-correction.tsx':
    "a work order's consumption corrections (a dialog and its list)",
  'features/delivery-notes/delivery-lines.tsx': "a delivery note's quantities per order line (a form)",
  'features/purchasing/receipt-form.tsx': 'goods receipt form',
  'features/purchasing/purchase-order-detail.tsx': 'purchase order detail',
  'features/purchasing/low-stock-orders.tsx': 'drafting orders from low stock (a form)',
  'features/purchase-invoices/purchase-invoice-detail.tsx': "a received invoice's lines and VAT breakdown",
  'features/purchase-invoices/purchase-invoice-panels.tsx': "a received invoice's match with its order",
  'features/registers/registers-page.tsx': 'the IRA / URA / VAT report of a period (totals and downloads)',
};

const files = sourceFiles(SRC_DIR, /\.tsx$/)
  .filter((f) => !f.includes('/saved-views/'))
  .map((f) => ({ path: relative(SRC_DIR, f), text: readFileSync(f, 'utf8') }));
const registering = files.filter((f) => /\buseListColumns\b/.test(f.text));
/**
 * The list keys a screen registers: the first type argument of its `useListColumns<K, Row>(…)`
 * call, written out (`'items'`, `'clients' | 'suppliers'`) or as a type alias in the same file.
 */
const keysIn = (text: string): string[] =>
  [...text.matchAll(/useListColumns<([^,]+),/g)].flatMap((m) => {
    const arg = (m[1] ?? '').trim();
    const alias = new RegExp(`type ${arg} =([^;]+);`).exec(text)?.[1];
    const union = /^'/.test(arg) ? arg : (alias ?? '');
    return [...union.matchAll(/'([a-z0-9-]+)'/g)].map((q) => q[1] ?? '');
  });

describe('the list registry', () => {
  it('gives every list an identifying column that always shows and columns that can be hidden', () => {
    expect(LIST_KEYS.length).toBeGreaterThanOrEqual(19);
    for (const key of LIST_KEYS) {
      const { columns, fixed } = LIST_REGISTRY[key];
      expect(key, key).toMatch(/^[a-z][a-z0-9-]{0,39}$/); // the server's list_key rule
      expect(new Set(columns).size, key).toBe(columns.length);
      expect(fixed.length, key).toBeGreaterThan(0);
      for (const f of fixed) expect(columns as readonly string[], key).toContain(f);
      expect(columns.length - fixed.length, key).toBeGreaterThan(0);
      for (const c of columns) expect(c, key).toMatch(/^[a-z][a-z0-9_.-]{0,39}$/); // saved view columns rule
    }
  });

  it('has a screen for every list key, and the bulk flag matches the screen', () => {
    // Every registered key is a list of the registry (the type parameter enforces it as well).
    for (const f of registering) for (const k of keysIn(f.text)) expect(LIST_KEYS, f.path).toContain(k);
    for (const key of LIST_KEYS) {
      const screens = registering.filter((f) => keysIn(f.text).includes(key));
      expect(
        screens.map((s) => s.path),
        `no screen calls useListColumns for "${key}"`,
      ).not.toEqual([]);
      for (const s of screens) {
        const bulk = /\buseBulkSelection\b/.test(s.text) && /<BulkBar\b/.test(s.text);
        expect(bulk, `${s.path} (${key}) bulk`).toBe(LIST_REGISTRY[key].bulk);
      }
    }
  });
});

describe('list screens', () => {
  it('render saved views only with the column set of useListColumns', () => {
    const withViews = files.filter((f) => /<SavedViews\b/.test(f.text));
    expect(withViews.length).toBeGreaterThanOrEqual(15);
    for (const f of withViews) {
      expect(f.text, f.path).toMatch(/<SavedViews \{\.\.\.\w+\.views\} \/>/);
      expect(f.text, f.path).toMatch(/\buseListColumns\b/);
    }
  });

  it('every screen with a table registers its columns unless it is not a list', () => {
    const tables = files.filter((f) => /<table\b/.test(f.text));
    const unregistered = tables
      .filter((f) => !/\buseListColumns\b/.test(f.text) && !(f.path in NOT_LISTS))
      .map((f) => f.path);
    expect(unregistered).toEqual([]);
    // The exemptions stay honest: each still exists and still has no column set.
    for (const path of Object.keys(NOT_LISTS)) {
      const f = files.find((x) => x.path === path);
      expect(f, path).toBeDefined();
      expect(/\buseListColumns\b/.test(f?.text ?? ''), path).toBe(false);
    }
  });
});
