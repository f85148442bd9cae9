import { businessDay, latin2Bytes, totalsToStrings, unitSymbol, windowSpecText } from '@erp/domain';
import bwipjs from 'bwip-js/node';
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
import { hrDate, hrMoney, hrPrice, hrQuantity, hrTime } from '../../pdf/pdf-format.ts';
import { drawFiscalBlock, drawNotFiscalisedNote } from '../fiscalisation/fiscal-pdf-block.ts';
import { openOib } from '../partners/partner-oib.ts';
import { clientForPrint } from '../partners/partners.service.ts';
import { drawAdvances } from './advances.pdf.ts';
import * as repo from './documents.repo.ts';
import { totalsOf, withGlassWorkWarnings } from './documents.service.ts';
import {
  creditNoteText,
  type InvoiceFacts,
  invoiceFacts,
  invoiceMeta,
  vatNotesOf,
  vatRecap,
} from './invoice-pdf.ts';
import { hub3For, type PartySnapshot } from './invoices.service.ts';
import { materials, operations } from './work-orders.repo.ts';

// Printouts in Croatian (number and date formats from the shared PDF helpers): quotes, work order
// sheets with a QR code of the number, delivery notes with signature lines, invoices and credit
// notes with their mandatory contents (invoice-pdf.ts) and, on an invoice, the HUB-3 PDF417
// payment barcode.

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

export async function load(tx: Tx, id: string): Promise<Loaded> {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw new Error('missing');
  const lines = await repo.getLines(tx, id);
  let client = (doc.buyer as PartySnapshot | null) ?? null;
  if (!client && doc.client_id) {
    const row = await clientForPrint(tx, doc.client_id);
    if (row) {
      const a = row.billing_address;
      client = {
        name: row.name,
        oib: openOib(row.oib),
        vat_id: row.vat_id,
        country: a?.country ?? null,
        address: a
          ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
          : null,
      };
    }
  }
  return { doc, lines, client };
}

/** A stored version of a work order sheet (work-order-snapshots.ts): its number and when it was issued. */
export type SheetVersion = { number: number; issued_at: Date | string };

/** The date facts of a quote, work order or delivery note (an invoice's are in `invoiceMeta`). */
function documentMeta(doc: repo.DocumentRow, version?: SheetVersion): [string, string][] {
  const meta: [string, string][] = [['Datum', hrDate(doc.doc_date)]];
  if (doc.kind === 'quote' && doc.valid_until) meta.push(['Vrijedi do', hrDate(doc.valid_until)]);
  if (doc.rush && (doc.kind === 'quote' || doc.kind === 'work_order')) meta.push(['Hitna narudžba', 'da']);
  if (doc.kind === 'work_order' && doc.due_date) meta.push(['Rok izrade', hrDate(doc.due_date)]);
  if (doc.kind === 'work_order') meta.push(...versionMeta(doc, version));
  return meta;
}

/** A work order sheet says which version it is; a draft or a live print says that it is none. */
function versionMeta(doc: repo.DocumentRow, version?: SheetVersion): [string, string][] {
  if (!version)
    return [['Verzija', doc.status === 'draft' ? 'nacrt, nije izdan' : 'trenutno stanje, nije izdana']];
  const meta: [string, string][] = [
    ['Verzija', String(version.number)],
    ['Verzija izdana', `${hrDate(businessDay(new Date(version.issued_at)))} ${hrTime(version.issued_at)}`],
  ];
  if (version.number > 1) meta.push(['Zamjenjuje', `verziju ${version.number - 1}`]);
  return meta;
}

const QR_SIZE = 70;

/**
 * Title, the client (left) and the document's facts (right). A work order's QR code sits at the
 * right edge beside the facts, whose column moves left to make room, so it never covers a date.
 */
