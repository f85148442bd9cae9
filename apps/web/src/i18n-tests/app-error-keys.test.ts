import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { flatten, LANGS, readLocale } from './locale-files.ts';
import { parse, SRC_DIR, sourceFiles } from './source-scan.ts';

/**
 * What a user reads when the server refuses something: the web translates each detail's `key` (with
 * its params) and shows that; the error's literal `message` (Croatian, written at the call site) is
 * only i18next's `defaultValue`, used when the key has no text, and the text API clients get. So
 * every key the server puts in an error must have a text in all six languages, and a refusal that
 * names no key shows only its code's generic text ("Provjerite unesene podatke.").
 *
 * `server-keys.test.ts` finds the `validation.*` strings anywhere in the sources; this one reads the
 * errors themselves (AST), so keys of other shapes count too: another namespace (`mail:errors.auth`),
 * the team area's `team.errors.*`, a code's own text (`errors.INSUFFICIENT_STOCK`).
 */
const ROOT = join(SRC_DIR, '../../..');
const DIRS = ['apps/server/src', 'packages/domain/src'];

/** Where the web looks a key up: `ns:path` in that namespace, `team.errors.x` in team (team-errors.ts), else common. */
function place(key: string): [ns: string, path: string] {
  const colon = key.indexOf(':');
  if (colon > 0) return [key.slice(0, colon), key.slice(colon + 1)];
  if (key.startsWith('team.errors.')) return ['team', key.slice('team.'.length)];
  return ['common', key];
}

/**
 * Error details whose key is not written where the detail is built, with where it comes from. Each
 * of those keys is a literal somewhere else (a table, a helper's caller, a zod message), which
 * `server-keys.test.ts` or the literal check below reads.
 */
const KEYS_FROM_ELSEWHERE: Record<string, string> = {
  'apps/server/src/http/errors.ts': 'the route schema issues (zod messages), else validation.invalid',
  'apps/server/src/modules/cutting/cutting.service.ts':
    "stockError's callers; zod messages of the stock input",
  'apps/server/src/modules/documents/cutting-pieces.ts': 'the BOM formula issue keys (domain formula.ts)',
  'apps/server/src/modules/documents/invoices.service.ts':
    'the credit-note line problems built above the throw',
  'apps/server/src/modules/documents/mail.service.ts':
    "mail: and the SMTP failure's key (mail:errors.auth, ...)",
  'apps/server/src/modules/documents/work-order-completion.routes.ts': 'zod messages of the completion body',
  'apps/server/src/modules/fiscalisation/fiscal.service.ts':
    "the certificate check's own key, else a literal",
  'apps/server/src/modules/inventory/inventory.import.ts': "the import's row checks (add's callers)",
  'apps/server/src/modules/inventory/reverse.service.ts': 'the REFUSAL table above it',
  'apps/server/src/modules/production/production.service.ts': 'the formula issue keys (domain formula.ts)',
  'apps/server/src/modules/team/team.service.ts':
    "the VIOLATIONS and CLOSED_INVITATION tables (teamError's callers)",
  'apps/server/src/security/certificate.ts': "refuse's callers",
  'packages/domain/src/imports/table.ts': "the table reader's issue keys",
  'packages/domain/src/validation.ts': 'zod issue messages',
};

/** A `400 VALIDATION` thrown with no detail, and what the user sees instead of its literal. */
const VALIDATION_WITHOUT_DETAILS: Record<string, string> = {
  'apps/server/src/modules/export/export.service.ts':
    "a background job's failure: the page shows export:job.invalid",
};

type Found = { where: string; file: string };
const literalKeys = new Map<string, Found>();
const keysFromElsewhere = new Map<string, Found>();
const validationWithoutDetails: Found[] = [];

const isAppError = (node: ts.Node): node is ts.NewExpression =>
  ts.isNewExpression(node) && node.expression.getText() === 'AppError';

