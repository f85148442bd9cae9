import { latin2Bytes, normaliseVatRate, totalsToStrings, unitSymbol, windowSpecText } from '@erp/domain';
import bwipjs from 'bwip-js/node';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { companyBlock } from '../../pdf/company-profile.ts';
import {
  CONTENT_WIDTH,
  type Column,
  type CompanyBlock,
  companyHeader,
  createPdf,
  PAGE,
  type Pdf,
  pageNumbers,
  signatureLines,
  table,
  toBuffer,
  totals,
} from '../../pdf/pdf-document.ts';
import { hrDate, hrMoney, hrQuantity } from '../../pdf/pdf-format.ts';
import { openOib } from '../partners/partners.repo.ts';
import * as repo from './documents.repo.ts';
import { totalsOf, withGlassWorkWarnings } from './documents.service.ts';
import { hub3For, type PartySnapshot, vatTreatmentOf } from './invoices.service.ts';
import { materials, operations } from './work-orders.service.ts';

// Printouts in Croatian (number and date formats from the shared PDF helpers): quotes, work order
// sheets with a QR code of the number, delivery notes with signature lines, invoices and credit
// notes with the HUB-3 PDF417 payment barcode.

export const TITLES: Record<repo.DocumentRow['kind'], string> = {
  quote: 'Ponuda',
  work_order: 'Radni nalog',
  delivery_note: 'Otpremnica',
  invoice: 'Račun',
  credit_note: 'Odobrenje',
};

async function barcode(bcid: 'qrcode' | 'pdf417', text: string): Promise<Buffer> {
  const options: Record<string, unknown> = { bcid, text, scale: 2, binarytext: true };
  // HUB-3: PDF417, error correction level 4, 9 data columns (HUB's recommendation for slips).
  if (bcid === 'pdf417') Object.assign(options, { eclevel: 4, columns: 9, scaleY: 1, height: 1 });
  return bwipjs.toBuffer(options as unknown as Parameters<typeof bwipjs.toBuffer>[0]);
}

/** The HUB-3 text as a byte string: one char per ISO-8859-2 byte (bwip-js encodes chars as bytes). */
export const hub3ByteString = (payload: string) => String.fromCharCode(...latin2Bytes(payload));

type Loaded = { doc: repo.DocumentRow; lines: repo.LineRow[]; client: PartySnapshot | null };

async function load(tx: Tx, id: string): Promise<Loaded> {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw new Error('missing');
  const lines = await repo.getLines(tx, id);
  let client = (doc.buyer as PartySnapshot | null) ?? null;
  if (!client && doc.client_id) {
    const row = await repo.one<{
      name: string;
      oib: string | null;
      billing_address: Record<string, string | null> | null;
    }>(tx, sql`select name, oib, billing_address from partners where id = ${doc.client_id}`);
    if (row) {
      const a = row.billing_address;
      client = {
        name: row.name,
        oib: openOib(row.oib),
        address: a
          ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
          : null,
      };
    }
  }
  return { doc, lines, client };
}

function partyAndMeta(pdf: Pdf, l: Loaded, y: number): number {
  const { doc, client } = l;
  pdf
    .font('bold')
    .fontSize(15)
    .text(`${TITLES[doc.kind]} ${doc.number ?? '(nacrt)'}`, PAGE.margin, y);
  const top = pdf.y + 6;
  pdf
    .font('bold')
    .fontSize(9)
    .text(doc.kind === 'invoice' || doc.kind === 'credit_note' ? 'Kupac' : 'Klijent', PAGE.margin, top);
  pdf.font('regular').fontSize(9);
  if (client) {
    pdf.text(client.name, PAGE.margin, pdf.y, { width: 260 });
    if (client.address) pdf.text(client.address, { width: 260 });
    if (client.oib) pdf.text(`OIB: ${client.oib}`, { width: 260 });
    if (client.vat_id && client.vat_id !== `HR${client.oib ?? ''}`)
      pdf.text(`PDV ID: ${client.vat_id}`, { width: 260 });
  }
  if (doc.delivery_address && doc.kind === 'delivery_note')
    pdf.text(`Adresa isporuke: ${doc.delivery_address}`, { width: 260 });
  const left = pdf.y;
  const meta: [string, string][] = [['Datum', hrDate(doc.doc_date)]];
  if (doc.kind === 'quote' && doc.valid_until) meta.push(['Vrijedi do', hrDate(doc.valid_until)]);
  if (doc.rush && (doc.kind === 'quote' || doc.kind === 'work_order')) meta.push(['Hitna narudžba', 'da']);
  if (doc.kind === 'work_order' && doc.due_date) meta.push(['Rok izrade', hrDate(doc.due_date)]);
  if (doc.kind === 'invoice' || doc.kind === 'credit_note') {
    if (doc.issued_at)
      meta.push([
        'Vrijeme izdavanja',
        new Date(doc.issued_at).toLocaleTimeString('hr-HR', { timeZone: 'Europe/Zagreb', hour12: false }),
      ]);
    if (doc.place_of_issue) meta.push(['Mjesto izdavanja', doc.place_of_issue]);
    if (doc.delivery_date) meta.push(['Datum isporuke', hrDate(doc.delivery_date)]);
    if (doc.due_date && doc.kind === 'invoice') meta.push(['Dospijeće', hrDate(doc.due_date)]);
  }
  let my = top;
  for (const [k, v] of meta) {
    pdf.font('bold').text(k, PAGE.margin + 300, my, { width: 110 });
    pdf.font('regular').text(v, PAGE.margin + 410, my, { width: CONTENT_WIDTH - 410 });
    my = pdf.y + 1;
  }
  return Math.max(left, my) + 14;
}

