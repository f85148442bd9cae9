import { PassThrough } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import type { ExportColumnType } from '@erp/domain';
import ExcelJS from 'exceljs';
import type { SectionColumn, SectionData } from './sections.ts';

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

const csvLine = (values: string[]) => `${values.join(',')}\r\n`;

/**
 * Streamed RFC 4180 CSV (comma, CRLF, UTF-8 with a byte-order mark so spreadsheets detect the
 * encoding): one chunk per batch of rows, nothing else is kept.
 */
export async function writeCsv(columns: SectionColumn[], batches: RowBatches, sink: ByteSink): Promise<void> {
  await sink(Buffer.from(`\uFEFF${csvLine(columns.map((c) => csvField(c.name, 'text')))}`, 'utf8'));
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    const text = rows
      .map((row) => csvLine(row.map((v, i) => csvField(v, columns[i]?.type ?? 'text'))))
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
): Promise<void> {
  const stream = new PassThrough();
  const drained = (async () => {
    for await (const chunk of stream) await sink(chunk as Buffer);
  })();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'ERP';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.min(Math.max(c.name.length + 2, c.type === 'datetime' ? 20 : 12), 40),
    style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  try {
    for await (const rows of batches) {
      for (const row of rows) ws.addRow(row.map((v, i) => typedCell(v, columns[i]?.type ?? 'text'))).commit();
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

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (the zip format's checksum; node 20 has no zlib.crc32). */
export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++)
    c = (CRC_TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time of a zip entry (local time, two-second steps). */
function dosDateTime(d: Date): { date: number; time: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  };
}

/** Entries a zip without the zip64 extension can hold, and its largest size or offset. */
export const ZIP_MAX_ENTRIES = 0xffff;
const ZIP_MAX_BYTES = 0xffffffff;

/**
 * A zip written entry by entry into a sink: each file is compressed (deflate, or stored when that
 * is not smaller, as with most PDFs' already compressed streams) and written out when it is added,
 * so only the central directory (a few dozen bytes per entry) stays behind. Names are UTF-8
 * (general-purpose flag 11). No zip64: at most 65 535 entries and 4 GiB.
 */
export function zipWriter(sink: ByteSink, now = new Date()) {
  const central: Buffer[] = [];
  let offset = 0;
  let entries = 0;
  const { date, time } = dosDateTime(now);
  const write = async (chunk: Buffer) => {
    offset += chunk.length;
    await sink(chunk);
  };
  return {
    async add(name: string, data: Buffer): Promise<void> {
      if (entries >= ZIP_MAX_ENTRIES) throw new Error(`a zip holds at most ${ZIP_MAX_ENTRIES} files`);
      const nameBytes = Buffer.from(name, 'utf8');
      const deflated = deflateRawSync(data, { level: 6 });
      const stored = deflated.length >= data.length;
      const body = stored ? data : deflated;
      const crc = crc32(data);
      if (offset + body.length + 30 + nameBytes.length > ZIP_MAX_BYTES)
        throw new Error('the zip would exceed 4 GiB');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(stored ? 0 : 8, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(data.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(0, 28);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(stored ? 0 : 8, 10);
      header.writeUInt16LE(time, 12);
      header.writeUInt16LE(date, 14);
      header.writeUInt32LE(crc, 16);
      header.writeUInt32LE(body.length, 20);
      header.writeUInt32LE(data.length, 24);
      header.writeUInt16LE(nameBytes.length, 28);
      // extra, comment, disk, internal and external attributes stay 0
      header.writeUInt32LE(offset, 42);
      central.push(header, nameBytes);
      entries++;
      await write(Buffer.concat([local, nameBytes]));
      await write(body);
    },
    /** Writes the central directory; the zip is complete after this. */
    async finish(): Promise<void> {
      const start = offset;
      const directory = Buffer.concat(central);
      await write(directory);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(entries, 8);
      end.writeUInt16LE(entries, 10);
      end.writeUInt32LE(directory.length, 12);
      end.writeUInt32LE(start, 16);
      await write(end);
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