function partyAndMeta(pdf: Pdf, l: Loaded, y: number, meta: [string, string][], qr: Buffer | null): number {
  const { doc, client } = l;
  pdf
    .font('bold')
    .fontSize(15)
    .text(
      `${doc.advance_for_id ? 'Račun za predujam' : TITLES[doc.kind]} ${doc.number ?? '(nacrt)'}`,
      PAGE.margin,
      y,
    );
  const top = pdf.y + 6;
  const right = PAGE.width - PAGE.margin - (qr ? QR_SIZE + 10 : 0);
  const valueWidth = 125;
  const labelX = right - valueWidth - 103;
  const width = labelX - PAGE.margin - 10;
  pdf
    .font('bold')
    .fontSize(9)
    .text(doc.kind === 'invoice' || doc.kind === 'credit_note' ? 'Kupac' : 'Klijent', PAGE.margin, top);
  pdf.font('regular').fontSize(9);
  if (client) {
    pdf.text(client.name, PAGE.margin, pdf.y, { width });
    const foreign =
      client.country && client.country.toUpperCase() !== 'HR' ? client.country.toUpperCase() : null;
    const address = [client.address, foreign].filter(Boolean).join(', ');
    if (address) pdf.text(address, { width });
    if (client.oib) pdf.text(`OIB: ${client.oib}`, { width });
    if (client.vat_id && client.vat_id !== `HR${client.oib ?? ''}`)
      pdf.text(`PDV ID: ${client.vat_id}`, { width });
  }
  if (doc.delivery_address && doc.kind === 'delivery_note')
    pdf.text(`Adresa isporuke: ${doc.delivery_address}`, { width });
  const left = pdf.y;
  let my = top;
  for (const [k, v] of meta) {
    pdf.font('bold').fontSize(9).text(k, labelX, my, { width: 100 });
    const labelBottom = pdf.y;
    pdf.font('regular').text(v, right - valueWidth, my, { width: valueWidth });
    my = Math.max(pdf.y, labelBottom) + 1;
  }
  let qrBottom = top;
  if (qr) {
    pdf.image(qr, PAGE.width - PAGE.margin - QR_SIZE, top, { fit: [QR_SIZE, QR_SIZE] });
    qrBottom = top + QR_SIZE;
  }
  return Math.max(left, my, qrBottom) + 14;
}

/**
 * The lines. Prices are printed with the decimals they have (up to 4), so quantity × price less the
 * discount gives the printed amount; `vatNotes` (invoices) marks a line whose VAT has a legal
 * wording with its number ("0 [1]"). `warnings` adds the internal glass-work warnings (work
 * orders only: a customer never sees them).
 */
