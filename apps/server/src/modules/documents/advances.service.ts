import {
  AppError,
  type advanceInputSchema,
  deductibleAdvances,
  documentTotals,
  money,
  normaliseVatRate,
  type RateAmount,
  splitAdvance,
  type VatRate,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { onDocumentIssued } from '../fiscal-exchange/fiscal-exchange.service.ts';
import * as advancesRepo from './advances.repo.ts';
import * as repo from './documents.repo.ts';
import { detail, insertWithLines, requireClient } from './documents.service.ts';
import { freezeFiles } from './frozen-files.ts';
import { issueDocument } from './invoices.service.ts';

// Advance invoices (računi za predujam, UBL 386) and their deduction on the final invoice.
//
// An advance invoice is an invoice (kind 'invoice': the invoice series, payments, credit notes,
// frozen UBL and PDF) whose `advance_for_id` names the quote or work order it is an advance for;
// it has one line per VAT rate of the order, its base at that rate. It is issued at once.
//
// The final invoice of the order (made from its delivery notes or work order, as any invoice)
// deducts, when it is issued, every issued advance of the order that is not credited, not
// deducted yet and fits in it (domain `deductibleAdvances`). A deduction is an
// `advance_deductions` row (unique per advance) and a payment row of the advance's total on the
// final invoice that names the advance: what the buyer still owes is the total less the advances,
// and the UBL carries them as PrepaidAmount with a billing reference per advance (advance-ubl.ts).

type OrderKind = 'quote' | 'work_order';
const OPEN_ORDER: Record<OrderKind, readonly string[]> = {
  quote: ['sent', 'accepted', 'converted'],
  work_order: ['draft', 'planned', 'in_progress', 'completed'],
};

const rateOf = (v: string) => (normaliseVatRate(v) ?? '25') as VatRate;
const grossOf = (rates: readonly RateAmount[]) =>
  rates.reduce((a, r) => a.plus(r.base).plus(r.vat), new Decimal(0));

/** A document's base and VAT per rate, from its lines, with the one rounding rule. */
export function ratesOfLines(lines: readonly repo.LineRow[]): RateAmount[] {
  return documentTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unit_price,
      discountPct: l.discount_pct,
      vatRate: rateOf(l.vat_rate),
    })),
  ).breakdown.map((b) => ({ rate: b.rate, base: b.base, vat: b.vat }));
}

export async function advanceRates(tx: Tx, advanceId: string): Promise<RateAmount[]> {
  return ratesOfLines(await repo.getLines(tx, advanceId));
}

/** The quote and the work order of one order: a quote and the work order it became are one order. */
async function orderFamily(tx: Tx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const linked = await advancesRepo.convertedLinks(tx, ids);
  return [...new Set([...ids, ...linked])].sort();
}

/**
 * Issues an advance invoice for a quote (sent, accepted or converted) or a work order (not
 * cancelled): an amount with VAT or a percentage of the order's total, split over the order's VAT
 * rates. The advances of one order (not credited) never add up to more than its total.
 */
export async function createAdvance(
  tx: Tx,
  ctx: CompanyContext,
  orderId: string,
  input: z.output<typeof advanceInputSchema>,
) {
  const order = await repo.requireDocument(tx, orderId, ['quote', 'work_order'], true);
  if (!OPEN_ORDER[order.kind as OrderKind].includes(order.status))
    throw new AppError('CONFLICT', `Za ${order.number} se ne izdaje račun za predujam`, [
      { field: 'status', key: 'validation.advanceOrderNotOpen', params: { number: order.number ?? '' } },
    ]);
  const client = await requireClient(tx, order.client_id);
  if (!client)
    throw new AppError('VALIDATION', 'Odaberite klijenta', [
      { field: 'client_id', key: 'validation.clientRequired' },
    ]);
  // The quote and its work order are locked (in id order), so two advances of one order queue.
  const family = await orderFamily(tx, [order.id]);
  await repo.lockDocuments(tx, family);
  const orderRates = ratesOfLines(await repo.getLines(tx, order.id));
  const advanced = await advancesRepo.advancedTotal(tx, family);
  const left = grossOf(orderRates).minus(advanced ?? 0);
  const rates = splitAdvance(orderRates, { amount: input.amount, percent: input.percent });
  const gross = grossOf(rates);
  if (gross.isZero() || gross.gt(left))
    throw new AppError('VALIDATION', `Predujam premašuje ostatak narudžbe (${money(Decimal.max(left, 0))})`, [
      {
        field: input.amount !== undefined ? 'amount' : 'percent',
        key: 'validation.advanceTooLarge',
        params: { left: money(Decimal.max(left, 0)) },
      },
    ]);
  const { date } = await repo.today(tx);
  const what = order.kind === 'quote' ? 'ponudi' : 'radnom nalogu';
  const id = await insertWithLines(
    tx,
    ctx,
    {
      kind: 'invoice',
      number: null,
      seq: null,
      year: null,
      client_id: client.id,
      doc_date: date,
      due_date: date,
      note: input.note ?? null,
      advance_for_id: order.id,
    },
    rates.map((r) => ({
      item_id: null,
      description: `Predujam po ${what} ${order.number ?? ''}`.trim(),
      quantity: '1',
      unit: 'kom',
      width_mm: null,
      height_mm: null,
      unit_price: money(r.base),
      discount_pct: '0',
      vat_rate: r.rate,
      net_amount: money(r.base),
      kpd_code: null,
      lot_id: null,
    })),
  );
  await issueDocument(tx, ctx, (await repo.getDocument(tx, id)) as repo.DocumentRow, client, 'advance');
  await repo.link(tx, ctx.companyId, order.id, id, 'advance');
  await freezeFiles(tx, ctx.companyId, id); // the 386 UBL and the PDF, made once and stored
  await onDocumentIssued(tx, ctx, id); // Fiskalizacija 2.0: EvidentirajERacun, as for any invoice
  await repo.notifyDocuments(tx, ctx.companyId, [order.id, id]);
  const issued = await detail(tx, id);
  return { ...issued, advances: await advancesOf(tx, issued.document) };
}

