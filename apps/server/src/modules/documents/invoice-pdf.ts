import { type LineVat, money, normaliseVatRate, type VatRate, vatOf } from '@erp/domain';
import { Decimal } from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { CONTENT_WIDTH, PAGE, type Pdf, table } from '../../pdf/pdf-document.ts';
import { hrDate, hrMoney, hrTime } from '../../pdf/pdf-format.ts';
import { isVatRegistered } from '../einvoice/einvoice.service.ts';
import { domesticReverseChargeOf, ublVatOfLines } from '../einvoice/einvoice-issue.ts';
import * as repo from './documents.repo.ts';
import { type PartySnapshot, vatTreatmentOf } from './invoices.service.ts';

// What an invoice or credit note prints beyond the lines (issue 18, deliverable 4): the facts the
// Zakon o PDV-u and the Zakon o fiskalizaciji (čl. 7.: time of issue, operator, payment method)
// make mandatory, the VAT recapitulation per rate and the legal wording of each VAT treatment.
// The wording is the exemption reason the eRačun writes for the same line (`ublVatOfLines`), so
// the PDF and the UBL say the same thing.

/** Payment method (Zakon o fiskalizaciji čl. 7. st. 1. t. 3.): the shop is paid by transfer. */
export const PAYMENT_METHOD = 'transakcijski račun';

/** A zero-rated line (category Z) has no exemption article; this is what it says. */
const ZERO_RATE_WORDING = 'Isporuka po stopi PDV-a 0 %';

export type InvoiceFacts = {
  /** Each line's VAT category and reason, as in the eRačun. */
  vats: LineVat[];
  /** A credit note's corrected invoice. */
  original: { number: string; date: string } | null;
  vatRegistered: boolean;
};

export async function invoiceFacts(
  tx: Tx,
  doc: repo.DocumentRow,
  lines: repo.LineRow[],
  buyer: PartySnapshot | null,
): Promise<InvoiceFacts> {
  const seller = doc.seller as PartySnapshot | null;
  // Issued: the VAT status snapshotted at issue; a draft: today's setting.
  const vatRegistered = seller ? seller.vat_registered !== false : await isVatRegistered(tx);
  // Domestic reverse charge: issued, as the buyer snapshot says; a draft, as its switch is now.
  const reverseCharge = doc.buyer ? buyer?.reverse_charge : await domesticReverseChargeOf(tx, doc);
  const vats = await ublVatOfLines(
    tx,
    lines,
    vatRegistered,
    vatTreatmentOf(buyer && { ...buyer, reverse_charge: reverseCharge ?? null }, lines),
  );
  const original = doc.original_invoice_id ? await repo.getDocument(tx, doc.original_invoice_id) : null;
  return {
    vats,
    original: original?.number ? { number: original.number, date: original.doc_date } : null,
    vatRegistered,
  };
}

/** The wording a line's VAT needs printed (exemptions, reverse charge, zero rate), else null. */
export function wordingOf(vat: LineVat | undefined): string | null {
  if (!vat || vat.category === 'S') return null;
  return vat.reason ?? (vat.category === 'Z' ? ZERO_RATE_WORDING : null);
}

/** Distinct wordings in order of first use; a line refers to its wording by number ([1], [2] …). */
export function wordingsOf(vats: readonly LineVat[]): string[] {
  const out: string[] = [];
  for (const v of vats) {
    const w = wordingOf(v);
    if (w && !out.includes(w)) out.push(w);
  }
  return out;
}

/** Each line's wording number (1-based, as printed "[1]"), or null when its VAT needs none. */
export function vatNotesOf(vats: readonly LineVat[]): (number | null)[] {
  const wordings = wordingsOf(vats);
  return vats.map((v) => {
    const w = wordingOf(v);
    return w ? wordings.indexOf(w) + 1 : null;
  });
}

export type VatGroup = { rate: VatRate; note: number | null; base: string; vat: string; total: string };

/**
 * The VAT recapitulation: one row per rate and wording, base = the sum of its line nets, VAT =
 * base × rate rounded once per rate (as the document totals and the eRačun compute it), total =
 * base + VAT; so every printed row adds up and the rows add up to the document's totals.
 */
export function vatGroups(
  lines: readonly Pick<repo.LineRow, 'vat_rate' | 'net_amount'>[],
  vats: readonly LineVat[],
): VatGroup[] {
  const notes = vatNotesOf(vats);
  const groups = new Map<string, { rate: VatRate; note: number | null; base: Decimal }>();
  lines.forEach((l, i) => {
    const rate = (normaliseVatRate(l.vat_rate) ?? '25') as VatRate;
    const note = notes[i] ?? null;
    const key = `${rate}|${note ?? ''}`;
    const g = groups.get(key) ?? { rate, note, base: new Decimal(0) };
    g.base = g.base.plus(l.net_amount);
    groups.set(key, g);
  });
  return [...groups.values()]
    .sort((a, b) => new Decimal(b.rate).comparedTo(a.rate) || (a.note ?? 0) - (b.note ?? 0))
    .map((g) => {
      const vat = vatOf(g.base, g.rate);
      return {
        rate: g.rate,
        note: g.note,
        base: money(g.base),
        vat: money(vat),
        total: money(g.base.plus(vat)),
      };
    });
}

