/**
 * A list's state is its URL query string. A saved view stores that string without the page (a
 * view starts at page one); "filters" are every parameter except paging, sorting and columns.
 */
export const NOT_FILTERS = new Set(['page', 'page_size', 'sort', 'dir', 'cols']);

export function viewQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const [k, v] of params) if (k !== 'page' && v !== '') out.append(k, v);
  out.sort();
  return out.toString();
}

/** Two list states are the same view when they differ only in order or page. */
export function sameView(a: string, b: string): boolean {
  return viewQuery(new URLSearchParams(a)) === viewQuery(new URLSearchParams(b));
}

export function activeFilters(
  params: URLSearchParams,
  notFilters: ReadonlySet<string> = NOT_FILTERS,
): string[] {
  const keys = new Set<string>();
  for (const [k, v] of params) if (!notFilters.has(k) && v !== '') keys.add(k);
  return [...keys];
}

/** Clearing filters keeps sorting and columns (they are not filters). */
export function withoutFilters(
  params: URLSearchParams,
  notFilters: ReadonlySet<string> = NOT_FILTERS,
): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of params) if (notFilters.has(k) && k !== 'page') out.append(k, v);
  return out;
}

/** Visible columns from `cols` (comma-separated keys); all of them when absent or unknown. */
export function visibleColumns(params: URLSearchParams, all: readonly string[]): string[] {
  const wanted = (params.get('cols') ?? '').split(',').filter((c) => all.includes(c));
  return wanted.length > 0 ? all.filter((c) => wanted.includes(c)) : [...all];
}

/**
 * The CSV separator a spreadsheet in the language expects: "," in English, ";" where the decimal
 * mark is a comma (Croatian and the other languages of the app).
 */
export function csvSeparator(lng: string): ',' | ';' {
  return lng.startsWith('en') ? ',' : ';';
}

/** Values as one CSV text (RFC 4180 quoting, the separator quoted where a value holds it). */
export function toCsv(header: string[], rows: string[][], separator: ',' | ';' = ','): string {
  const needsQuotes = (v: string) => /["\n\r]/.test(v) || v.includes(separator);
  const cell = (v: string) => (needsQuotes(v) ? `"${v.replaceAll('"', '""')}"` : v);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with an apostrophe.
  const safe = (v: string) => (/^[=+\-@]/.test(v) && !/^-?\d/.test(v) ? `'${v}` : v);
  return [header, ...rows].map((r) => r.map((v) => cell(safe(v))).join(separator)).join('\r\n');
}
