import type { ExportColumnType } from '@erp/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { SectionData } from './sections.ts';

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

/** RFC 4180 CSV (comma, CRLF, UTF-8 with a byte-order mark so spreadsheets detect the encoding). */
export function toCsv(data: SectionData): Buffer {
  const lines = [data.columns.map((c) => csvField(c.name, 'text')).join(',')];
  for (const row of data.rows)
    lines.push(row.map((v, i) => csvField(v, data.columns[i]?.type ?? 'text')).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
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

/** One worksheet with a bold, frozen header row and typed cells. */
export async function toXlsx(data: SectionData, sheetName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'ERP';
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = data.columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.min(Math.max(c.name.length + 2, c.type === 'datetime' ? 20 : 12), 40),
    style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  for (const row of data.rows) ws.addRow(row.map((v, i) => typedCell(v, data.columns[i]?.type ?? 'text')));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A zip of named files (the bulk PDF download). */
export async function toZip(files: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.data, { date: new Date() });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
