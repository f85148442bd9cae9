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

function pathOf(node: ts.Node): string | null {
  const attributes = ts.isJsxElement(node)
    ? node.openingElement.attributes
    : ts.isJsxSelfClosingElement(node)
      ? node.attributes
      : null;
  for (const a of attributes?.properties ?? []) {
    if (
      ts.isJsxAttribute(a) &&
      a.name.getText() === 'path' &&
      a.initializer &&
      ts.isStringLiteral(a.initializer)
    )
      return a.initializer.text;
  }
  return null;
}

/** Each `<Routes>` of a file with the paths of its direct `<Route>` children. */
function routeBlocks(file: string): { line: number; paths: string[] }[] {
  const source = parse(file);
  const blocks: { line: number; paths: string[] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && tagName(node) === 'Routes') {
      const paths = node.children
        .filter((c) => tagName(c) === 'Route')
        .map(pathOf)
        .filter((p): p is string => p !== null);
      blocks.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, paths });
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
});