function linesTable(pdf: Pdf, lines: repo.LineRow[], y: number, priced: boolean, warnings = false): number {
  const columns: Column[] = priced
    ? [
        { header: 'R.br.', width: 30 },
        { header: 'Opis', width: 185 },
        { header: 'Kol.', width: 50, align: 'right' },
        { header: 'JM', width: 30 },
        { header: 'Cijena', width: 60, align: 'right' },
        { header: 'Rabat %', width: 45, align: 'right' },
        { header: 'PDV %', width: 40, align: 'right' },
        { header: 'Iznos', width: CONTENT_WIDTH - 440, align: 'right' },
      ]
    : [
        { header: 'R.br.', width: 30 },
        { header: 'Opis', width: 300 },
        { header: 'Kol.', width: 70, align: 'right' },
        { header: 'JM', width: 40 },
        { header: 'Lot', width: CONTENT_WIDTH - 440 },
      ];
  const describe = (l: repo.LineRow) =>
    [
      l.sku ? `${l.sku} ` : '',
      l.description,
      l.width_mm && l.height_mm ? ` (${hrQuantity(l.width_mm)} × ${hrQuantity(l.height_mm)} mm)` : '',
      billedText(l),
      glassWorkText(l, warnings),
      windowText(l),
    ]
      .join('')
      .trim();
  const data = lines.map((l) =>
    priced
      ? [
          String(l.position),
          describe(l),
          hrQuantity(l.quantity),
          unitSymbol(l.unit),
          hrMoney(l.unit_price),
          hrQuantity(l.discount_pct),
          hrQuantity(l.vat_rate),
          hrMoney(l.net_amount),
        ]
      : [String(l.position), describe(l), hrQuantity(l.quantity), unitSymbol(l.unit), l.lot_number ?? ''],
  );
  return table(pdf, columns, data, y);
}

/** A window line's fields: "; profil Aluplast 4000 · staklo 4E-16Ar-4 · boja bijela · okov Roto NT". */
function windowText(l: repo.LineRow): string {
  const text = windowSpecText(l, WINDOW_LABELS_HR);
  return text ? `; ${text}` : '';
}
const WINDOW_LABELS_HR = {
  profile_system: 'profil',
  glass_makeup: 'staklo',
  colour: 'boja',
  hardware_set: 'okov',
};

/** PRODUCT.md "Glass processing": the Croatian names of the edge types. */
const EDGE_LABELS_HR = {
  rezano: 'rezano',
  kgs: 'opšiveno KGS',
  kmg: 'brušeno na mjeru KMG',
  kgn: 'fino brušeno KGN',
  kpo: 'polirano KPO',
} as const;

/** Measure pricing: what one piece was billed on, e.g. "obračunska površina 0,5202 m²". */
function billedText(l: repo.LineRow): string {
  const shape = l.shaped ? ', oblikovano' : '';
  if (!l.billed_measure || !l.billed_unit) return shape;
  return l.billed_unit === 'm2'
    ? `${shape}, obračunska površina ${hrQuantity(l.billed_measure)} m²`
    : `${shape}, obračunska duljina ${hrQuantity(l.billed_measure)} m`;
}