function linesTable(
  pdf: Pdf,
  lines: repo.LineRow[],
  y: number,
  priced: boolean,
  warnings: boolean,
  vatNotes: (number | null)[] = [],
): number {
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
        // The lot column holds a produced lot ("RN-2026-0001-1") on one line.
        { header: 'R.br.', width: 30 },
        { header: 'Opis', width: 250 },
        { header: 'Kol.', width: 60, align: 'right' },
        { header: 'JM', width: 35 },
        { header: 'Lot', width: CONTENT_WIDTH - 375 },
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
  const data = lines.map((l, i) =>
    priced
      ? [
          String(l.position),
          describe(l),
          hrQuantity(l.quantity),
          unitSymbol(l.unit),
          hrPrice(l.unit_price),
          hrQuantity(l.discount_pct),
          `${hrQuantity(l.vat_rate)}${vatNotes[i] ? ` [${vatNotes[i]}]` : ''}`,
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
 * (work orders; the customer's quote leaves them out) the hole warnings follow ("UPOZORENJE: promjer rupe 6 mm manji je od
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

/**
 * Below an invoice's recapitulation: how to pay (IBAN, model, reference, due date) and the HUB-3
 * barcode of the amount payable at issue. A credit note asks for no payment: it names the invoice
 * it corrects and by how much instead.
 */
async function drawInvoiceExtras(
  pdf: Pdf,
  doc: repo.DocumentRow,
  facts: InvoiceFacts,
  y: number,
): Promise<number> {
  pdf.font('regular').fontSize(8.5);
  if (doc.kind === 'credit_note') {
    pdf.text(creditNoteText(doc, facts), PAGE.margin, y, { width: CONTENT_WIDTH });
    return pdf.y + 8;
  }
  const seller = doc.seller as PartySnapshot | null;
  if (doc.payment_reference) {
    const due = doc.due_date ? `, rok plaćanja ${hrDate(doc.due_date)}` : '';
    pdf.text(
      `Plaćanje na IBAN ${seller?.iban ?? '-'}, model ${doc.reference_model}, poziv na broj ${doc.payment_reference}${due}`,
      PAGE.margin,
      y,
      { width: CONTENT_WIDTH },
    );
    y = pdf.y;
  }
  const payload = hub3For(doc);
  if (payload) {
    const png = await barcode('pdf417', hub3ByteString(payload));
    // At most 260 × 90 pt, in its proportions (PNG header: width, height); the caption right under it.
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    const scale = Math.min(260 / w, 90 / h);
    const top = Math.min(y + 10, PAGE.height - PAGE.margin - 110);
    pdf.image(png, PAGE.margin, top, { width: w * scale, height: h * scale });
    pdf.fontSize(7.5).text('HUB-3: skenirajte za plaćanje', PAGE.margin, top + h * scale + 3);
    return pdf.y + 8;
  }
  return y + 8;
}

/**
 * The seller as printed: an issued invoice or credit note names the seller of its snapshot taken
 * at issue (name, address, OIB, e-mail, IBAN), not today's profile; phone, web site and logo,
 * which the snapshot does not hold, come from the profile. It adds the seller's VAT status (its
 * VAT ID, or that it is outside the VAT system); a credit note prints no IBAN (nothing is owed).
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
    ibans: seller.iban && doc.kind === 'invoice' ? [seller.iban] : [],
    extra: [
      seller.vat_registered === false
        ? 'Nije u sustavu PDV-a (čl. 90. st. 1. Zakona o PDV-u)'
        : seller.oib
          ? `PDV ID: HR${seller.oib}`
          : null,
    ].filter((l): l is string => !!l),
  };
}

async function draw(
  tx: Tx,
  pdf: Pdf,
  company: CompanyBlock,
  id: string,
  version?: SheetVersion,
): Promise<void> {
  const loaded = await load(tx, id);
  const { doc, lines } = loaded;
  const invoice = doc.kind === 'invoice' || doc.kind === 'credit_note';
  const facts = invoice ? await invoiceFacts(tx, doc, lines, loaded.client) : null;
  const qr = doc.kind === 'work_order' ? await barcode('qrcode', doc.number ?? doc.id) : null;
  let y = companyHeader(pdf, sellerBlock(company, doc));
  y = partyAndMeta(pdf, loaded, y, facts ? invoiceMeta(doc, facts) : documentMeta(doc, version), qr);
  const priced = doc.kind !== 'delivery_note';
  const notes = facts ? vatNotesOf(facts.vats) : [];
  y = linesTable(pdf, lines, y, priced, doc.kind === 'work_order', notes);
  if (facts) y = vatRecap(pdf, doc, lines, facts, y);
  else if (priced && doc.kind !== 'work_order') y = totalsBlock(pdf, lines, y);
  if (doc.note) {
    pdf.font('regular').fontSize(8.5).text(doc.note, PAGE.margin, y, { width: CONTENT_WIDTH });
    y = pdf.y + 8;
  }
  if (doc.kind === 'work_order') await drawWorkOrderExtras(tx, pdf, doc, y);
  if (facts) y = await drawAdvances(tx, pdf, doc, y); // an advance invoice / a final invoice's deductions
  if (facts) y = await drawInvoiceExtras(pdf, doc, facts, y);
  y = await drawFiscalBlock(tx, pdf, doc, y); // a fiscalised invoice: ZKI, JIR and QR (modules/fiscalisation)
  if (doc.kind === 'quote') y = drawNotFiscalisedNote(pdf, y);
  if (doc.kind === 'delivery_note') signatureLines(pdf, ['Izdao', 'Prevezao', 'Primio'], y);
  if (doc.kind === 'quote') signatureLines(pdf, ['Ponudu izradio'], y);
}

/**
 * One PDF for one or many documents (bulk download: one after another, page numbers over all);
 * `version` names the stored version of a single work order sheet being made.
 */
export async function renderPdf(
  tx: Tx,
  companyId: string,
  ids: readonly string[],
  version?: SheetVersion,
): Promise<Buffer> {
  const company = await companyBlock(tx, companyId);
  const first = await repo.getDocument(tx, ids[0] as string);
  const pdf = createPdf({
    title: ids.length === 1 && first ? `${TITLES[first.kind]} ${first.number ?? ''}`.trim() : 'Dokumenti',
    author: (ids.length === 1 && first ? sellerBlock(company, first) : company).name,
  });
  for (const [i, id] of ids.entries()) {
    if (i > 0) pdf.addPage();
    await draw(tx, pdf, company, id, ids.length === 1 ? version : undefined);
  }
  pageNumbers(pdf);
  return toBuffer(pdf);
}
