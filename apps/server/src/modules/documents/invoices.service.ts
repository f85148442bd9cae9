import {
  AppError,
  assertAction,
  assertDeliveryNoteInvoiceable,
  assertDraft,
  assertInvoiceIssued,
  assertWorkOrderInvoiceable,
  buildUbl,
  buyerEndpoint,
  type creditNoteInputSchema,
  type DomesticReverseCharge,
  dueDateAtIssue,
  dueDateFrom,
  hub3Payload,
  type invoiceInputSchema,
  invoiceMachine,
  invoiceReference,
  isValidIban,
  isValidOib,
  money,
  normaliseVatRate,
  outstanding,
  paymentFits,
  type paymentInputSchema,
  type ReferenceModel,
  refundFits,
  remainingQuantity,
  type UblDocument,
  type VatTreatment,
  vatTreatment,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { advanceUbl } from '../einvoice/advance-ubl.ts';
import { einvoiceReadiness, ublVatOfLines } from '../einvoice/einvoice-issue.ts';
import { onDocumentIssued, onPaymentsRecorded } from '../fiscal-exchange/fiscal-exchange.service.ts';
import { fiscaliseIssued, fiscalReadiness } from '../fiscalisation/fiscal.service.ts';
import { companyProfile } from '../tenants/tenants.service.ts';
import { advancesOf, assertAdvanceCreditable, deductAdvances } from './advances.service.ts';
import * as repo from './documents.repo.ts';
import {
  addressLine,
  detail,
  insertWithLines,
  requireClient,
  resolveLines,
  saveLines,
  transition,
} from './documents.service.ts';
import { freezeFiles, frozenFile } from './frozen-files.ts';
import { creditedQuantities, relinkInvoiced } from './fulfilment.repo.ts';
import { billableLines, checkSourcedLines, creditLines, invoiceBudget } from './invoice-sources.ts';
import * as invoicesRepo from './invoices.repo.ts';

// Invoices (računi) and credit notes (odobrenja): drafts from delivery notes or direct lines;
// issuing numbers them per Croatian rules (sequence/premises/device), fixes the date and time of
// issue, the payment reference and a snapshot of seller and buyer; issued documents never change.

type Input = z.output<typeof invoiceInputSchema>;

export type PartySnapshot = {
  name: string;
  oib: string | null;
  vat_id?: string | null;
  address: string | null;
  street?: string | null;
  postal_code?: string | null;
  city?: string | null;
  country?: string | null;
  email?: string | null;
  iban?: string | null;
  /** Buyer: eRačun address `<scheme>:<id>` (BT-49); seller: its operator and VAT status (0037). */
  einvoice_address?: string | null;
  operator_mark?: string | null;
  operator_oib?: string | null;
  vat_registered?: boolean;
  /** Buyer: 'construction' when issued under domestic reverse charge (einvoice/reverse-charge.ts). */
  reverse_charge?: DomesticReverseCharge | null;
};

/**
 * Intra-EU supply, export or reverse-charge wording of a 0 % invoice (domain `vatTreatment`), from
 * the buyer snapshot taken at issue; a line of a service item counts as a service.
 */
export function vatTreatmentOf(
  buyer: PartySnapshot | null,
  lines: readonly Pick<repo.LineRow, 'vat_rate' | 'item_kind'>[],
): VatTreatment | null {
  if (!buyer) return null;
  return vatTreatment(
    buyer,
    lines.map((l) => ({ vat_rate: l.vat_rate, service: l.item_kind === 'service' })),
  );
}

/** Delivery notes to invoice: issued or delivered, all of the invoice's client (locked). */
async function deliveryNotesOf(tx: Tx, clientId: string, ids: readonly string[]) {
  const out: { doc: repo.DocumentRow; lines: repo.LineRow[] }[] = [];
  for (const id of ids) {
    const note = await repo.requireDocument(tx, id, ['delivery_note'], true);
    if (note.client_id !== clientId)
      throw new AppError('VALIDATION', `Otpremnica ${note.number} je drugog kupca`, [
        {
          field: 'delivery_note_ids',
          key: 'validation.deliveryNoteOtherClient',
          params: { number: note.number ?? '' },
        },
      ]);
    assertDeliveryNoteInvoiceable(note);
    out.push({ doc: note, lines: await repo.getLines(tx, id) });
  }
  return out;
}

/** Work orders invoiced directly: completed, of the invoice's client (locked). */
async function workOrdersOf(tx: Tx, clientId: string, ids: readonly string[]) {
  const out: { doc: repo.DocumentRow; lines: repo.LineRow[] }[] = [];
  for (const id of ids) {
    const wo = await repo.requireDocument(tx, id, ['work_order'], true);
    assertWorkOrderInvoiceable(wo, clientId);
    out.push({ doc: wo, lines: await repo.getLines(tx, id) });
  }
  return out;
}

/**
 * A draft invoice from delivery notes (what each still has to bill: a line billed before, or billed
 * straight from its work order, is not billed again), work orders (what is left of each line after
 * its delivery notes and earlier invoices: services, undelivered lines, credited quantities) and
 * lines typed in. A note or order with nothing left to bill is refused.
 */
export async function create(tx: Tx, ctx: CompanyContext, input: Input) {
  const client = (await requireClient(tx, input.client_id)) as NonNullable<
    Awaited<ReturnType<typeof requireClient>>
  >;
  const notes = await deliveryNotesOf(tx, client.id, input.delivery_note_ids);
  const orders = await workOrdersOf(tx, client.id, input.work_order_ids);
  const budget = await invoiceBudget(
    tx,
    [...notes, ...orders].flatMap((d) => d.lines.map((l) => l.id)),
    null,
  );
  const fromLines: ReturnType<typeof billableLines> = [];
  for (const [source, key] of [
    ...notes.map((n) => [n, 'validation.deliveryNoteInvoiced'] as const),
    ...orders.map((o) => [o, 'validation.workOrderInvoiced'] as const),
  ]) {
    const got = billableLines(budget, source.lines);
    if (got.length === 0)
      throw new AppError('CONFLICT', `${source.doc.number} je već fakturiran(a)`, [
        {
          field: source.doc.kind === 'delivery_note' ? 'delivery_note_ids' : 'work_order_ids',
          key,
          params: { number: source.doc.number ?? '' },
        },
      ]);
    fromLines.push(...got);
  }
  const lineInput = [...fromLines, ...input.lines.map((l) => ({ ...l, source_line_id: null }))];
  const lines = await resolveLines(tx, lineInput, client);
  const { date } = await repo.today(tx);
  const docDate = input.doc_date ?? date;
  assertDueNotBeforeDate(docDate, input.due_date);
  const lastDelivery =
    notes
      .map((n) => n.doc.delivery_date ?? n.doc.doc_date)
      .sort()
      .at(-1) ?? null;
  const id = await insertWithLines(
    tx,
    ctx,
    {
      kind: 'invoice',
      number: null,
      seq: null,
      year: null,
      client_id: client.id,
      doc_date: docDate,
      delivery_date: input.delivery_date ?? lastDelivery,
      due_date: input.due_date ?? dueDateFrom(docDate, client.payment_terms_days),
      note: input.note,
    },
    lines.map((l, i) => ({ ...l, source_line_id: lineInput[i]?.source_line_id ?? null })),
  );
  await relinkInvoiced(
    tx,
    ctx.companyId,
    id,
    [...notes, ...orders].map((d) => d.doc.id),
  );
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/**
 * Edits a draft invoice. Lines keep the source they bill (`source_line_id`, sent back by the
 * editor); their quantity is checked against what is left, without this invoice's own lines.
 */
export async function update(tx: Tx, ctx: CompanyContext, id: string, input: Input) {
  const doc = await repo.requireDocument(tx, id, ['invoice'], true);
  assertDraft(doc.status);
  assertDueNotBeforeDate(input.doc_date ?? doc.doc_date, input.due_date);
  const client = await requireClient(tx, input.client_id);
  const sourceIds = input.lines.flatMap((l) => (l.source_line_id ? [l.source_line_id] : []));
  const budget = await invoiceBudget(tx, sourceIds, id);
  checkSourcedLines(budget, client?.id ?? '', input.lines);
  const lines = await resolveLines(tx, input.lines, client);
  await saveLines(
    tx,
    ctx,
    id,
    lines.map((l, i) => ({ ...l, source_line_id: input.lines[i]?.source_line_id ?? null })),
    {
      client_id: client?.id,
      doc_date: input.doc_date,
      delivery_date: input.delivery_date,
      due_date: input.due_date,
      note: input.note,
    },
  );
  await relinkInvoiced(
    tx,
    ctx.companyId,
    id,
    sourceIds.flatMap((s) => budget.sources.get(s)?.document_id ?? []),
  );
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/** An invoice is not due before its own date (checked before anything is written). */
function assertDueNotBeforeDate(docDate: string, dueDate: string | null) {
  if (dueDate !== null && dueDate < docDate)
    throw new AppError('VALIDATION', 'Rok plaćanja ne može biti prije datuma računa', [
      { field: 'due_date', key: 'validation.dueBeforeDate' },
    ]);
}

async function sellerSnapshot(tx: Tx, companyId: string): Promise<PartySnapshot> {
  const t = await companyProfile(tx, companyId);
  return {
    name: t?.company_name || t?.full_name || '',
    oib: t?.tax_number ?? null,
    address: t?.company_address ?? null,
    email: t?.company_email ?? null,
    iban: t?.bank_accounts?.[0]?.iban ?? null,
    country: 'HR',
  };
}

function buyerSnapshot(client: NonNullable<Awaited<ReturnType<typeof requireClient>>>): PartySnapshot {
  const a = client.billing_address;
  return {
    name: client.name,
    oib: client.oib,
    vat_id: client.vat_id,
    address: addressLine(a),
    street: a?.street ?? null,
    postal_code: a?.postal_code ?? null,
    city: a?.city ?? null,
    country: a?.country ?? 'HR',
    email: client.email,
  };
}

/** Croatian mandatory content an invoice cannot be issued without. */
function mandatoryIssues(seller: PartySnapshot, buyer: PartySnapshot, lineCount: number) {
  const issues: { field: string; key: string }[] = [];
  if (!seller.name) issues.push({ field: 'seller.name', key: 'validation.sellerNameMissing' });
  if (!seller.oib || !isValidOib(seller.oib))
    issues.push({ field: 'seller.oib', key: 'validation.sellerOibMissing' });
  if (!seller.address) issues.push({ field: 'seller.address', key: 'validation.sellerAddressMissing' });
  if (buyer.oib && !isValidOib(buyer.oib)) issues.push({ field: 'buyer.oib', key: 'validation.oibInvalid' });
  if (lineCount === 0) issues.push({ field: 'lines', key: 'validation.linesRequired' });
  return issues;
}

export async function issueDocument(
  tx: Tx,
  ctx: CompanyContext,
  doc: repo.DocumentRow,
  client: NonNullable<Awaited<ReturnType<typeof requireClient>>>,
  /** The eRačun kind checked: the document's, or 'advance' (386, no KPD) for an advance invoice. */
  einvoiceKind: string = doc.kind,
) {
  const settings = await repo.getSettings(tx, ctx.companyId);
  const seller = await sellerSnapshot(tx, ctx.companyId);
  const buyer = buyerSnapshot(client);
  const lines = await repo.getLines(tx, doc.id);
  const issues = mandatoryIssues(seller, buyer, lines.length);
  if (issues.length > 0)
    throw new AppError(
      'VALIDATION',
      'Račun nema sve obavezne podatke (naziv, adresa i OIB prodavatelja, stavke)',
      issues,
    );
  // eRačun content (operator, KPD, the buyer's OIB or address): refused before anything is numbered.
  const einvoice = await einvoiceReadiness(tx, ctx, einvoiceKind, client, lines, doc);
  Object.assign(seller, einvoice.seller);
  Object.assign(buyer, einvoice.buyer);
  const fiscal = await fiscalReadiness(tx, ctx, doc.kind, client); // B2C through CIS: refused before numbering
  const { date, year } = await repo.today(tx);
  const number = await repo.allocateNumber(tx, ctx.companyId, doc.kind, settings, year);
  const model = settings.reference_model as ReferenceModel;
  await transition(tx, ctx, doc, 'issue', {
    number: number.number,
    seq: number.seq,
    year: number.year,
    doc_date: date,
    due_date: dueDateAtIssue(doc, date), // the draft's terms kept from the day of issue
    issued_at: new Date(),
    reference_model: model,
    payment_reference: invoiceReference(model, { seq: number.seq, year: number.year }),
    place_of_issue: settings.place_of_issue,
    ...repo.sealSnapshots({ seller, buyer }),
  });
  if (fiscal) await fiscaliseIssued(tx, ctx, fiscal, doc.id); // ZKI, then JIR from CIS or a late delivery
}

export async function issue(tx: Tx, ctx: CompanyContext, id: string) {
  const doc = await repo.requireDocument(tx, id, ['invoice'], true);
  assertAction(invoiceMachine, doc.status, 'issue');
  const client = await requireClient(tx, doc.client_id);
  if (!client)
    throw new AppError('VALIDATION', 'Odaberite klijenta', [
      { field: 'client_id', key: 'validation.clientRequired' },
    ]);
  await issueDocument(tx, ctx, doc, client);
  await deductAdvances(tx, ctx, id); // the order's advances, before the files are made
  await freezeFiles(tx, ctx.companyId, id); // the UBL and the PDF, made once and stored
  await onDocumentIssued(tx, ctx, id); // Fiskalizacija 2.0: EvidentirajERacun (and the intermediary)
  return detail(tx, id);
}

/**
 * A credit note (odobrenje) against an issued invoice: a new document in the invoice series,
 * issued at once, with the credited lines; it lowers what the invoice still asks for.
 */
export async function creditNote(
  tx: Tx,
  ctx: CompanyContext,
  invoiceId: string,
  input: z.output<typeof creditNoteInputSchema>,
) {
  const invoice = await repo.requireDocument(tx, invoiceId, ['invoice'], true);
  assertInvoiceIssued(invoice.status, 'credit_note');
  await assertAdvanceCreditable(tx, invoice, input.lines); // an advance: whole, and not deducted
  const client = await requireClient(tx, invoice.client_id);
  const original = await repo.getLines(tx, invoiceId);
  const credited = await creditedQuantities(
    tx,
    original.map((l) => l.id),
  );
  const lineInput = creditLines(original, credited, input.lines);
  const lines = await resolveLines(tx, lineInput, client);
  const { date } = await repo.today(tx);
  const id = await insertWithLines(
    tx,
    ctx,
    {
      kind: 'credit_note',
      number: null,
      seq: null,
      year: null,
      client_id: invoice.client_id,
      doc_date: date,
      delivery_date: invoice.delivery_date,
      original_invoice_id: invoiceId,
      note: input.note,
    },
    lines.map((l, i) => ({ ...l, source_line_id: lineInput[i]?.source_line_id ?? null })),
  );
  const credit = (await repo.getDocument(tx, id)) as repo.DocumentRow;
  // Credit notes together never take back more than the invoice billed (free lines included).
  if (new Decimal(credit.total).gt(new Decimal(invoice.total).minus(invoice.credited_total)))
    throw new AppError('VALIDATION', 'Odobrenje je veće od iznosa računa koji još nije odobren', [
      { field: 'lines', key: 'validation.creditExceedsInvoice' },
    ]);
  await issueDocument(tx, ctx, credit, client as NonNullable<typeof client>);
  await invoicesRepo.addCredited(tx, invoiceId, credit.total);
  await repo.link(tx, ctx.companyId, invoiceId, id, 'credited');
  await freezeFiles(tx, ctx.companyId, id); // the credit note's UBL and PDF; the invoice's stay as stored
  await onDocumentIssued(tx, ctx, id);
  await repo.notifyDocuments(tx, ctx.companyId, [invoiceId, id]);
  return detail(tx, id);
}

export async function addPayment(
  tx: Tx,
  ctx: CompanyContext,
  invoiceId: string,
  input: z.output<typeof paymentInputSchema>,
) {
  const invoice = await repo.requireDocument(tx, invoiceId, ['invoice'], true);
  assertInvoiceIssued(invoice.status, 'payment');
  // Money not received yet is not a payment: it would settle the invoice (and stop it showing
  // overdue) before the money is there.
  await assertNotFuture(tx, input.paid_on);
  const owed = outstanding({
    total: invoice.total,
    credited: invoice.credited_total,
    paid: invoice.paid_total,
  });
  if (!paymentFits(input.amount, owed))
    throw new AppError('VALIDATION', `Iznos uplate premašuje dug (${money(owed)})`, [
      { field: 'amount', key: 'validation.paymentTooLarge', params: { owed: money(owed) } },
    ]);
  await invoicesRepo.insertPayment(tx, ctx, invoiceId, input);
  await onPaymentsRecorded(tx, ctx, invoiceId); // Fiskalizacija 2.0: EvidentirajNaplatu
  await repo.notifyDocuments(tx, ctx.companyId, [invoiceId]);
  return { ...(await detail(tx, invoiceId)), payments: await payments(tx, invoiceId) };
}

/**
 * A refund paid back to the client: credit notes took back more than was left to pay (outstanding
 * below zero, payment status refund_due). Stored as a negative payment, so outstanding = total −
 * credited − paid stays the one rule; it may not exceed what is owed back. Not reported as a
 * collection (EvidentirajNaplatu): that message reports money received.
 */
export async function addRefund(
  tx: Tx,
  ctx: CompanyContext,
  invoiceId: string,
  input: z.output<typeof paymentInputSchema>,
) {
  const invoice = await repo.requireDocument(tx, invoiceId, ['invoice'], true);
  assertInvoiceIssued(invoice.status, 'payment');
  await assertNotFuture(tx, input.paid_on);
  const owed = outstanding({
    total: invoice.total,
    credited: invoice.credited_total,
    paid: invoice.paid_total,
  });
  if (!refundFits(input.amount, owed)) {
    const due = money(Decimal.max(owed.neg(), 0));
    throw new AppError('VALIDATION', `Povrat premašuje iznos koji se duguje klijentu (${due})`, [
      { field: 'amount', key: 'validation.refundTooLarge', params: { owed: due } },
    ]);
  }
  await invoicesRepo.insertPayment(tx, ctx, invoiceId, {
    ...input,
    amount: new Decimal(input.amount).neg().toFixed(2),
  });
  await repo.notifyDocuments(tx, ctx.companyId, [invoiceId]);
  return { ...(await detail(tx, invoiceId)), payments: await payments(tx, invoiceId) };
}

/** Money not received (or paid back) yet is not a payment: it is dated today at the latest. */
async function assertNotFuture(tx: Tx, paidOn: string) {
  const { date } = await repo.today(tx);
  if (paidOn > date)
    throw new AppError('VALIDATION', 'Datum uplate ne može biti u budućnosti', [
      { field: 'paid_on', key: 'validation.paymentInFuture' },
    ]);
}

/** An invoice as its screen reads it: lines, links, payments and its advances. */
export async function invoiceView(tx: Tx, id: string) {
  const base = await detail(tx, id);
  return {
    ...base,
    payments: await payments(tx, id),
    advances: await advancesOf(tx, base.document),
    creditable: base.document.kind === 'invoice' ? await creditableLines(tx, base.lines) : [],
  };
}

/** Per invoice line, the quantity credit notes have not taken back yet (the credit dialog's limits). */
async function creditableLines(tx: Tx, lines: readonly repo.LineRow[]) {
  const credited = await creditedQuantities(
    tx,
    lines.map((l) => l.id),
  );
  return lines.map((l) => ({
    line_id: l.id,
    quantity: remainingQuantity(l.quantity, credited.get(l.id) ?? new Decimal(0)).toFixed(),
  }));
}

/** The e-invoice file of an invoice or credit note: an issued one as stored, else ubl()'s refusal. */
export async function ublFile(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
): Promise<{ number: string; xml: string | Buffer }> {
  const doc = await repo.requireDocument(tx, id, ['invoice', 'credit_note']);
  const stored = await frozenFile(tx, ctx.companyId, doc, 'ubl');
  return stored ? { number: doc.number as string, xml: stored } : ubl(tx, doc.id);
}

export const payments = (tx: Tx, invoiceId: string) => invoicesRepo.payments(tx, invoiceId);

function splitAddress(address: string | null) {
  // "Ilica 1, 10000 Zagreb" → street, postal code, city
  const [street, rest] = (address ?? '').split(/,\s*/, 2);
  const m = /^(\d{5})\s+(.*)$/.exec(rest ?? '');
  return { street: street || null, postalCode: m?.[1] ?? null, city: m?.[2] ?? (rest || null) };
}

/** The EN 16931 UBL 2.1 e-invoice of an issued invoice or credit note. */
export async function ubl(tx: Tx, id: string): Promise<{ number: string; xml: string }> {
  const doc = await repo.requireDocument(tx, id, ['invoice', 'credit_note']);
  if (doc.status !== 'issued')
    throw new AppError('CONFLICT', 'E-račun se izvozi samo za izdani račun', [
      { field: 'status', key: 'validation.notIssued' },
    ]);
  const seller = doc.seller as PartySnapshot;
  const buyer = doc.buyer as PartySnapshot;
  const lines = await repo.getLines(tx, id);
  const s = splitAddress(seller.address);
  const original = doc.original_invoice_id ? await repo.getDocument(tx, doc.original_invoice_id) : null;
  const despatch = await invoicesRepo.billedDeliveryNoteNumbers(tx, id);
  const issuedAt = doc.issued_at ? new Date(doc.issued_at) : new Date();
  const time = issuedAt.toLocaleTimeString('en-GB', { timeZone: 'Europe/Zagreb', hour12: false });
  const treatment = vatTreatmentOf(buyer, lines);
  const vatRegistered = seller.vat_registered !== false;
  const lineVats = await ublVatOfLines(tx, lines, vatRegistered, treatment);
  const endpoint = buyerEndpoint({
    oib: buyer.oib,
    einvoiceAddress: buyer.einvoice_address ?? null,
    email: buyer.email ?? null,
  });
  const intraEuGoods = lineVats.some((v) => v.category === 'K');
  const advance = await advanceUbl(tx, doc); // 386, or the advances a final invoice deducted
  const model: UblDocument = {
    kind: doc.kind === 'credit_note' ? 'credit_note' : advance.kind,
    number: doc.number as string,
    issueDate: doc.doc_date,
    issueTime: time,
    dueDate: doc.due_date,
    // Intra-EU goods name the delivery date and country (BR-IC-11, BR-IC-12).
    deliveryDate: doc.delivery_date ?? (intraEuGoods ? doc.doc_date : null),
    deliveryCountry: intraEuGoods ? (buyer.country ?? null) : null,
    notes: doc.note ? [doc.note] : [],
    billingReference: original?.number ? { number: original.number, issueDate: original.doc_date } : null,
    advanceReferences: advance.references,
    despatchReferences: despatch.map((d) => d.number),
    seller: {
      name: seller.name,
      oib: seller.oib ?? '',
      street: s.street,
      city: s.city,
      postalCode: s.postalCode,
      email: seller.email,
      vatRegistered,
    },
    operator:
      seller.operator_mark && seller.operator_oib
        ? { name: seller.operator_mark, oib: seller.operator_oib }
        : null,
    buyer: {
      name: buyer.name,
      oib: buyer.oib ?? '',
      street: buyer.street,
      city: buyer.city,
      postalCode: buyer.postal_code,
      countryCode: buyer.country ?? 'HR',
      vatId: buyer.vat_id ?? null,
      email: buyer.email,
      endpoint,
    },
    payment:
      seller.iban && isValidIban(seller.iban) && doc.payment_reference
        ? {
            iban: seller.iban,
            model: (doc.reference_model ?? 'HR00') as ReferenceModel,
            reference: doc.payment_reference,
          }
        : null,
    // The document as issued: payments recorded later are not part of it; the advances it deducted
    // are (PayableAmount = total − advances).
    prepaid: advance.prepaid,
    lines: lines.map((l, i) => ({
      vat: lineVats[i],
      name: l.item_name ?? l.description,
      description: l.item_name && l.description !== l.item_name ? l.description : null,
      sellerItemId: l.sku,
      kpd: l.kpd_code,
      quantity: l.quantity,
      unit: l.unit,
      unitPrice: l.unit_price,
      discountPct: l.discount_pct,
      vatRate: (normaliseVatRate(l.vat_rate) ?? '25') as '25',
    })),
  };
  return { number: doc.number as string, xml: buildUbl(model) };
}

/**
 * HUB-3 payload for the invoice's PDF417 barcode: the amount payable at issue (the invoice total
 * less the advances it deducted;
 * payments and credit notes recorded later do not change a printed invoice), or null when the
 * seller has no IBAN or nothing is payable.
 */
export function hub3For(doc: repo.DocumentRow): string | null {
  const seller = doc.seller as PartySnapshot | null;
  const buyer = doc.buyer as PartySnapshot | null;
  if (!seller?.iban || !isValidIban(seller.iban) || !doc.payment_reference) return null;
  const owed = outstanding({ total: doc.total, paid: doc.advance_total ?? '0' });
  if (owed.lte(0)) return null;
  const s = splitAddress(seller.address);
  return hub3Payload({
    amount: money(owed),
    payer: {
      name: buyer?.name ?? '',
      street: buyer?.street ?? null,
      city: [buyer?.postal_code, buyer?.city].filter(Boolean).join(' '),
    },
    payee: {
      name: seller.name,
      street: s.street,
      city: [s.postalCode, s.city].filter(Boolean).join(' '),
      iban: seller.iban,
    },
    model: (doc.reference_model ?? 'HR00') as ReferenceModel,
    reference: doc.payment_reference,
    description: `Račun ${doc.number}`,
  });
}
