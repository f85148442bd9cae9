import type { SheetRow } from './table.ts';

/**
 * RFC 4180 CSV reader. Spreadsheets set to Croatian (and most continental locales) write `;` as the
 * separator, so the separator is detected from the header line: the more frequent of `;`, `,` and tab.
 */
export function detectSeparator(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((sep) => ({ sep, n: firstLine.split(sep).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]?.n ? counts[0].sep : ',';
}

/**
 * The export's CSV writer puts an apostrophe before text that a spreadsheet would run as a formula
 * (`'+385 1 2345 678`, `'-Rabat`); reading such a file back takes it off again, so a phone number
 * or a name survives export and import unchanged.
 */
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * CSV records with their record number (1-based, blank records counted), which is the row number a
 * spreadsheet shows for the same file, so an error can point at the row the user sees.
 */
export function parseCsvRows(input: string, separator = detectSeparator(input)): SheetRow[] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(unguard(field));
    rows.push({ line: rows.length + 1, cells });
    cells = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      cells.push(unguard(field));
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (field !== '' || cells.length > 0) endRecord();
  // Blank lines (often at the end of exported files) carry no record.
  return rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
}

export function parseCsv(input: string, separator = detectSeparator(input)): string[][] {
  return parseCsvRows(input, separator).map((r) => r.cells);
}