/** The work orders an invoice bills (straight or through delivery notes), with their quotes. */
async function ordersOfInvoice(tx: Tx, invoiceId: string): Promise<string[]> {
  return orderFamily(tx, await advancesRepo.workOrdersOfInvoice(tx, invoiceId));
}

/**
 * The order's advances an invoice deducts if issued now: issued, not credited, not deducted yet,
 * and fitting (domain `deductibleAdvances`). Issuing locks the candidates first and reads them
 * again after the lock, so of two final invoices issued at once the second sees the first's
 * deduction; a draft's preview reads without locks.
 */
async function advancesToDeduct(tx: Tx, invoice: repo.DocumentRow, lock: boolean) {
  if (invoice.kind !== 'invoice' || invoice.advance_for_id) return [];
  const family = await ordersOfInvoice(tx, invoice.id);
  if (family.length === 0) return [];
  const candidates = await advancesRepo.issuedAdvanceIds(tx, family, invoice.client_id, lock);
  if (candidates.length === 0) return [];
  const open = await advancesRepo.openAdvances(tx, candidates);
  const advances = await Promise.all(open.map(async (a) => ({ ...a, rates: await advanceRates(tx, a.id) })));
  const taken = deductibleAdvances(ratesOfLines(await repo.getLines(tx, invoice.id)), advances);
  return advances.filter((a) => taken.includes(a.id));
}

/** Called while an invoice is issued (after its number, before its files are made). */
export async function deductAdvances(tx: Tx, ctx: CompanyContext, invoiceId: string): Promise<void> {
  const invoice = await repo.getDocument(tx, invoiceId);
  if (!invoice) return;
  let settled = new Decimal(0);
  for (const a of await advancesToDeduct(tx, invoice, true)) {
    const net = a.rates.reduce((s, r) => s.plus(r.base), new Decimal(0));
    const vat = a.rates.reduce((s, r) => s.plus(r.vat), new Decimal(0));
    await advancesRepo.insertDeduction(tx, ctx.companyId, {
      advanceId: a.id,
      invoiceId,
      net: money(net),
      vat: money(vat),
      total: a.total,
    });
    await advancesRepo.insertAdvancePayment(tx, ctx.companyId, {
      invoiceId,
      paidOn: invoice.doc_date,
      amount: a.total,
      note: `Predujam ${a.number}`,
      userId: ctx.userId,
      advanceId: a.id,
    });
    await repo.link(tx, ctx.companyId, a.id, invoiceId, 'deducted');
    settled = settled.plus(a.total);
  }
  if (settled.gt(0)) await advancesRepo.addPaid(tx, invoiceId, money(settled));
}

/**
 * A credit note of an advance invoice is its storno: the whole advance, and only while no final
 * invoice has deducted it (after that the final invoice is what to correct).
 */
export async function assertAdvanceCreditable(
  tx: Tx,
  invoice: repo.DocumentRow,
  lines: readonly unknown[] | undefined,
): Promise<void> {
  if (!invoice.advance_for_id) return;
  const deducted = await advancesRepo.deductedBy(tx, invoice.id);
  if (deducted)
    throw new AppError('CONFLICT', `Predujam je već odbijen na računu ${deducted.number}`, [
      { field: 'status', key: 'validation.advanceDeducted', params: { number: deducted.number ?? '' } },
    ]);
  if (lines !== undefined)
    throw new AppError('VALIDATION', 'Račun za predujam stornira se u cijelosti', [
      { field: 'lines', key: 'validation.advancePartialCredit' },
    ]);
}

export type AdvanceRow = advancesRepo.AdvanceListRow & {
  rates: { rate: string; base: string; vat: string }[];
};

/**
 * The advances shown with a document: a quote's or work order's advances (of the whole order), an
 * advance invoice itself, the advances a final invoice deducted, or those a draft would deduct.
 */
export async function advancesOf(tx: Tx, doc: repo.DocumentRow): Promise<AdvanceRow[]> {
  let filter: advancesRepo.AdvanceFilter;
  if (doc.kind === 'quote' || doc.kind === 'work_order') filter = { orders: await orderFamily(tx, [doc.id]) };
  else if (doc.kind === 'invoice' && doc.advance_for_id) filter = { id: doc.id };
  else if (doc.kind === 'invoice' && doc.status === 'draft') {
    const preview = (await advancesToDeduct(tx, doc, false)).map((a) => a.id);
    if (preview.length === 0) return [];
    filter = { ids: preview };
  } else if (doc.kind === 'invoice') filter = { deductedBy: doc.id };
  else return [];
  const found = await advancesRepo.listAdvances(tx, filter);
  return Promise.all(
    found.map(async (a) => ({
      ...a,
      rates: (await advanceRates(tx, a.id)).map((r) => ({
        rate: r.rate,
        base: money(r.base),
        vat: money(r.vat),
      })),
    })),
  );
}

/** The advances a final invoice deducted (for its UBL's billing references and prepaid amount). */
export const deductedAdvances = (tx: Tx, invoiceId: string) => advancesRepo.deductedAdvances(tx, invoiceId);