/** `super(code, message, details)` in a class that extends AppError. */
function isAppErrorSuper(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || node.expression.kind !== ts.SyntaxKind.SuperKeyword) return false;
  let up: ts.Node | undefined = node.parent;
  while (up && !ts.isClassLike(up)) up = up.parent;
  return !!up?.heritageClauses?.some((h) => h.types.some((type) => type.expression.getText() === 'AppError'));
}

/** The literal keys an expression can give (`a ? 'x' : 'y'`, `k ?? 'x'`), and whether it can give another. */
function keysIn(value: ts.Expression | null): { literals: ts.StringLiteralLike[]; elsewhere: boolean } {
  if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)))
    return { literals: [value], elsewhere: false };
  const parts =
    value && ts.isConditionalExpression(value)
      ? [value.whenTrue, value.whenFalse]
      : value &&
          ts.isBinaryExpression(value) &&
          value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
        ? [value.left, value.right]
        : value && ts.isParenthesizedExpression(value)
          ? [value.expression]
          : null;
  if (!parts) return { literals: [], elsewhere: true };
  const each = parts.map(keysIn);
  return { literals: each.flatMap((e) => e.literals), elsewhere: each.some((e) => e.elsewhere) };
}

for (const dir of DIRS) {
  for (const path of sourceFiles(join(ROOT, dir), /\.ts$/)) {
    const file = relative(ROOT, path);
    const source = parse(path);
    const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (isAppError(node) || isAppErrorSuper(node)) {
        const [code, , details] = node.arguments ?? [];
        if (code?.getText() === "'VALIDATION'" && !details)
          validationWithoutDetails.push({ where: at(node), file });
      }
      // Every `{ field, key }` (an error detail) and every `{ code, message, key }` (a table of refusals).
      if (ts.isObjectLiteralExpression(node)) {
        const names = new Set(node.properties.map((p) => p.name?.getText()));
        if (names.has('key') && (names.has('field') || names.has('message'))) {
          const key = node.properties.find((p) => p.name?.getText() === 'key') as ts.ObjectLiteralElementLike;
          const value = ts.isPropertyAssignment(key) ? key.initializer : null;
          // A zod schema of the error shape (`key: z.string()`) is no error.
          if (!value?.getText().startsWith('z.')) {
            const { literals, elsewhere } = keysIn(value);
            for (const literal of literals) literalKeys.set(literal.text, { where: at(literal), file });
            if (elsewhere) keysFromElsewhere.set(at(key), { where: at(key), file });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

describe('keys of the errors the server sends', () => {
  it('are found (the scan reads the errors)', () => {
    expect(literalKeys.get('validation.linesRequired')?.file).toBe('packages/domain/src/documents/guards.ts');
    expect(literalKeys.has('team.errors.lastOwner')).toBe(true);
    expect(literalKeys.has('errors.INSUFFICIENT_STOCK')).toBe(true);
    expect(literalKeys.size).toBeGreaterThan(100);
  });

  for (const lng of LANGS) {
    it(`have a text in ${lng}`, () => {
      const texts = new Map<string, Map<string, string>>();
      const textOf = (key: string) => {
        const [ns, path] = place(key);
        if (!texts.has(ns)) texts.set(ns, flatten(readLocale(lng, ns)));
        return texts.get(ns)?.get(path);
      };
      const missing = [...literalKeys]
        .filter(([key]) => !textOf(key))
        .map(([key, f]) => `${key} (${f.where})`);
      expect(missing).toEqual([]);
    });
  }

  it('built elsewhere only in the places named here, each with where its keys come from', () => {
    const files = new Set([...keysFromElsewhere.values()].map((f) => f.file));
    expect([...files].filter((f) => !(f in KEYS_FROM_ELSEWHERE)).sort()).toEqual([]);
    // A place that no longer builds one leaves the list.
    expect(Object.keys(KEYS_FROM_ELSEWHERE).filter((f) => !files.has(f))).toEqual([]);
  });

  it('name the problem of every 400 VALIDATION (else the user reads only "check the data")', () => {
    const without = validationWithoutDetails.filter((f) => !(f.file in VALIDATION_WITHOUT_DETAILS));
    expect(without.map((f) => f.where)).toEqual([]);
  });
});