/** "Ilica 1, 10000 Zagreb" → "Zagreb". */
const cityOf = (address: string | null): string | null =>
  /\d{5}\s+([^,]+)$/.exec(address?.trim() ?? '')?.[1]?.trim() ?? null;

/** The header facts of an invoice or credit note (right column beside the buyer). */
export function invoiceMeta(doc: repo.DocumentRow, facts: InvoiceFacts): [string, string][] {
  const seller = doc.seller as PartySnapshot | null;
  const meta: [string, string][] = [['Datum izdavanja', hrDate(doc.doc_date)]];
  if (doc.issued_at) meta.push(['Vrijeme izdavanja', hrTime(doc.issued_at)]);
  // Without a place set in the document settings: the city of the seller's address.
  const place = doc.place_of_issue || cityOf(seller?.address ?? null);
  if (place) meta.push(['Mjesto izdavanja', place]);
  // Without a separate delivery date the supply is dated with the invoice.
  meta.push(['Datum isporuke', hrDate(doc.delivery_date ?? doc.doc_date)]);
  if (doc.kind === 'invoice' && doc.due_date) meta.push(['Dospijeće', hrDate(doc.due_date)]);
  if (doc.kind === 'credit_note' && facts.original)
    meta.push(['Za račun', `${facts.original.number} od ${hrDate(facts.original.date)}`]);
  meta.push(['Način plaćanja', PAYMENT_METHOD]);
  if (seller?.operator_mark) meta.push(['Operater', seller.operator_mark]);
  if (seller?.operator_oib) meta.push(['OIB operatera', seller.operator_oib]);
  return meta;
}

/** The recapitulation table, the totals and the numbered legal wordings; returns the y below. */
export function vatRecap(
  pdf: Pdf,
  doc: repo.DocumentRow,
  lines: repo.LineRow[],
  facts: InvoiceFacts,
  y: number,
): number {
  const groups = vatGroups(lines, facts.vats);
  const sum = (pick: (g: VatGroup) => string) =>
    money(groups.reduce((a, g) => a.plus(pick(g)), new Decimal(0)));
  const label = (g: VatGroup) => `PDV ${g.rate} %${g.note ? ` [${g.note}]` : ''}`;
  let cy = table(
    pdf,
    [
      { header: 'Porezna stopa', width: 175 },
      { header: 'Osnovica (EUR)', width: 115, align: 'right' },
      { header: 'Iznos PDV-a (EUR)', width: 115, align: 'right' },
      { header: 'Ukupno (EUR)', width: CONTENT_WIDTH - 405, align: 'right' },
    ],
    [
      ...groups.map((g) => [label(g), hrMoney(g.base), hrMoney(g.vat), hrMoney(g.total)]),
      ['Ukupno', hrMoney(sum((g) => g.base)), hrMoney(sum((g) => g.vat)), hrMoney(sum((g) => g.total))],
    ],
    y,
  );
  const credit = doc.kind === 'credit_note';
  pdf
    .font('bold')
    .fontSize(11)
    .text(
      `${credit ? 'Iznos odobrenja' : 'Ukupno za platiti'}: ${hrMoney(sum((g) => g.total))} EUR`,
      PAGE.margin,
      cy,
      { width: CONTENT_WIDTH, align: 'right' },
    );
  cy = pdf.y + 6;
  pdf.font('regular').fontSize(8.5);
  if (!facts.vatRegistered) {
    pdf.text('Obveznik nije u sustavu PDV-a: PDV nije obračunat.', PAGE.margin, cy, { width: CONTENT_WIDTH });
    cy = pdf.y + 2;
  }
  wordingsOf(facts.vats).forEach((w, i) => {
    pdf.text(`[${i + 1}] ${w}`, PAGE.margin, cy, { width: CONTENT_WIDTH });
    cy = pdf.y + 2;
  });
  return cy + 6;
}

/** A credit note's closing sentence: what it corrects; nothing here asks for a payment. */
export function creditNoteText(doc: repo.DocumentRow, facts: InvoiceFacts): string {
  const of = facts.original
    ? `računa br. ${facts.original.number} od ${hrDate(facts.original.date)}`
    : 'računa iz veze';
  return `Ovim odobrenjem umanjuje se iznos ${of} za ${hrMoney(doc.total)} EUR. Odobrenje nije nalog za plaćanje.`;
}