/**
 * Glass work of one pane, e.g. ", rupe 4 × Ø 10 mm (od ruba 20 mm), izrezi 1"; with `warnings`
 * (quotes and work orders) the hole warnings follow ("UPOZORENJE: promjer rupe 6 mm manji je od
 * debljine stakla 8 mm").
 */
function glassWorkText(l: repo.LineRow, warnings: boolean): string {
  let text = '';
  if (l.hole_count > 0) {
    text += `, rupe ${l.hole_count} × Ø ${hrQuantity(l.hole_diameter_mm ?? '0')} mm`;
    if (l.hole_edge_mm) text += ` (od ruba ${hrQuantity(l.hole_edge_mm)} mm)`;
  }
  if (l.cutout_count > 0) text += `, izrezi ${l.cutout_count}`;
  // Edge work by type (rezano = cut, nothing to print).
  if (l.edge_type && l.edge_type !== 'rezano') text += `, rub ${EDGE_LABELS_HR[l.edge_type]}`;
  if (l.coating_removal) text += ', skidanje premaza po rubu';
  if (!warnings) return text;
  for (const w of withGlassWorkWarnings(l).warnings)
    text +=
      w.key === 'glassWork.holeDiameter'
        ? `. UPOZORENJE: promjer rupe ${hrQuantity(w.params.diameter)} mm manji je od debljine stakla ${hrQuantity(w.params.thickness)} mm`
        : `. UPOZORENJE: rupa ${hrQuantity(w.params.edge)} mm od ruba, najmanje ${hrQuantity(w.params.min)} mm (2 × debljina stakla)`;
  return text;
}

function totalsBlock(pdf: Pdf, lines: repo.LineRow[], y: number): number {
  const t = totalsToStrings(totalsOf(lines));
  const pairs: [string, string][] = [['Osnovica', `${hrMoney(t.net)} EUR`]];
  if (t.discount !== '0.00') pairs.unshift(['Rabat', `${hrMoney(t.discount)} EUR`]);
  for (const b of t.breakdown) pairs.push([`PDV ${b.rate} % na ${hrMoney(b.base)}`, `${hrMoney(b.vat)} EUR`]);
  pairs.push(['Ukupno', `${hrMoney(t.total)} EUR`]);
  return totals(pdf, pairs, y);
}

async function drawWorkOrderExtras(tx: Tx, pdf: Pdf, doc: repo.DocumentRow, y: number): Promise<number> {
  const qr = await barcode('qrcode', doc.number ?? doc.id);
  pdf.image(qr, PAGE.width - PAGE.margin - 70, PAGE.margin + 70, { fit: [70, 70] });
  const mats = await materials(tx, doc);
  if (mats.length > 0) {
    pdf.font('bold').fontSize(10).text('Materijal', PAGE.margin, y);
    y = table(
      pdf,
      [
        { header: 'Šifra', width: 90 },
        { header: 'Naziv', width: 230 },
        { header: 'Planirano', width: 70, align: 'right' },
        { header: 'Utrošeno', width: 70, align: 'right' },
        { header: 'JM', width: CONTENT_WIDTH - 460 },
      ],
      mats.map((m) => [
        m.sku,
        m.name,
        hrQuantity(m.planned_qty),
        m.actual_qty ? hrQuantity(m.actual_qty) : '',
        unitSymbol(m.unit),
      ]),
      pdf.y + 4,
    );
  }
  const ops = await operations(tx, doc.id);
  if (ops.length > 0) {
    pdf.font('bold').fontSize(10).text('Operacije', PAGE.margin, y);
    y = table(
      pdf,
      [
        { header: 'R.br.', width: 35 },
        { header: 'Proces', width: 220 },
        { header: 'Plan. min', width: 70, align: 'right' },
        { header: 'Utrošeno min', width: 75, align: 'right' },
        { header: 'Kontrola', width: 60 },
        { header: 'Potpis', width: CONTENT_WIDTH - 460 },
      ],
      ops.map((o) => [
        String(o.position),
        `${o.code} ${o.name}`,
        hrQuantity(o.planned_minutes),
        hrQuantity(o.logged_minutes),
        o.quality_check_required ? 'da' : '',
        '',
      ]),
      pdf.y + 4,
    );
  }
  return y;
}

