import { describe, expect, it } from 'vitest';
import { parseCsvRows } from '../imports/csv.ts';
import { matchColumns, normalizeHeader, parseYesNo } from '../imports/table.ts';
import { parseImportDate, previewItemImport } from './item-import.ts';

const rows = (lines: string[][]) => lines.map((cells, i) => ({ line: i + 1, cells }));

describe('import table helpers', () => {
  it('numbers CSV records as a spreadsheet shows them, blank lines included', () => {
    const r = parseCsvRows('Šifra;Naziv\n\nA-1;"Vijak\nM8"\nA-2;Matica\n');
    expect(r).toEqual([
      { line: 1, cells: ['Šifra', 'Naziv'] },
      { line: 3, cells: ['A-1', 'Vijak\nM8'] },
      { line: 4, cells: ['A-2', 'Matica'] },
    ]);
  });

  it('matches headers without case, diacritics, underscores or brackets; a repeated field is ignored', () => {
    expect(normalizeHeader('  Širina_(mm) ')).toBe('sirina mm');
    const cols = matchColumns(['ŠIFRA', 'naziv', 'Naziv', 'Boja'], {
      sku: ['šifra'],
      name: ['naziv'],
    });
    expect(cols.map((c) => c.field)).toEqual(['sku', 'name', null, null]);
  });

  it('reads yes/no words', () => {
    expect([parseYesNo('DA'), parseYesNo('ne'), parseYesNo(''), parseYesNo('možda')]).toEqual([
      true,
      false,
      undefined,
      null,
    ]);
  });

  it('reads Croatian and ISO dates and refuses impossible ones', () => {
    expect(parseImportDate('31.12.2027.')).toBe('2027-12-31');
    expect(parseImportDate('1. 3. 2028')).toBe('2028-03-01');
    expect(parseImportDate('2028-02-29')).toBe('2028-02-29');
    expect(parseImportDate('2027-02-29')).toBeNull();
    expect(parseImportDate('31/12/2027')).toBeNull();
  });
});

describe('item import preview', () => {
  it('maps a valid row to an item with defaults and an opening-stock line', () => {
    const p = previewItemImport(
      rows([
        ['Šifra', 'Naziv', 'Vrsta', 'Nabavna cijena', 'Lokacija', 'Količina', 'Praćenje lotova'],
        ['PRF-1', 'Profil 60', 'komponenta', '12,50', 'SKL-A', '40', 'ne'],
      ]),
    );
    expect(p.fileErrors).toEqual([]);
    expect(p.rows[0]?.errors).toEqual([]);
    expect(p.rows[0]?.item).toMatchObject({
      sku: 'PRF-1',
      kind: 'component',
      base_unit: 'kom',
      purchase_price: '12.50',
      lot_tracked: false,
      vat_rate: '25',
    });
    expect(p.rows[0]?.stock).toEqual({
      location: 'SKL-A',
      quantity: '40',
      unit_cost: null,
      lot_number: null,
      expires_on: null,
    });
  });

  it('reports each problem with its row number and the header text of its column', () => {
    const p = previewItemImport(
      rows([
        ['Šifra', 'Naziv', 'Vrsta', 'Lokacija', 'Količina', 'Rok trajanja'],
        ['A-1', 'Dobar', 'materijal', '', '', ''],
        ['A-2', 'Loš', 'nešto', 'SKL', 'deset', '30.2.2027'],
        ['A-1', 'Opet', '', '', '', ''],
        ['', 'Bez šifre', '', '', '', ''],
      ]),
    );
    expect(p.rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(p.rows[0]?.errors).toEqual([]);
    expect(p.rows[1]?.errors).toEqual([
      { field: 'kind', column: 'Vrsta', key: 'validation.invalid' },
      { field: 'quantity', column: 'Količina', key: 'validation.numberInvalid' },
      { field: 'expires_on', column: 'Rok trajanja', key: 'validation.dateInvalid' },
    ]);
    expect(p.rows[1]?.item).toBeNull();
    expect(p.rows[2]?.errors).toEqual([
      { field: 'sku', column: 'Šifra', key: 'validation.importSkuRepeated', params: { line: 2 } },
    ]);
    expect(p.rows[3]?.errors).toEqual([{ field: 'sku', column: 'Šifra', key: 'validation.required' }]);
  });

  it('accepts a row without a name as more stock, but not a bare SKU', () => {
    const p = previewItemImport(
      rows([
        ['sku', 'name', 'location', 'quantity', 'lot'],
        ['L-1', 'Ljepilo', 'A', '5', 'LOT-1'],
        ['L-1', '', 'A', '7', 'LOT-2'],
        ['L-1', '', '', '', ''],
      ]),
    );
    expect(p.rows[1]?.errors).toEqual([]);
    expect(p.rows[1]?.item).toBeNull();
    expect(p.rows[1]?.stock?.lot_number).toBe('LOT-2');
    expect(p.rows[2]?.errors).toEqual([{ field: 'name', column: 'name', key: 'validation.required' }]);
  });

  it('needs the SKU column and at least one row', () => {
    expect(previewItemImport(rows([['Naziv'], ['x']])).fileErrors).toEqual([
      { field: 'sku', column: null, key: 'validation.importMissingColumn', params: { column: 'Šifra' } },
    ]);
    expect(previewItemImport(rows([['Šifra', 'Naziv']])).fileErrors.map((e) => e.key)).toEqual([
      'validation.importEmpty',
    ]);
  });
});
