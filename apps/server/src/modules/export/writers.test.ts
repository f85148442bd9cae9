import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { SectionData } from './sections.repo.ts';
import { maskValue } from './sections.ts';
import { toCsv, toXlsx, toZip, typedCell } from './writers.ts';

const data: SectionData = {
  columns: [
    { name: 'name', type: 'text' },
    { name: 'price', type: 'number' },
    { name: 'qty', type: 'integer' },
    { name: 'on', type: 'date' },
    { name: 'at', type: 'datetime' },
    { name: 'active', type: 'boolean' },
  ],
  rows: [
    ['Staklo "Float", 4 mm', '12.5000', '3', '2026-05-04', '2026-03-01 10:15:30.25+00', 'true'],
    ['=HYPERLINK("x")', '-7.25', null, null, null, 'false'],
  ],
};

describe('CSV', () => {
  it('quotes separators and quotes, guards formulas in text only, keeps numbers as written', async () => {
    const text = (await toCsv(data)).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'name,price,qty,on,at,active',
      '"Staklo ""Float"", 4 mm",12.5000,3,2026-05-04,2026-03-01 10:15:30.25+00,true',
      `"'=HYPERLINK(""x"")",-7.25,,,,false`,
      '',
    ]);
  });
});

describe('XLSX', () => {
  it('typed cells: numbers, dates in UTC, booleans, text; empty values are empty cells', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await toXlsx(data, 'items')) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('items') as ExcelJS.Worksheet;
    expect(ws.getRow(1).values).toEqual([undefined, 'name', 'price', 'qty', 'on', 'at', 'active']);
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe('Staklo "Float", 4 mm');
    expect(row.getCell(2).value).toBe(12.5);
    expect(row.getCell(3).value).toBe(3);
    expect((row.getCell(4).value as Date).toISOString()).toBe('2026-05-04T00:00:00.000Z');
    expect((row.getCell(5).value as Date).toISOString()).toBe('2026-03-01T10:15:30.250Z');
    expect(row.getCell(6).value).toBe(true);
    // A text cell is never evaluated, so XLSX keeps the text as it is (only CSV needs the guard).
    expect(ws.getRow(3).getCell(1).value).toBe('=HYPERLINK("x")');
    expect(ws.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getRow(3).getCell(2).value).toBe(-7.25);
    expect(ws.getRow(3).getCell(3).value).toBeNull();
    expect(ws.getRow(3).getCell(6).value).toBe(false);
  });

  it('reads timestamps with a zone offset and plain dates exactly', () => {
    expect((typedCell('2026-01-31 23:30:00+01', 'datetime') as Date).toISOString()).toBe(
      '2026-01-31T22:30:00.000Z',
    );
    expect(typedCell('0.1', 'number')).toBe(0.1);
    expect(typedCell('yes', 'text')).toBe('yes');
  });
});

describe('zip and masking', () => {
  it('zips named files', async () => {
    const zip = await JSZip.loadAsync(
      await toZip([{ name: 'invoice/1-POS1-1.pdf', data: Buffer.from('%PDF-1') }]),
    );
    expect(await zip.file('invoice/1-POS1-1.pdf')?.async('string')).toBe('%PDF-1');
  });

  it('masks all but the last three characters', () => {
    expect(maskValue('69435151530')).toBe('••••••••530');
    expect(maskValue('12')).toBe('•••12');
    expect(maskValue(null)).toBeNull();
  });
});
