import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, SRC_DIR, sourceFiles } from '../i18n-tests/source-scan.ts';

/**
 * Seed section 2: any unknown path redirects to /landing. A section's own `<Routes>` that matches
 * nothing renders nothing: the shell with an empty page. So every `<Routes>` in the app has a
 * route for what it does not know: `path="*"` (usually `<UnknownPath />`), or a `:param/*` route
 * whose page has its own `*`.
 */
function tagName(node: ts.Node): string | null {
  if (ts.isJsxElement(node)) return node.openingElement.tagName.getText();
  if (ts.isJsxSelfClosingElement(node)) return node.tagName.getText();
  return null;
}

function attribute(node: ts.Node, name: string): ts.JsxAttribute | undefined {
  const attributes = ts.isJsxElement(node)
    ? node.openingElement.attributes
    : ts.isJsxSelfClosingElement(node)
      ? node.attributes
      : null;
  return attributes?.properties.find(
    (a): a is ts.JsxAttribute => ts.isJsxAttribute(a) && a.name.getText() === name,
  );
}

function pathOf(node: ts.Node): string | null {
  const initializer = attribute(node, 'path')?.initializer;
  return initializer && ts.isStringLiteral(initializer) ? initializer.text : null;
}

/** The `element={...}` of a route as written, e.g. `<UnknownPath />`. */
function elementOf(node: ts.Node): string {
  const initializer = attribute(node, 'element')?.initializer;
  return initializer && ts.isJsxExpression(initializer) ? (initializer.expression?.getText() ?? '') : '';
}

type Block = { line: number; paths: string[]; catchAll: string | null };

/** Each `<Routes>` of a file with the paths of its direct `<Route>` children and what its `*` renders. */
function routeBlocks(file: string): Block[] {
  const source = parse(file);
  const blocks: Block[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && tagName(node) === 'Routes') {
      const routes = node.children.filter((c) => tagName(c) === 'Route');
      const paths = routes.map(pathOf).filter((p): p is string => p !== null);
      const star = routes.find((r) => pathOf(r) === '*');
      blocks.push({
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        paths,
        catchAll: star ? elementOf(star) : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return blocks;
}

const blocks = sourceFiles().flatMap((file) =>
  routeBlocks(file).map((b) => ({ ...b, where: `${relative(SRC_DIR, file)}:${b.line}` })),
);

describe('unknown paths (seed section 2)', () => {
  it('finds the app and its sections (the scan reads the sources)', () => {
    const where = blocks.map((b) => b.where.split(':')[0]);
    expect(where).toContain('routes/app-routes.tsx');
    expect(where).toContain('features/delivery-notes/delivery-notes-pages.tsx');
  });

  it('every <Routes> has a route for a path it does not know', () => {
    const catchAll = (p: string) => p === '*' || p.endsWith('/*');
    const without = blocks.filter((b) => !b.paths.some(catchAll)).map((b) => b.where);
    expect(without).toEqual([]);
  });

  it('a `*` route treats the path as unknown: no silent jump to a list of the section', () => {
    // /documents/xyz used to open the work orders, /inventory/xyz the items and a partner's unknown
    // tab (/clients/7/xyz) the partner's data tab.
    const stars = blocks.filter((b) => b.catchAll !== null);
    expect(stars.map((b) => b.where.split(':')[0])).toEqual(
      expect.arrayContaining([
        'features/documents/documents-pages.tsx',
        'features/inventory/inventory-page.tsx',
        'features/clients/partner-detail.tsx',
      ]),
    );
    const others = stars
      .filter((b) => b.catchAll !== '<UnknownPath />')
      .map((b) => `${b.where} ${b.catchAll}`);
    expect(others).toEqual([]);
  });
});
