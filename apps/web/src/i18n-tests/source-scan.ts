import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const SRC_DIR = join(import.meta.dirname, '..');

export function sourceFiles(dir = SRC_DIR, ext = /\.tsx?$/): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, ext));
    else if (ext.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out.sort();
}

export function parse(path: string): ts.SourceFile {
  return ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
}

/** Attributes whose value a person reads or hears. */
const USER_FACING_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'label',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

/** Text with at least two letters is a word; symbols, digits and single letters (e.g. "×", "©", "2") are not. */
export function isWord(text: string): boolean {
  return /\p{L}.*\p{L}/su.test(text.trim());
}

export type Finding = { file: string; line: number; text: string };

function stringValue(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return stringValue(node.expression);
  return null;
}

/** Finds text a component renders as-is: JSX text, `{'literal'}` children and literal user-facing attributes. */
export function findLiteralStrings(source: ts.SourceFile, allow: ReadonlySet<string> = new Set()): Finding[] {
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!isWord(trimmed) || allow.has(trimmed)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    findings.push({ file: relative(SRC_DIR, source.fileName), line: line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const value = stringValue(node.expression);
      if (value !== null) report(node, value);
    } else if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(source))) {
      const value = stringValue(node.initializer);
      if (value !== null) report(node, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

/** Static `t('key')` / `t('ns:key')` calls and the namespaces the file asks `useTranslation` for. */
export function translationCalls(source: ts.SourceFile) {
  const namespaces: string[] = [];
  const keys: { key: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      const first = stringValue(node.arguments[0]);
      if (callee === 'useTranslation' && first !== null) namespaces.push(first);
      if ((callee === 't' || callee.endsWith('.t')) && first !== null) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        keys.push({ key: first, line: line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { namespaces, keys };
}
