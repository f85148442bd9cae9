import type { ParsedUbl } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { rows } from '../../db/sql.ts';

// What the registers read: issued invoices and credit notes with their stored UBL (the frozen
// eRačun, migration 0039) and approved purchase invoices with what was read from their XML.

export type IssuedRow = {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  doc_date: string;
  buyer_name: string | null;
  buyer_oib: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  ubl64: string | null;
};

export async function issued(tx: Tx, from: string, to: string): Promise<IssuedRow[]> {
  return rows<IssuedRow>(
    tx,
    sql`select d.id, d.kind, d.number, d.doc_date::text as doc_date, d.buyer ->> 'name' as buyer_name, d.buyer_oib,
          d.net_total::text as net_total, d.vat_total::text as vat_total, d.total::text as total,
          encode(f.data, 'base64') as ubl64
        from documents d
        left join document_files f on f.document_id = d.id and f.format = 'ubl'
        where d.kind in ('invoice', 'credit_note') and d.status = 'issued'
          and d.doc_date between ${from}::date and ${to}::date
        order by d.doc_date, d.kind, d.seq nulls last, d.number`,
  );
}

/** Per-rate bases of a document without a stored eRačun (issued before migration 0039). */
export async function lineBases(tx: Tx, documentId: string) {
  return rows<{ vat_rate: string; base: string }>(
    tx,
    sql`select trim_scale(vat_rate)::text as vat_rate, sum(net_amount)::text as base
        from document_lines where document_id = ${documentId} group by vat_rate order by vat_rate desc`,
  );
}

export type ReceivedRow = {
  id: string;
  doc_type: 'invoice' | 'credit_note';
  number: string;
  issue_date: string;
  supplier_name: string | null;
  parsed: ParsedUbl;
};

export async function received(tx: Tx, from: string, to: string): Promise<ReceivedRow[]> {
  return rows<ReceivedRow>(
    tx,
    sql`select pi.id, pi.doc_type, pi.number, pi.issue_date::text as issue_date, p.name as supplier_name, pi.parsed
        from purchase_invoices pi left join partners p on p.id = pi.supplier_id
        where pi.status = 'approved' and pi.issue_date between ${from}::date and ${to}::date
        order by pi.issue_date, pi.created_at`,
  );
}

export type DeductionRow = { invoice_id: string; number: string; vat_rate: string; base: string };

/**
 * The advances (386) that the given final invoices deducted (`advance_deductions`, 0041), each
 * advance's base per VAT rate from its lines (one line per rate, as it was issued).
 */
export async function advanceDeductions(tx: Tx, invoiceIds: string[]): Promise<DeductionRow[]> {
  if (invoiceIds.length === 0) return [];
  return rows<DeductionRow>(
    tx,
    sql`select ad.invoice_id, adv.number, trim_scale(l.vat_rate)::text as vat_rate, sum(l.net_amount)::text as base
        from advance_deductions ad
        join documents adv on adv.id = ad.advance_id
        join document_lines l on l.document_id = adv.id
        where ad.invoice_id in (${sql.join(
          invoiceIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by ad.invoice_id, adv.id, adv.number, l.vat_rate
        order by adv.number, l.vat_rate desc`,
  );
}