async function drawInvoiceExtras(
  pdf: Pdf,
  doc: repo.DocumentRow,
  lines: repo.LineRow[],
  y: number,
): Promise<number> {
  pdf.font('regular').fontSize(8.5);
  const treatment = vatTreatmentOf(doc.buyer as PartySnapshot | null, lines);
  if (treatment) pdf.text(treatment.reason, PAGE.margin, y, { width: CONTENT_WIDTH });
  else if (lines.some((l) => normaliseVatRate(l.vat_rate) === '0'))
    pdf.text(
      'Stavke s 0 % PDV-a: oslobođeno PDV-a prema Zakonu o porezu na dodanu vrijednost.',
      PAGE.margin,
      y,
      {
        width: CONTENT_WIDTH,
      },
    );
  if (doc.kind === 'credit_note')
    pdf.text('Odobrenje po računu iz veze.', PAGE.margin, pdf.y, { width: CONTENT_WIDTH });
  const seller = doc.seller as PartySnapshot | null;
  if (doc.payment_reference) {
    pdf.text(
      `Plaćanje na IBAN ${seller?.iban ?? '-'}, model ${doc.reference_model}, poziv na broj ${doc.payment_reference}`,
      PAGE.margin,
      pdf.y + 4,
      { width: CONTENT_WIDTH },
    );
  }
  const payload = doc.kind === 'invoice' ? hub3For(doc) : null;
  if (payload) {
    const img = await barcode('pdf417', hub3ByteString(payload));
    const top = Math.min(pdf.y + 10, PAGE.height - PAGE.margin - 110);
    pdf.image(img, PAGE.margin, top, { fit: [260, 90] });
    pdf.fontSize(7.5).text('HUB-3: skenirajte za plaćanje', PAGE.margin, top + 92);
    return top + 110;
  }
  return pdf.y + 8;
}

/**
 * The seller as printed: an issued invoice or credit note names the seller of its snapshot taken
 * at issue (name, address, OIB, e-mail, IBAN), not today's profile; phone, web site and logo,
 * which the snapshot does not hold, come from the profile.
 */
export function sellerBlock(company: CompanyBlock, doc: repo.DocumentRow): CompanyBlock {
  const seller = doc.seller as PartySnapshot | null;
  if (!seller || (doc.kind !== 'invoice' && doc.kind !== 'credit_note')) return company;
  return {
    ...company,
    name: seller.name,
    address: seller.address,
    oib: seller.oib,
    email: seller.email ?? null,
    ibans: seller.iban ? [seller.iban] : [],
  };
}

async function draw(tx: Tx, pdf: Pdf, company: CompanyBlock, id: string): Promise<void> {
  const loaded = await load(tx, id);
  const { doc, lines } = loaded;
  let y = companyHeader(pdf, sellerBlock(company, doc));
  y = partyAndMeta(pdf, loaded, y);
  const priced = doc.kind !== 'delivery_note';
  y = linesTable(pdf, lines, y, priced, doc.kind === 'quote' || doc.kind === 'work_order');
  if (priced && doc.kind !== 'work_order') y = totalsBlock(pdf, lines, y);
  if (doc.note) {
    pdf.font('regular').fontSize(8.5).text(doc.note, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = pdf.y + 8;
  }
  if (doc.kind === 'work_order') await drawWorkOrderExtras(tx, pdf, doc, y);
  if (doc.kind === 'invoice' || doc.kind === 'credit_note') y = await drawInvoiceExtras(pdf, doc, lines, y);
  if (doc.kind === 'delivery_note') signatureLines(pdf, ['Izdao', 'Prevezao', 'Primio'], y);
  if (doc.kind === 'quote') signatureLines(pdf, ['Ponudu izradio'], y);
}

/** One PDF for one or many documents (bulk download: one after another, page numbers over all). */
export async function renderPdf(tx: Tx, companyId: string, ids: readonly string[]): Promise<Buffer> {
  const company = await companyBlock(tx, companyId);
  const first = await repo.getDocument(tx, ids[0] as string);
  const pdf = createPdf({
    title: ids.length === 1 && first ? `${TITLES[first.kind]} ${first.number ?? ''}`.trim() : 'Dokumenti',
    author: (ids.length === 1 && first ? sellerBlock(company, first) : company).name,
  });
  for (const [i, id] of ids.entries()) {
    if (i > 0) pdf.addPage();
    await draw(tx, pdf, company, id);
  }
  pageNumbers(pdf);
  return toBuffer(pdf);
}
