import { PassThrough } from 'node:stream';
import type { ExportColumnType } from '@erp/domain';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate } from 'fflate';
import type { FileWords } from './export-language.ts';
import type { SectionColumn, SectionData } from './sections.repo.ts';

/**
 * CSV text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, so
 * an exported client name can never execute in whoever opens the file (CSV injection).
 */
function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string | null, type: ExportColumnType): string {
  if (value === null) return '';
  const text = type === 'text' ? guardFormula(value) : value;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows arrive in batches (a database cursor); a sink takes the file's bytes as they are made. */
export type RowBatches = AsyncIterable<(string | null)[][]> | Iterable<(string | null)[][]>;
export type ByteSink = (chunk: Buffer) => void | Promise<void>;

const csvLine = (values: string[], separator = ',') => `${values.join(separator)}\r\n`;

/** 2027-12-31 → 31.12.2027; a timestamp (UTC) → 31.12.2027 14:05:09. */
function dayFirst(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2}:\d{2}))?/.exec(value);
  if (!m) return value;
  return `${m[3]}.${m[2]}.${m[1]}${m[4] ? ` ${m[4]}` : ''}`;
}

/** A cell in the file's language (FileWords): coded values as words, decimal comma, day-first dates. */
function spokenCell(
  value: string | null,
  type: ExportColumnType,
  i: number,
  words: FileWords,
): string | null {
  if (value === null) return null;
  switch (type) {
    case 'number':
    case 'integer':
      return words.decimalComma ? value.replace('.', ',') : value;
    case 'date':
    case 'datetime':
      return words.dayFirst ? dayFirst(value) : value;
    default:
      return words.word(value, i);
  }
}

/**
 * Streamed RFC 4180 CSV (CRLF, UTF-8 with a byte-order mark so spreadsheets detect the encoding):
 * one chunk per batch of rows, nothing else is kept. Without `words` the API's names and codes,
 * comma, decimal point and ISO dates (goes back through the importers); with them the user's
 * language: headers and values in words and, for Croatian and the other comma-decimal languages,
 * `;`, `12,5` and `31.12.2027` as their Excel opens them.
 */
export async function writeCsv(
  columns: SectionColumn[],
  batches: RowBatches,
  sink: ByteSink,
  words?: FileWords,
): Promise<void> {
  const separator = words?.separator ?? ',';
  const headers = words?.headers ?? columns.map((c) => c.name);
  await sink(
    Buffer.from(
      `\uFEFF${csvLine(
        headers.map((h) => csvField(h, 'text')),
        separator,
      )}`,
      'utf8',
    ),
  );
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    const text = rows
      .map((row) =>
        csvLine(
          row.map((v, i) => {
            const type = columns[i]?.type ?? 'text';
            return csvField(
              words ? spokenCell(v, type, i, words) : v,
              words && type === 'boolean' ? 'text' : type,
            );
          }),
          separator,
        ),
      )
      .join('');
    await sink(Buffer.from(text, 'utf8'));
  }
}

/** Collects a sink's chunks (small files, tests). */
export function collect(): { sink: ByteSink; buffer: () => Buffer } {
  const chunks: Buffer[] = [];
  return { sink: (c) => void chunks.push(c), buffer: () => Buffer.concat(chunks) };
}

/** The whole CSV of in-memory data (same writer as the streamed export). */
export async function toCsv(data: SectionData): Promise<Buffer> {
  const out = collect();
  await writeCsv(data.columns, [data.rows], out.sink);
  return out.buffer();
}

const NUM_FMT: Record<ExportColumnType, string | undefined> = {
  text: undefined,
  number: '#,##0.00##',
  integer: '0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  boolean: undefined,
};

const DAY_FIRST_FMT: Record<ExportColumnType, string | undefined> = {
  ...NUM_FMT,
  date: 'dd.mm.yyyy',
  datetime: 'dd.mm.yyyy hh:mm:ss',
};

