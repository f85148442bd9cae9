import { AppError, parseCsvRows, type SheetRow } from '@erp/domain';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';

/** Largest accepted import file (the multipart plugin's limit in http/app.ts is the same). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const notXlsx = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'Datoteka nije valjana XLSX tablica');

/** A multipart upload without its file (field "file"): every upload route's one refusal for it. */
export const fileNotSent = () =>
  new AppError('VALIDATION', 'Datoteka nije poslana', [{ field: 'file', key: 'validation.fileRequired' }]);

/**
 * Reads the first sheet of an XLSX file, or a CSV file, into rows of trimmed cell texts, each with
 * the row number the user sees in a spreadsheet. Blank rows are dropped.
 */
export async function readSheet(filename: string, data: Buffer): Promise<SheetRow[]> {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(filename)) {
    if (!isZip) throw notXlsx();
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw notXlsx();
    }
    const sheet = wb.worksheets[0];
    if (!sheet) return [];
    const rows: SheetRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c)));
      rows.push({ line: row.number, cells });
    });
    return rows.filter((r) => r.cells.some((c) => c !== ''));
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Uvoz prima CSV ili XLSX datoteke');
  return parseCsvRows(text).map((r) => ({ line: r.line, cells: r.cells.map((c) => c.trim()) }));
}

/** The same as readSheet without row numbers (first row = headers). */
export async function readTable(filename: string, data: Buffer): Promise<string[][]> {
  return (await readSheet(filename, data)).map((r) => r.cells);
}

type CellValue = ExcelJS.CellValue;

/** A typed cell as the text a user would type for it: plain digits, a dot for decimals, ISO dates. */
export function cellValueText(v: CellValue): string | null {
  if (v == null) return '';
  // Integers (OIBs, quantities) as plain digits, never in exponent form.
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '';
    if (Number.isInteger(v)) return BigInt(v).toString();
    // Excel keeps 15 significant digits: 0.1+0.2 is shown (and meant) as 0.3.
    return new Decimal(v.toPrecision(15)).toFixed();
  }
  if (typeof v === 'boolean') return v ? 'da' : 'ne';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'result' in v)
    return cellValueText((v as { result?: CellValue }).result ?? null);
  return null;
}

function cellText(cell: ExcelJS.Cell): string {
  return cellValueText(cell.value) ?? cell.text.trim();
}

/** The uploaded file of a multipart request (field "file"), read into rows. */
export async function readUploadedSheet(request: FastifyRequest): Promise<SheetRow[]> {
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw fileNotSent();
  const data = await part.toBuffer();
  if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', 'Datoteka je veća od 2 MB');
  return readSheet(part.filename, data);
}
