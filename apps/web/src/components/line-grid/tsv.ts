/**
 * Tab-separated text as spreadsheets put it on the clipboard: rows end with CR LF or LF, a cell
 * holding a tab, newline or quote is wrapped in double quotes with inner quotes doubled.
 * The trailing line break spreadsheets add does not make an extra empty row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Whether a paste is tabular (several cells) rather than text for the one focused cell. */
export function isTabular(text: string): boolean {
  return /[\t\n]/.test(text.replace(/\r?\n$/, ''));
}
