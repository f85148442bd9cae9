import { AppError, parseCsv } from '@erp/domain';
import ExcelJS from 'exceljs';

/** Reads the first sheet of an XLSX file, or a CSV file, into a table of trimmed cell texts. */
export async function readTable(filename: string, data: Buffer): Promise<string[][]> {
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(filename)) {
    if (!isZip) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Datoteka nije valjana XLSX tablica');
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Datoteka nije valjana XLSX tablica');
    }
    const sheet = wb.worksheets[0];
    if (!sheet) return [];
    const table: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c)));
      table.push(cells);
    });
    return table.filter((r) => r.some((c) => c !== ''));
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Uvoz prima CSV ili XLSX datoteke');
  return parseCsv(text).map((r) => r.map((c) => c.trim()));
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v == null) return '';
  // OIBs typed into Excel become numbers; write them back as digits, never in exponent form.
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  if (typeof v === 'boolean') return v ? 'da' : 'ne';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return cell.text.trim();
}
