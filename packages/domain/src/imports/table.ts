import type { FieldIssue } from '../errors.ts';

/**
 * The shared shape of file imports (items, opening stock, clients, suppliers): a file becomes a
 * table of trimmed cell texts with the row numbers the user sees, the header row is matched to
 * fields by aliases, and every problem is reported per row and column. Nothing is written unless
 * every row is valid.
 */
export type SheetRow = { line: number; cells: string[] };

/** A problem in one row: `column` is the header text of the file, `field` the field it fills. */
export type ImportIssue = FieldIssue & { column: string | null };

export type ImportColumn = { header: string; field: string | null };

/** Header text compared without case, spacing, underscores or Croatian diacritics. */
export function normalizeHeader(h: string): string {
  return h
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/[_\s.]+/g, ' ')
    .replace(/[()]/g, '')
    .trim();
}

/** Matches the header row to fields; an unknown header maps to null (the column is ignored). */
export function matchColumns(
  header: readonly string[],
  aliases: Record<string, readonly string[]>,
): ImportColumn[] {
  const byName = new Map<string, string>();
  for (const [field, names] of Object.entries(aliases)) {
    byName.set(normalizeHeader(field), field);
    for (const n of names) byName.set(normalizeHeader(n), field);
  }
  const taken = new Set<string>();
  return header.map((h) => {
    const field = byName.get(normalizeHeader(h)) ?? null;
    // A second column for the same field is ignored rather than silently overwriting the first.
    if (!field || taken.has(field)) return { header: h, field: null };
    taken.add(field);
    return { header: h, field };
  });
}

/** The cells of a row by field (columns the file does not have are absent, not empty). */
export function rowValues(
  columns: readonly ImportColumn[],
  cells: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  columns.forEach((c, i) => {
    if (c.field) out[c.field] = (cells[i] ?? '').trim();
  });
  return out;
}

const TRUE_WORDS = new Set(['da', 'yes', 'ja', 'si', 'sì', 'ano', 'true', 'istina', '1', 'x']);
const FALSE_WORDS = new Set(['ne', 'no', 'nein', 'false', 'laz', '0']);

/** A yes/no cell: true, false, undefined for an empty cell, null for anything else. */
export function parseYesNo(value: string | undefined): boolean | null | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim().toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return null;
}

/**
 * Zod issues of one row, with the header text of the column each field came from (a field with no
 * column of its own, such as a default, keeps `column: null`).
 */
export function withColumns(issues: readonly FieldIssue[], columns: readonly ImportColumn[]): ImportIssue[] {
  return issues.map((i) => ({
    ...i,
    column: columns.find((c) => c.field === i.field.split('.')[0])?.header ?? null,
  }));
}

/** Details of a refused commit: one per problem, field `rows.<line>.<field>`, capped for the response. */
export function importIssueDetails(
  rows: readonly { line: number; errors: readonly FieldIssue[] }[],
  max = 200,
) {
  return rows
    .flatMap((r) =>
      r.errors.map((e) => ({ field: `rows.${r.line}.${e.field}`, key: e.key, params: e.params })),
    )
    .slice(0, max)
    .map((d) => (d.params ? d : { field: d.field, key: d.key }));
}
