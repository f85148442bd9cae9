import {
  addBuckets,
  type BucketAmounts,
  bucketAmounts,
  type ReceivedTaxSubtotal,
  VAT_BUCKETS,
  type VatBucket,
  type VatRate,
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

export type RegisterRow = {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  date: string;
  partner: string;
  oib: string | null;
  buckets: BucketAmounts;
  net: string;
  vat: string;
  total: string;
  /** URA only: the VAT the company may deduct (input VAT); 0 when it is not in the VAT system. */
  deductible: string;
};

export type Register = {
  from: string;
  to: string;
  rows: RegisterRow[];
  totals: { buckets: BucketAmounts; net: string; vat: string; total: string; deductible: string };
};

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

/** IRA: issued invoices and credit notes dated in the period (credit notes negative). */
export async function ira(tx: Tx, period: Period): Promise<Register> {
  const out: RegisterRow[] = [];
  for (const d of await repo.issued(tx, period.from, period.to)) {
    const sign = d.kind === 'credit_note' ? -1 : 1;
    if (d.ubl64) {
      const ubl = parseUbl(Buffer.from(d.ubl64, 'base64').toString('utf8'));
      out.push({
        id: d.id,
        kind: d.kind,
        number: d.number,
        date: d.doc_date,
        partner: ubl.buyer.name,
        oib: ubl.buyer.oib,
        buckets: bucketAmounts(ubl.tax_subtotals, sign),
        net: signed(ubl.totals.tax_exclusive, sign),
        vat: signed(ubl.totals.vat, sign),
        total: signed(ubl.totals.tax_inclusive, sign),
        deductible: '0.00',
      });
    } else {
      out.push({
        id: d.id,
        kind: d.kind,
        number: d.number,
        date: d.doc_date,
        partner: d.buyer_name ?? '',
        oib: decryptField(d.buyer_oib, 'documents.buyer_oib'),
        buckets: bucketAmounts(await fromLines(tx, d.id), sign),
        net: signed(d.net_total, sign),
        vat: signed(d.vat_total, sign),
        total: signed(d.total, sign),
        deductible: '0.00',
      });
    }
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
    };
  });
  return { ...period, rows: out, totals: totalsOf(out) };
}

export type VatSummary = {
  from: string;
  to: string;
  rows: Array<{
    bucket: VatBucket;
    output_base: string;
    output_vat: string;
    input_base: string;
    input_vat: string;
  }>;
  output_vat: string;
  input_vat: string;
  deductible: string;
  /** Output VAT less deductible input VAT: positive to pay, negative to claim back. */
  payable: string;
};

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
