import {
  type AdvanceNote,
  addBuckets,
  bucketAmounts,
  type ReceivedTaxSubtotal,
  type Register,
  type RegisterRow,
  VAT_BUCKETS,
  type VatRate,
  type VatSummary,
  vatOf,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { decryptField } from '../../security/field-crypto.ts';
import { isVatRegistered } from '../einvoice/einvoice.service.ts';
import { parseUbl } from '../purchase-invoices/ubl-parse.ts';
import * as repo from './registers.repo.ts';

// The accountant's registers (issue 19, deliverable 4): IRA (issued invoices), URA (received
// invoices) and the VAT summary for a period, every amount taken from the stored documents: the
// frozen eRačun of an issued invoice, what was read from a received one, in decimal.js.

export type Period = { from: string; to: string };

const sum = (values: string[]) => values.reduce((a, b) => a.plus(b), new Decimal(0)).toFixed(2);
const signed = (value: string, sign: 1 | -1) => new Decimal(value).times(sign).toFixed(2);

function totalsOf(rows: RegisterRow[]): Register['totals'] {
  return {
    buckets: addBuckets(rows.map((r) => r.buckets)),
    net: sum(rows.map((r) => r.net)),
    vat: sum(rows.map((r) => r.vat)),
    total: sum(rows.map((r) => r.total)),
    deductible: sum(rows.map((r) => r.deductible)),
  };
}

/** A document issued before its eRačun was stored: per-rate bases from its lines, 0 % as exempt. */
async function fromLines(tx: Tx, id: string): Promise<ReceivedTaxSubtotal[]> {
  return (await repo.lineBases(tx, id)).map((b) => ({
    category: b.vat_rate === '0' ? 'E' : 'S',
    percent: b.vat_rate,
    taxable: new Decimal(b.base).toFixed(2),
    tax: vatOf(b.base, b.vat_rate as VatRate).toFixed(2),
    exemption_reason: null,
  }));
}

type Deducted = { numbers: string[]; subtotals: ReceivedTaxSubtotal[] };

/** The deducted advances of each final invoice: per rate base and VAT (VAT = base × rate). */
async function deductionsOf(tx: Tx, invoiceIds: string[]): Promise<Map<string, Deducted>> {
  const out = new Map<string, Deducted>();
  for (const r of await repo.advanceDeductions(tx, invoiceIds)) {
    const entry = out.get(r.invoice_id) ?? { numbers: [], subtotals: [] };
    if (!entry.numbers.includes(r.number)) entry.numbers.push(r.number);
    entry.subtotals.push({
      category: r.vat_rate === '0' ? 'E' : 'S',
      percent: r.vat_rate,
      taxable: new Decimal(r.base).toFixed(2),
      tax: vatOf(r.base, r.vat_rate as VatRate).toFixed(2),
      exemption_reason: null,
    });
    out.set(r.invoice_id, entry);
  }
  return out;
}

type Amounts = Pick<RegisterRow, 'buckets' | 'net' | 'vat' | 'total'>;

/**
 * A final invoice's register amounts less its deducted advances, per rate: an advance's rate goes
 * to the bucket of the invoice's own subtotal at that rate (its category), so the VAT of an
 * advance counts once, in the advance's period.
 */
function lessAdvances(
  full: Amounts,
  own: ReceivedTaxSubtotal[],
  d: Deducted,
): Amounts & { advances: AdvanceNote } {
  const subtotals = d.subtotals.map((s) => {
    const match = own.find((o) => o.category !== 'AE' && new Decimal(o.percent || '0').eq(s.percent));
    return match ? { ...s, category: match.category } : s;
  });
  const net = sum(subtotals.map((s) => s.taxable));
  const vat = sum(subtotals.map((s) => s.tax));
  const total = new Decimal(net).plus(vat).toFixed(2);
  return {
    buckets: addBuckets([full.buckets, bucketAmounts(subtotals, -1)]),
    net: new Decimal(full.net).minus(net).toFixed(2),
    vat: new Decimal(full.vat).minus(vat).toFixed(2),
    total: new Decimal(full.total).minus(total).toFixed(2),
    advances: { numbers: d.numbers, net, vat, total },
  };
}

/**
 * IRA: issued invoices and credit notes dated in the period (credit notes negative); a final
 * invoice less the advances it deducted.
 */
export async function ira(tx: Tx, period: Period): Promise<Register> {
  const out: RegisterRow[] = [];
  const docs = await repo.issued(tx, period.from, period.to);
  const deductions = await deductionsOf(
    tx,
    docs.filter((d) => d.kind === 'invoice').map((d) => d.id),
  );
  for (const d of docs) {
    const sign = d.kind === 'credit_note' ? -1 : 1;
    const ubl = d.ubl64 ? parseUbl(Buffer.from(d.ubl64, 'base64').toString('utf8')) : null;
    const subtotals = ubl ? ubl.tax_subtotals : await fromLines(tx, d.id);
    const full: Amounts = {
      buckets: bucketAmounts(subtotals, sign),
      net: signed(ubl ? ubl.totals.tax_exclusive : d.net_total, sign),
      vat: signed(ubl ? ubl.totals.vat : d.vat_total, sign),
      total: signed(ubl ? ubl.totals.tax_inclusive : d.total, sign),
    };
    const deducted = deductions.get(d.id);
    out.push({
      id: d.id,
      kind: d.kind,
      number: d.number,
      date: d.doc_date,
      partner: ubl ? ubl.buyer.name : (d.buyer_name ?? ''),
      oib: ubl ? ubl.buyer.oib : decryptField(d.buyer_oib, 'documents.buyer_oib'),
      ...(deducted ? lessAdvances(full, subtotals, deducted) : { ...full, advances: null }),
      deductible: '0.00',
    });
  }
  return { ...period, rows: out, totals: totalsOf(out) };
}

/** URA: approved received invoices and credit notes issued in the period (credit notes negative). */
export async function ura(tx: Tx, period: Period): Promise<Register> {
  const deducts = await isVatRegistered(tx);
  const out: RegisterRow[] = (await repo.received(tx, period.from, period.to)).map((r) => {
    const sign = r.doc_type === 'credit_note' ? -1 : 1;
    const p = r.parsed;
    const vat = signed(p.totals.vat, sign);
    return {
      id: r.id,
      kind: r.doc_type,
      number: r.number,
      date: r.issue_date,
      partner: r.supplier_name ?? p.seller.name,
      oib: p.seller.oib,
      buckets: bucketAmounts(p.tax_subtotals, sign),
      net: signed(p.totals.tax_exclusive, sign),
      vat,
      total: signed(p.totals.tax_inclusive, sign),
      deductible: deducts ? vat : '0.00',
      advances: null,
    };
  });
  return { ...period, rows: out, totals: totalsOf(out) };
}

/** Per bucket: output (IRA) and input (URA) bases and VAT, and what is payable for the period. */
export async function vatSummary(tx: Tx, period: Period): Promise<VatSummary> {
  const issued = await ira(tx, period);
  const received = await ura(tx, period);
  const rows = VAT_BUCKETS.map((bucket) => ({
    bucket,
    output_base: issued.totals.buckets[bucket].base,
    output_vat: issued.totals.buckets[bucket].vat,
    input_base: received.totals.buckets[bucket].base,
    input_vat: received.totals.buckets[bucket].vat,
  })).filter((r) =>
    [r.output_base, r.output_vat, r.input_base, r.input_vat].some((v) => !new Decimal(v).isZero()),
  );
  return {
    ...period,
    rows,
    output_vat: issued.totals.vat,
    input_vat: received.totals.vat,
    deductible: received.totals.deductible,
    payable: new Decimal(issued.totals.vat).minus(received.totals.deductible).toFixed(2),
  };
}
