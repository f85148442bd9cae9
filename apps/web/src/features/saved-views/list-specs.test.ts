import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';

/**
 * Screens with a table that are not list screens (so they need no saved views). A new table
 * elsewhere fails the "every list screen" test until it declares its list or is named here.
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
  'features/cutting/plan-view.tsx': "a cutting plan's legend of pieces",
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
  'features/documents/work-order-versions.tsx': "a work order's printed versions",
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

type Spec = { file: string; key: string; columns: string[]; fixed: string[]; bulk: boolean | undefined };

const files = sourceFiles(SRC_DIR, /\.tsx?$/)
  .filter((f) => !f.includes('/saved-views/'))
  .map((f) => ({ path: relative(SRC_DIR, f), abs: f, text: readFileSync(f, 'utf8') }));

/** The initializer of a `const NAME = ...` of the same file. */
function constant(name: string, source: ts.SourceFile): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  const visit = (x: ts.Node) => {
    if (ts.isVariableDeclaration(x) && ts.isIdentifier(x.name) && x.name.text === name) found = x.initializer;
    ts.forEachChild(x, visit);
  };
  visit(source);
  return found;
}

const bare = (node: ts.Expression | undefined): ts.Expression | undefined => {
  let n = node;
  while (n && (ts.isAsExpression(n) || ts.isSatisfiesExpression(n))) n = n.expression;
  return n;
};

/** String arrays written in place or as a `const NAME = [...] as const` of the same file. */
function strings(node: ts.Expression | undefined, source: ts.SourceFile): string[] {
  const n = bare(node);
  if (n && ts.isIdentifier(n)) return strings(constant(n.text, source), source);
  if (!n || !ts.isArrayLiteralExpression(n)) return [];
  return n.elements.filter(ts.isStringLiteral).map((e) => e.text);
}

/** A property of an object literal, also through spreads of same-file constants (`...DOC_LIST`). */
function property(
  object: ts.Expression | undefined,
  name: string,
  source: ts.SourceFile,
): ts.Expression | undefined {
  const o = bare(object);
  if (!o || !ts.isObjectLiteralExpression(o)) return undefined;
  let found: ts.Expression | undefined;
  for (const p of o.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) found = p.initializer;
    if (ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression)) {
      found = property(constant(p.expression.text, source), name, source) ?? found;
    }
  }
  return found;
}

/** Every `defineList({...})` of the web's sources, read from the code (lists declare themselves). */
const specs: Spec[] = files
  .filter((f) => f.text.includes('defineList('))
  .flatMap((f) => {
    const source = parse(f.abs);
    const out: Spec[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'defineList' &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        const prop = (name: string) => property(node.arguments[0], name, source);
        const key = prop('key');
        const bulk = prop('bulk');
        out.push({
          file: f.path,
          key: key && ts.isStringLiteral(key) ? key.text : '',
          columns: strings(prop('columns'), source),
          fixed: strings(prop('fixed'), source),
          bulk:
            bulk?.kind === ts.SyntaxKind.TrueKeyword
              ? true
              : bulk?.kind === ts.SyntaxKind.FalseKeyword
                ? false
                : undefined,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return out;
  });

describe('list declarations (defineList beside each list)', () => {
  it('give every list a unique key, an identifying column that always shows and columns that can be hidden', () => {
    expect(specs.length).toBeGreaterThanOrEqual(20);
    const keys = specs.map((s) => s.key);
    expect(new Set(keys).size, 'one declaration per list key').toBe(keys.length);
    for (const { key, columns, fixed, bulk, file } of specs) {
      const where = `${file} (${key})`;
      expect(key, where).toMatch(/^[a-z][a-z0-9-]{0,39}$/); // the server's list_key rule
      expect(typeof bulk, where).toBe('boolean');
      expect(new Set(columns).size, where).toBe(columns.length);
      expect(fixed.length, where).toBeGreaterThan(0);
      for (const c of fixed) expect(columns, where).toContain(c);
      expect(columns.length - fixed.length, where).toBeGreaterThan(0);
      for (const c of columns) expect(c, where).toMatch(/^[a-z][a-z0-9_.-]{0,39}$/); // saved view columns rule
    }
  });

  it('are rendered by the data table or read by useListColumns in the file that declares them', () => {
    for (const file of new Set(specs.map((s) => s.file))) {
      const text = files.find((f) => f.path === file)?.text ?? '';
      expect(/<DataTable\b/.test(text) || /\buseListColumns\b/.test(text), file).toBe(true);
    }
  });

  it('a bulk list without the data table keeps the selection and the bulk bar', () => {
    for (const s of specs) {
      const text = files.find((f) => f.path === s.file)?.text ?? '';
      if (/<DataTable\b/.test(text)) continue; // the data table follows the declaration's bulk flag
      const bulk = /\buseBulkSelection\b/.test(text) && /<BulkBar\b/.test(text);
      expect(bulk, `${s.file} (${s.key}) bulk`).toBe(s.bulk);
    }
  });
});

describe('list screens', () => {
  const tsx = files.filter((f) => f.path.endsWith('.tsx'));

  it('render saved views only with the column set of useListColumns', () => {
    const withViews = tsx.filter((f) => /<SavedViews\b/.test(f.text));
    for (const f of withViews) {
      expect(f.text, f.path).toMatch(/<SavedViews \{\.\.\.\w+\.views\} \/>/);
      expect(f.text, f.path).toMatch(/\buseListColumns\b/);
    }
  });

  it('every screen with a table is a declared list unless it is not a list', () => {
    const isList = (text: string) => /\bdefineList\(/.test(text) || /\buseListColumns\b/.test(text);
    const tables = tsx.filter((f) => /<table\b/.test(f.text));
    const unregistered = tables.filter((f) => !isList(f.text) && !(f.path in NOT_LISTS)).map((f) => f.path);
    expect(unregistered).toEqual([]);
    // The exemptions stay honest: each still exists and still has no column set.
    for (const path of Object.keys(NOT_LISTS)) {
      const f = tsx.find((x) => x.path === path);
      expect(f, path).toBeDefined();
      expect(isList(f?.text ?? ''), path).toBe(false);
    }
  });
});
