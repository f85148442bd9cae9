import {
  type AdvanceNote,
  decimalComma,
  hrDay,
  type Register,
  toCsv,
  type VatBucket,
  type VatSummary,
} from '@erp/domain';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';

// The registers as files for the accountant: XLSX (numbers as numbers, dates as text dd.mm.yyyy)
// and CSV for Croatian Excel (";" between fields, decimal commas). Column names are Croatian, as
// on the printed documents.

export type RegisterKind = 'ira' | 'ura';

const BUCKET_LABEL: Record<VatBucket, string> = {
  '25': '25 %',
  '13': '13 %',
  '5': '5 %',
  '0': '0 %',
  exempt: 'Oslobođeno / neoporezivo',
  reverse_charge: 'Prijenos porezne obveze',
  other: 'Ostale stope',
};

/** Text that a spreadsheet would run as a formula gets a leading apostrophe. */
const text = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * IRA: a final invoice's amounts are already less its deducted advances; these columns say which
 * advances and how much was taken off (base and VAT).
 */
const ADVANCE_COLUMNS = ['Odbijeni predujmovi', 'Odbijena osnovica predujma', 'Odbijeni PDV predujma'];

type Cell = { text: string } | { money: string };

const advanceCells = (a: AdvanceNote | null): Cell[] =>
  a
    ? [{ text: a.numbers.join(', ') }, { money: a.net }, { money: a.vat }]
    : [{ text: '' }, { text: '' }, { text: '' }];

function advanceTotals(rows: Register['rows']): Cell[] {
  const add = (pick: (a: AdvanceNote) => string) =>
    rows.reduce((acc, r) => (r.advances ? acc.plus(pick(r.advances)) : acc), new Decimal(0)).toFixed(2);
  return [{ text: '' }, { money: add((a) => a.net) }, { money: add((a) => a.vat) }];
}

type Table = { header: string[]; rows: Array<Array<{ text: string } | { money: string }>> };

function registerTable(kind: RegisterKind, reg: Register): Table {
  const header = [
    'Rb.',
    'Broj računa',
    'Datum',
    kind === 'ira' ? 'Kupac' : 'Dobavljač',
    'OIB',
    'Vrsta',
    'Osnovica 25 %',
    'PDV 25 %',
    'Osnovica 13 %',
    'PDV 13 %',
    'Osnovica 5 %',
    'PDV 5 %',
    'Osnovica 0 %',
    'Oslobođeno / neoporezivo',
    'Prijenos porezne obveze',
    'Osnovica ostale stope',
    'PDV ostale stope',
    'Ukupno osnovica',
    'Ukupno PDV',
    'Ukupno',
    ...(kind === 'ura' ? ['Pretporez'] : ADVANCE_COLUMNS),
  ];
  const amounts = (r: Pick<Register['rows'][number], 'buckets' | 'net' | 'vat' | 'total' | 'deductible'>) => [
    { money: r.buckets['25'].base },
    { money: r.buckets['25'].vat },
    { money: r.buckets['13'].base },
    { money: r.buckets['13'].vat },
    { money: r.buckets['5'].base },
    { money: r.buckets['5'].vat },
    { money: r.buckets['0'].base },
    { money: r.buckets.exempt.base },
    { money: r.buckets.reverse_charge.base },
    { money: r.buckets.other.base },
    { money: r.buckets.other.vat },
    { money: r.net },
    { money: r.vat },
    { money: r.total },
    ...(kind === 'ura' ? [{ money: r.deductible }] : []),
  ];
  const rows: Table['rows'] = reg.rows.map((r, i) => [
    { text: String(i + 1) },
    { text: r.number },
    { text: hrDay(r.date) },
    { text: r.partner },
    { text: r.oib ?? '' },
    { text: r.kind === 'credit_note' ? 'Odobrenje' : 'Račun' },
    ...amounts(r),
    ...(kind === 'ira' ? advanceCells(r.advances) : []),
  ]);
  rows.push([
    { text: '' },
    { text: 'Ukupno' },
    { text: '' },
    { text: '' },
    { text: '' },
    { text: '' },
    ...amounts({ ...reg.totals, buckets: reg.totals.buckets }),
    ...(kind === 'ira' ? advanceTotals(reg.rows) : []),
  ]);
  return { header, rows };
}

function vatTable(s: VatSummary): Table {
  const rows: Table['rows'] = s.rows.map((r) => [
    { text: BUCKET_LABEL[r.bucket] },
    { money: r.output_base },
    { money: r.output_vat },
    { money: r.input_base },
    { money: r.input_vat },
  ]);
  rows.push([
    { text: 'Obveza PDV-a (izlazni računi)' },
    { text: '' },
    { money: s.output_vat },
    { text: '' },
    { text: '' },
  ]);
  rows.push([
    { text: 'Pretporez (ulazni računi)' },
    { text: '' },
    { text: '' },
    { text: '' },
    { money: s.deductible },
  ]);
  rows.push([
    { text: 'Za uplatu (+) / povrat (−)' },
    { text: '' },
    { money: s.payable },
    { text: '' },
    { text: '' },
  ]);
  return {
    header: ['Stopa', 'Osnovica izlazni', 'PDV izlazni', 'Osnovica ulazni', 'PDV ulazni'],
    rows,
  };
}

const cellText = (c: { text: string } | { money: string }) =>
  'money' in c ? decimalComma(c.money) : text(c.text);

function csvOf(table: Table): Buffer {
  return Buffer.from(
    toCsv(
      table.header,
      table.rows.map((r) => r.map(cellText)),
    ),
    'utf8',
  );
}

async function xlsxOf(title: string, table: Table): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  ws.addRow(table.header).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of table.rows) {
    // Money leaves decimal.js only here, as the spreadsheet's own number type (two decimals).
    ws.addRow(r.map((c) => ('money' in c ? Number(c.money) : text(c.text))));
  }
  table.header.forEach((_, i) => {
    const col = ws.getColumn(i + 1);
    col.width = i < 6 ? 18 : 14;
    if (table.rows.some((r) => r[i] && 'money' in (r[i] as object))) col.numFmt = '#,##0.00';
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function registerFile(kind: RegisterKind, reg: Register, format: 'xlsx' | 'csv') {
  const table = registerTable(kind, reg);
  const name = `${kind.toUpperCase()}_${reg.from}_${reg.to}`;
  return format === 'csv'
    ? { filename: `${name}.csv`, type: 'text/csv; charset=utf-8', data: csvOf(table) }
    : {
        filename: `${name}.xlsx`,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: await xlsxOf(kind.toUpperCase(), table),
      };
}

export async function vatFile(s: VatSummary, format: 'xlsx' | 'csv') {
  const table = vatTable(s);
  const name = `PDV_${s.from}_${s.to}`;
  return format === 'csv'
    ? { filename: `${name}.csv`, type: 'text/csv; charset=utf-8', data: csvOf(table) }
    : {
        filename: `${name}.xlsx`,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: await xlsxOf('PDV', table),
      };
}
