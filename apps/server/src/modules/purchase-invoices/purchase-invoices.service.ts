import { createHash } from 'node:crypto';
import {
  AppError,
  businessDay,
  canMoveTo,
  matchLines,
  type ParsedUbl,
  type PurchaseInvoiceDetail,
  type PurchaseInvoiceListQuery,
  type PurchaseInvoiceStatus,
  purchaseInvoiceActions,
  type RejectionCode,
  type ValidationFailure,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import { businessToday } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { enqueueJob } from '../../jobs/jobs.ts';
import { validateEInvoices, validatorsAvailable } from '../einvoice/validators.ts';
import {
  onPurchaseInvoiceReceived,
  onPurchaseInvoiceRejected,
} from '../fiscal-exchange/fiscal-exchange.service.ts';
import { partnerByOib, supplierByVatId, supplierExists } from '../partners/partners.service.ts';
import { orderByNumber, orderHeader } from '../purchasing/purchasing.service.ts';
import { companyProfile } from '../tenants/tenants.service.ts';
import * as repo from './purchase-invoices.repo.ts';
import { parseUbl } from './ubl-parse.ts';

// Purchase invoices (ulazni računi): one entry point for every received eRačun, whether the
// intermediary delivered it (fiscal-exchange) or a user uploaded the file: `receiveUbl`.

export type ReceiveSource = {
  kind: 'upload' | 'intermediary';
  /** The intermediary's id of the delivery. */
  reference?: string | null;
  /** Who uploaded it (null for the intermediary's deliveries). */
  userId?: string | null;
};

export type ReceiveResult = {
  id: string;
  status: PurchaseInvoiceStatus;
  failures: ValidationFailure[];
  /** True when the same file (or the seller's same number) was already received: nothing new stored. */
  duplicate: boolean;
};

const notFound = () => new AppError('NOT_FOUND', 'Ulazni račun nije pronađen.');

/**
 * Runs the official validators (XSD, EN 16931, HR CIUS) on one document as child processes (the
 * event loop stays free). Slow (a JVM per rule set): call it before opening the transaction when
 * you can and pass the result to `receiveUbl`.
 */
export async function validateUbl(xml: string): Promise<ValidationFailure[]> {
  requireValidators();
  const [report] = await validateEInvoices({ received: xml });
  return report?.failures ?? [];
}

/** Refuses (VALIDATION `einvoiceValidatorsMissing`) when the server lacks the official validators. */
export function requireValidators(): void {
  const tools = validatorsAvailable();
  if (!tools.ok) {
    throw new AppError('VALIDATION', `Validatori eRačuna nisu instalirani: ${tools.missing.join(', ')}`, [
      { field: 'file', key: 'validation.einvoiceValidatorsMissing' },
    ]);
  }
}

const toText = (xml: Uint8Array | string) =>
  typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');

/**
 * Receives one UBL Invoice or CreditNote: parses it, validates it with the official validators
 * (unless `opts.failures` carries that report already), stores the original bytes and what was
 * read, and matches the supplier (OIB, then VAT id) and the purchase order (the order reference,
 * BT-13). A file that fails the validators is kept with status `invalid` and its failed rules,
 * whether uploaded or delivered, so it can be shown and rejected (nothing is posted from it: no
 * approval, payment, URA row or EvidentirajERacun). Refused without storing anything: an upload
 * that is not UBL at all (VALIDATION `notUbl`) or that was already received (CONFLICT). From the
 * intermediary even a file that is not UBL is kept (by its reference), and a repeated delivery
 * returns the first one with `duplicate: true`.
 */
export async function receiveUbl(
  tx: Tx,
  companyId: string,
  xml: Uint8Array | string,
  source: ReceiveSource,
  opts: { failures?: ValidationFailure[]; checkLater?: boolean } = {},
): Promise<ReceiveResult> {
  const bytes = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : Buffer.from(xml);
  const text = toText(xml);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const upload = source.kind === 'upload';
  let parsed: ParsedUbl;
  let unreadable: ValidationFailure | null = null;
  try {
    parsed = parseUbl(text);
  } catch (error) {
    // An upload that is not UBL is refused; a delivery must be answered, so it is kept as invalid.
    if (upload || !(error instanceof AppError)) throw error;
    parsed = unreadableDocument(source.reference ?? sha256.slice(0, 16));
    unreadable = { source: 'XSD', id: 'notUbl', text: error.message };
  }

  const seen =
    (await repo.findBySha(tx, sha256)) ??
    (await repo.findSameNumber(tx, parsed.seller.oib, parsed.number, parsed.issue_date.slice(0, 4)));
  if (seen) {
    if (upload) {
      throw new AppError('CONFLICT', `Račun ${parsed.number} ovog dobavljača već je zaprimljen.`, [
        { field: 'file', key: 'validation.purchaseInvoiceDuplicate', params: { number: parsed.number } },
      ]);
    }
    return { id: seen.id, status: seen.status, failures: [], duplicate: true };
  }

  // An upload is stored at once and checked by a background job (`checkLater`): `checking`.
  const checking = Boolean(opts.checkLater) && !unreadable;
  const failures = unreadable ? [unreadable] : checking ? [] : (opts.failures ?? (await validateUbl(text)));
  const status = checking ? 'checking' : failures.length > 0 ? 'invalid' : 'received';

  const supplierId = await matchSupplier(tx, parsed);
  const order = parsed.order_reference
    ? await orderByNumber(tx, parsed.order_reference, supplierId)
    : undefined;
  const id = await repo.insert(tx, {
    companyId,
    source: source.kind,
    sourceRef: source.reference ?? null,
    parsed,
    failures,
    status,
    supplierId: supplierId ?? order?.supplier_id ?? null,
    purchaseOrderId: order?.id ?? null,
    xml: bytes,
    sha256,
    userId: source.userId ?? null,
  });
  if (checking) {
    await enqueueJob(tx, {
      companyId,
      kind: CHECK_JOB,
      payload: { purchaseInvoiceId: id },
      dedupeKey: `${CHECK_JOB}:${id}`,
      ...(source.userId ? { userId: source.userId } : {}),
    });
  } else if (status === 'received') {
    // Fiskalizacija 2.0: a valid received eRačun is fiscalised by its recipient (EvidentirajERacun, U).
    await onPurchaseInvoiceReceived(tx, { companyId, userId: source.userId ?? companyId }, id);
  }
  await repo.notify(tx, companyId, [id]);
  return { id, status, failures, duplicate: false };
}

/** The background check of an uploaded file (`purchase-invoices.check`). */
export const CHECK_JOB = 'purchase-invoices.check';

/**
 * Ends the check of a `checking` invoice with the validators' report: `received` (and its
 * EvidentirajERacun queued) or `invalid`. A second run finds it checked and changes nothing.
 */
export async function finishCheck(
  tx: Tx,
  actor: { companyId: string; userId: string },
  id: string,
  failures: ValidationFailure[],
): Promise<boolean> {
  const row = await locked(tx, id);
  if (row.status !== 'checking') return false;
  await repo.finishCheck(tx, id, failures);
  if (failures.length === 0) await onPurchaseInvoiceReceived(tx, actor, id);
  await repo.notify(tx, actor.companyId, [id]);
  return true;
}

/** What is shown for a delivered file that is not a UBL invoice at all: nothing but its reference. */
function unreadableDocument(reference: string): ParsedUbl {
  const party = {
    name: '',
    oib: null,
    vat_id: null,
    street: null,
    city: null,
    postal_code: null,
    country: null,
  };
  const zero = '0.00';
  return {
    doc_type: 'invoice',
    type_code: '380',
    number: reference,
    issue_date: businessDay(),
    due_date: null,
    delivery_date: null,
    currency: 'EUR',
    note: null,
    order_reference: null,
    billing_reference: null,
    seller: party,
    buyer: party,
    payment: { means_code: null, reference: null, iban: null, terms: null },
    tax_subtotals: [],
    totals: {
      line_extension: zero,
      tax_exclusive: zero,
      tax_inclusive: zero,
      allowances: zero,
      charges: zero,
      prepaid: zero,
      rounding: zero,
      payable: zero,
      vat: zero,
    },
    lines: [],
  };
}

async function matchSupplier(tx: Tx, parsed: ParsedUbl): Promise<string | null> {
  if (parsed.seller.oib) {
    const hit = await partnerByOib(tx, 'supplier', parsed.seller.oib);
    if (hit) return hit.id;
  }
  if (parsed.seller.vat_id) {
    const hit = await supplierByVatId(tx, parsed.seller.vat_id);
    if (hit) return hit.id;
  }
  return null;
}

/** The stored original file, byte for byte (for the fiscalisation message and the download). */
export async function originalXml(tx: Tx, id: string): Promise<Buffer> {
  const data = await repo.originalXml(tx, id);
  if (!data) throw notFound();
  return data;
}

/** A received invoice's decision as its fiscalisation message reports it (undefined: no such invoice). */
export const decisionHeader = (tx: Tx, id: string) => repo.decisionHeader(tx, id);

/** The stored original file as text, or null (the fiscal exchange reads the buyer's OIB from it). */
export async function storedXmlText(tx: Tx, id: string): Promise<string | null> {
  return (await repo.originalXml(tx, id))?.toString('utf8') ?? null;
}

export function list(tx: Tx, q: PurchaseInvoiceListQuery) {
  return repo.list(tx, q);
}

/**
 * The order's lines with what its other invoices bill of each (credit notes taken off), each of
 * them paired with the order by the same rules as this one: a supplier who invoices every
 * delivery separately is not shown the earlier deliveries as differences, and a delivery billed
 * twice is.
 */
async function orderLinesBilledElsewhere(tx: Tx, orderId: string, invoiceId: string) {
  const lines = (await repo.orderLinesForMatch(tx, orderId)).map((l) => ({ ...l, invoiced_elsewhere: '0' }));
  const billed = new Map<string, Decimal>();
  for (const other of await repo.otherDocumentsOfOrder(tx, orderId, invoiceId)) {
    const sign = other.doc_type === 'credit_note' ? -1 : 1;
    for (const m of matchLines(other.parsed.lines, lines)) {
      // A line in a unit the order line's item does not define bills nothing that can be counted.
      if (!m.po_line_id || m.invoiced_in_order_unit === null) continue;
      const sum = billed.get(m.po_line_id) ?? new Decimal(0);
      billed.set(m.po_line_id, sum.plus(new Decimal(m.invoiced_in_order_unit).times(sign)));
    }
  }
  return lines.map((l) => ({ ...l, invoiced_elsewhere: (billed.get(l.id) ?? new Decimal(0)).toString() }));
}

export async function get(tx: Tx, id: string, companyId: string): Promise<PurchaseInvoiceDetail> {
  const row = await repo.get(tx, id);
  const doc = await repo.getDocument(tx, id);
  if (!row || !doc) throw notFound();
  let match: PurchaseInvoiceDetail['match'] = null;
  if (row.purchase_order_id) {
    const lines = matchLines(
      doc.parsed.lines,
      await orderLinesBilledElsewhere(tx, row.purchase_order_id, id),
    );
    match = {
      receipts: await repo.orderReceipts(tx, row.purchase_order_id),
      lines,
      differences: lines.reduce((n, l) => n + l.differences.length, 0),
    };
  }
  const ownOib = (await companyProfile(tx, companyId))?.tax_number ?? null;
  return {
    ...row,
    document: doc.parsed,
    failures: doc.validation.failures,
    actions: purchaseInvoiceActions(row.status, row.doc_type, row.open),
    addressed_to_us: ownOib ? doc.parsed.buyer.oib === ownOib : null,
    payments: await repo.payments(tx, id),
    match,
  };
}

async function locked(tx: Tx, id: string) {
  const row = await repo.get(tx, id, true);
  if (!row) throw notFound();
  return row;
}

const transitionError = (status: string) =>
  new AppError('INVALID_TRANSITION', `Ulazni račun u statusu ${status} ne može se tako promijeniti.`, [
    { field: 'status', key: 'validation.invalidTransition' },
  ]);

/** Sets (or clears) the supplier and the purchase order by hand, while the invoice awaits a decision. */
export async function setMatch(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: { supplier_id?: string | null; purchase_order_id?: string | null },
) {
  const row = await locked(tx, id);
  if (row.status !== 'received') throw transitionError(row.status);
  let supplierId = input.supplier_id === undefined ? row.supplier_id : input.supplier_id;
  const orderId = input.purchase_order_id === undefined ? row.purchase_order_id : input.purchase_order_id;
  if (supplierId && !(await supplierExists(tx, supplierId))) {
    throw new AppError('VALIDATION', 'Dobavljač ne postoji.', [
      { field: 'supplier_id', key: 'validation.supplierUnknown' },
    ]);
  }
  if (orderId) {
    const order = await orderHeader(tx, orderId);
    if (!order || order.status === 'draft' || order.status === 'cancelled') {
      throw new AppError('VALIDATION', 'Narudžbenica ne postoji ili nije poslana.', [
        { field: 'purchase_order_id', key: 'validation.invalid' },
      ]);
    }
    if (supplierId && order.supplier_id !== supplierId) {
      throw new AppError('VALIDATION', 'Narudžbenica je drugog dobavljača.', [
        { field: 'purchase_order_id', key: 'validation.purchaseOrderOtherSupplier' },
      ]);
    }
    supplierId = supplierId ?? order.supplier_id;
  }
  await repo.setMatch(tx, id, supplierId, orderId);
  await repo.notify(tx, ctx.companyId, [id]);
}

export async function approve(tx: Tx, ctx: CompanyContext, id: string) {
  const row = await locked(tx, id);
  if (!canMoveTo(row.status, 'approved')) throw transitionError(row.status);
  if (!row.supplier_id) {
    throw new AppError('VALIDATION', 'Prije odobrenja odaberite dobavljača.', [
      { field: 'supplier_id', key: 'validation.purchaseInvoiceSupplierRequired' },
    ]);
  }
  await repo.decide(tx, id, ctx.userId, 'approved', null);
  await repo.notify(tx, ctx.companyId, [id]);
}

/**
 * Rejects with a reason kind (N, U, O) and text. Fiscal exchange reports the rejection
 * (EvidentirajOdbijanje) from this transaction's result.
 */
export async function reject(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: { code: RejectionCode; reason: string },
) {
  const row = await locked(tx, id);
  if (!canMoveTo(row.status, 'rejected')) throw transitionError(row.status);
  await repo.decide(tx, id, ctx.userId, 'rejected', { code: input.code, reason: input.reason });
  await onPurchaseInvoiceRejected(tx, ctx, id); // Fiskalizacija 2.0: EvidentirajOdbijanje
  await repo.notify(tx, ctx.companyId, [id]);
}

export async function addPayment(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  input: { paid_on: string; amount: string; note: string | null },
) {
  const row = await locked(tx, id);
  if (row.status !== 'approved' || row.doc_type !== 'invoice') throw transitionError(row.status);
  // Money paid is money that has left: dated today at the latest, as an issued invoice's payment.
  if (input.paid_on > (await businessToday(tx)).date)
    throw new AppError('VALIDATION', 'Datum uplate ne može biti u budućnosti', [
      { field: 'paid_on', key: 'validation.paymentInFuture' },
    ]);
  if (new Decimal(input.amount).gt(row.open)) {
    throw new AppError('VALIDATION', `Iznos je veći od otvorenog (${row.open}).`, [
      { field: 'amount', key: 'validation.paymentTooLarge', params: { owed: row.open } },
    ]);
  }
  await repo.addPayment(tx, ctx.companyId, id, input, ctx.userId);
  await repo.notify(tx, ctx.companyId, [id]);
}