/** A date (YYYY-MM-DD) or a UTC timestamp from PostgreSQL's ISO output as a JavaScript Date. */
function toDate(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  const iso = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  return new Date(iso);
}

/** A cell value of the column's type: numbers as numbers, dates as dates, text as text. */
export function typedCell(value: string | null, type: ExportColumnType): ExcelJS.CellValue {
  if (value === null) return null;
  switch (type) {
    case 'number':
    case 'integer':
      // Excel keeps numbers as binary doubles; the decimal string is exact up to 15 digits.
      return Number(value);
    case 'date':
    case 'datetime':
      return toDate(value);
    case 'boolean':
      return value === 'true';
    default:
      return value;
  }
}

/**
 * One worksheet with a bold, frozen header row and typed cells, written by exceljs's streaming
 * workbook writer: each row is committed (serialised into the zip stream) as soon as it is added,
 * so memory holds one batch of rows and the compressed output, never a model of the whole sheet.
 */
export async function writeXlsx(
  columns: SectionColumn[],
  batches: RowBatches,
  sheetName: string,
  sink: ByteSink,
  words?: FileWords,
): Promise<void> {
  const stream = new PassThrough();
  const drained = (async () => {
    for await (const chunk of stream) await sink(chunk as Buffer);
  })();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'ERP';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const formats = words?.dayFirst ? DAY_FIRST_FMT : NUM_FMT;
  ws.columns = columns.map((c, i) => {
    const header = words?.headers[i] ?? c.name;
    return {
      header,
      key: c.name,
      width: Math.min(Math.max(header.length + 2, c.type === 'datetime' ? 20 : 12), 40),
      style: formats[c.type] ? { numFmt: formats[c.type] } : {},
    };
  });
  // Numbers and dates stay typed (Excel shows them in its own language); text and yes/no in words.
  const cell = (v: string | null, i: number): ExcelJS.CellValue => {
    const type = columns[i]?.type ?? 'text';
    if (words && v !== null && (type === 'text' || type === 'boolean')) return words.word(v, i);
    return typedCell(v, type);
  };
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  try {
    for await (const rows of batches) {
      for (const row of rows) ws.addRow(row.map(cell)).commit();
    }
    ws.commit();
    await wb.commit();
  } finally {
    stream.end();
  }
  await drained;
}

/** The whole XLSX of in-memory data (same writer as the streamed export). */
export async function toXlsx(data: SectionData, sheetName: string): Promise<Buffer> {
  const out = collect();
  await writeXlsx(data.columns, [data.rows], sheetName, out.sink);
  return out.buffer();
}

/** Entries a zip without the zip64 extension can hold (fflate writes no zip64). */
export const ZIP_MAX_ENTRIES = 0xffff;

/**
 * A zip written entry by entry into a sink (fflate's streaming Zip): each file is deflated and its
 * bytes go to the sink when it is added, so only the central directory stays behind until
 * `finish`. Names are UTF-8. At most ZIP_MAX_ENTRIES files.
 */
export function zipWriter(sink: ByteSink) {
  let pending: Uint8Array[] = [];
  let failure: Error | null = null;
  let entries = 0;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const flush = async () => {
    if (failure) throw failure;
    const chunks = pending;
    pending = [];
    for (const chunk of chunks) await sink(Buffer.from(chunk));
  };
  return {
    async add(name: string, data: Buffer): Promise<void> {
      if (entries >= ZIP_MAX_ENTRIES) throw new Error(`a zip holds at most ${ZIP_MAX_ENTRIES} files`);
      entries++;
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(data, true);
      await flush();
    },
    /** Writes the central directory; the zip is complete after this. */
    async finish(): Promise<void> {
      zip.end();
      await flush();
    },
  };
}

/** A zip of named files in memory (same writer as the streamed PDF export). */
export async function toZip(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const out = collect();
  const zip = zipWriter(out.sink);
  for (const f of files) await zip.add(f.name, f.data);
  await zip.finish();
  return out.buffer();
}
