import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, SRC_DIR, sourceFiles } from '../../i18n-tests/source-scan.ts';

/**
 * Screens with table markup that are not list screens (so they need no saved views). A new table
 * elsewhere fails the "every list screen" test until it declares its list on `DataTable` or is
 * named here with the reason. There is no waiting list: every list is on the kit.
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
  'features/inventory/location-detail.tsx': "a location's stock (its detail page)",
  'features/products/table-head.tsx': "the header row of the BOM, routing and cost editors' tables",
  'features/team/team-table-head.tsx': "the header row of the team's settings cards",
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
  'features/invoices/credit-dialog.tsx': "an invoice's lines to credit (a dialog form)",
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

  it('are rendered by DataTable in the file that declares them', () => {
    for (const file of new Set(specs.map((s) => s.file))) {
      const text = files.find((f) => f.path === file)?.text ?? '';
      expect(/<DataTable\b/.test(text), file).toBe(true);
    }
  });

  it('the item list (up to 100 000 items, 200 a page) renders the data table virtualised', () => {
    const items = specs.find((s) => s.key === 'items');
    const file = files.find((f) => f.path === items?.file);
    expect(file, 'the items list').toBeDefined();
    const attributes = dataTables(parse(file?.abs ?? '')).map((a) => Object.keys(a));
    expect(attributes).toEqual([expect.arrayContaining(['virtual', 'fetchPage'])]);
  });
});

/** Table markup: a table, its parts or an ARIA table, grid or row. */
const TABLE_MARKUP = /<(table|thead|tbody|tr)\b|role="(table|grid|row|rowgroup)"/;
/** The list kit's parts that only the data table puts together (`features/saved-views/`). */
const KIT_PARTS =
  /\buseListColumns\b|<SavedViews\b|<BulkBar\b|<SelectRowBox\b|<SelectPageBox\b|\buseVirtualizer\b/;

/** The attributes of each `<DataTable>` of a file: name → the source text of its value. */
function dataTables(source: ts.SourceFile): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText(source) === 'DataTable'
    ) {
      const attributes: Record<string, string> = {};
      for (const a of node.attributes.properties) {
        if (!ts.isJsxAttribute(a)) continue;
        const value =
          a.initializer && ts.isJsxExpression(a.initializer) ? a.initializer.expression : a.initializer;
        attributes[a.name.getText(source)] = value?.getText(source) ?? 'true';
      }
      out.push(attributes);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const isJsx = (n: ts.Node): boolean =>
  ts.isJsxElement(n) ||
  ts.isJsxSelfClosingElement(n) ||
  ts.isJsxFragment(n) ||
  ts.isParenthesizedExpression(n)
    ? ts.isParenthesizedExpression(n)
      ? isJsx(n.expression)
      : true
    : false;

/**
 * The places where a list file renders the rows it gives the data table by itself: a `.map` of
 * them to JSX (a row loop, cards) or another element given them (`<Cards rows={rows}>`).
 */
function ownRowRendering(source: ts.SourceFile): string[] {
  const rows = new Set(dataTables(source).flatMap((a) => (a.rows ? [a.rows] : [])));
  const found: string[] = [];
  const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'map' &&
      rows.has(node.expression.expression.getText(source))
    ) {
      const fn = node.arguments[0];
      const body = fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ? fn.body : undefined;
      let jsx = body !== undefined && isJsx(body);
      if (body && ts.isBlock(body)) {
        const check = (n: ts.Node) => {
          if (ts.isReturnStatement(n) && n.expression && isJsx(n.expression)) jsx = true;
          if (!ts.isFunctionLike(n)) ts.forEachChild(n, check);
        };
        ts.forEachChild(body, check);
      }
      if (jsx) found.push(`${line(node)}: ${node.expression.expression.getText(source)}.map to JSX`);
    }
    if (
      (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
      node.tagName.getText(source) !== 'DataTable'
    ) {
      for (const a of node.attributes.properties) {
        const value =
          ts.isJsxAttribute(a) && a.initializer && ts.isJsxExpression(a.initializer)
            ? a.initializer.expression
            : undefined;
        if (value && rows.has(value.getText(source)))
          found.push(`${line(node)}: <${node.tagName.getText(source)}> gets the rows`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the row check', () => {
  const parseText = (text: string) =>
    ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  it("finds a loop over the data table's rows to JSX and rows handed to another element", () => {
    const cards = parseText(`const A = () => <>
      <DataTable rows={rows} />
      <ol>{rows.map((e) => <li key={e.id}>{e.name}</li>)}</ol>
      {rows.map((e) => { const x = e.id; return (<p key={x} />); })}
      <Cards rows={rows} />
    </>;`);
    expect(ownRowRendering(cards)).toEqual([
      '3: rows.map to JSX',
      '4: rows.map to JSX',
      '5: <Cards> gets the rows',
    ]);
  });
  it('leaves the data table alone, and maps of the rows to values', () => {
    const table = parseText(`const A = () => <DataTable rows={rows} rowLabel={(r) => r.name} />;
      const ids = rows.map((r) => r.id);
      const other = lines.map((l) => <li key={l.id} />);`);
    expect(ownRowRendering(table)).toEqual([]);
  });
});

describe('list screens', () => {
  const tsx = files.filter((f) => f.path.endsWith('.tsx'));
  const declaring = tsx.filter((f) => /\bdefineList\(/.test(f.text));

  it('use the kit only through DataTable (no columns, saved views, selection or virtualiser of their own)', () => {
    const own = tsx.filter((f) => KIT_PARTS.test(f.text)).map((f) => f.path);
    expect(own).toEqual([]);
  });

  it('render no table markup of their own: the list is the data table', () => {
    const own = declaring.filter((f) => TABLE_MARKUP.test(f.text)).map((f) => f.path);
    expect(own).toEqual([]);
  });

  it("render the data table's rows nowhere else (no row loop, no cards)", () => {
    const own = declaring.flatMap((f) => ownRowRendering(parse(f.abs)).map((w) => `${f.path}:${w}`));
    expect(own).toEqual([]);
  });

  it('every other screen with table markup is named as not a list', () => {
    const isList = (text: string) => /\bdefineList\(/.test(text) || /<DataTable\b/.test(text);
    const tables = tsx.filter((f) => TABLE_MARKUP.test(f.text));
    const unregistered = tables.filter((f) => !isList(f.text) && !(f.path in NOT_LISTS)).map((f) => f.path);
    expect(unregistered).toEqual([]);
    // The exemptions stay honest: each still exists, still has table markup and declares no list.
    for (const path of Object.keys(NOT_LISTS)) {
      const f = tsx.find((x) => x.path === path);
      expect(f, path).toBeDefined();
      expect(TABLE_MARKUP.test(f?.text ?? ''), path).toBe(true);
      expect(isList(f?.text ?? ''), path).toBe(false);
    }
  });
});
