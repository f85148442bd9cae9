import {
  AppError,
  baseQuantity,
  businessDay,
  canTransition,
  expectedDelivery,
  type FieldIssue,
  formatPurchasingNumber,
  isEditable,
  isReceivable,
  openQuantity,
  type PoInput,
  type PoListQuery,
  type PoStatus,
  poActions,
  poTotals,
  type ReceiptInput,
  receiptCheck,
  rescalePrice,
  statusFromReceipts,
  supplierPerformance,
  wholeUnitsFor,
} from '@erp/domain';
import Decimal from 'decimal.js';
import { notifyCompany } from '../../db/company-events.ts';
import type { Tx } from '../../db/database.ts';
import { businessToday } from '../../db/sql.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import * as inventory from '../inventory/inventory.service.ts';
import { findPartner } from '../partners/partners.service.ts';
import * as repo from './purchasing.repo.ts';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const notFound = () => new AppError('NOT_FOUND', 'Narudžbenica nije pronađena');

function refuse(from: PoStatus, to: PoStatus): AppError {
  return new AppError('INVALID_TRANSITION', `Narudžbenica u statusu "${from}" ne može prijeći u "${to}"`, [
    { field: 'status', key: 'errors.INVALID_TRANSITION', params: { from, to } },
  ]);
}

function assertTransition(from: PoStatus, to: PoStatus) {
  if (!canTransition(from, to)) throw refuse(from, to);
}

/** Today in Zagreb, like every other document date (the demo generator may backdate it). */
async function today(tx: Tx): Promise<string> {
  return (await businessToday(tx)).date;
}

async function assertSupplier(tx: Tx, id: string) {
  const supplier = await findPartner(tx, 'supplier', id);
  if (!supplier)
    throw new AppError('VALIDATION', 'Dobavljač nije pronađen', [
      { field: 'supplier_id', key: 'validation.supplierUnknown' },
    ]);
  return supplier;
}

/** Whether a quantity of a unit books as zero base units (a factor below the ledger's step). */
const zeroInBase = (quantity: string, factor: string) => baseQuantity(quantity, factor).isZero();

const baseQuantityZero = (field: string, quantity: string, unit: string): FieldIssue => ({
  field,
  key: 'validation.baseQuantityZero',
  params: { quantity, unit },
});

/** Resolves each line's unit to a factor of the item's base unit and computes the exact totals. */
async function resolveLines(tx: Tx, lines: PoInput['lines']) {
  const facts = await repo.itemFacts(tx, [...new Set(lines.map((l) => l.item_id))]);
  const issues: FieldIssue[] = [];
  const resolved = lines.map((l, i) => {
    const item = facts.get(l.item_id);
    if (!item) {
      issues.push({ field: `lines.${i}.item_id`, key: 'validation.invalid' });
      return null;
    }
    const unit = l.unit ?? item.base_unit;
    const factor = unit === item.base_unit ? '1' : item.conversions?.find((c) => c.unit === unit)?.factor;
    if (!factor) {
      issues.push({ field: `lines.${i}.unit`, key: 'validation.unitUnknown' });
      return null;
    }
    if (zeroInBase(l.quantity, factor)) {
      issues.push(baseQuantityZero(`lines.${i}.quantity`, l.quantity, unit));
      return null;
    }
    return { ...l, unit, unit_factor: factor };
  });
  if (issues.length) throw new AppError('VALIDATION', 'Stavke narudžbenice nisu ispravne', issues);
  const ok = resolved as NonNullable<(typeof resolved)[number]>[];
  const totals = poTotals(ok);
  return {
    lines: ok.map((l, i) => ({ ...l, net: totals.lines[i]?.net as string })),
    totals: { net: totals.net, vat_total: totals.vat_total, total: totals.total },
  };
}

export async function getOrder(tx: Tx, id: string) {
  const header = await repo.getHeader(tx, id);
  if (!header) throw notFound();
  const lines = await repo.getLines(tx, id);
  const receipts = await repo.receiptsOfOrder(tx, id);
  const rLines = await repo.receiptLines(
    tx,
    receipts.map((r) => r.id),
  );
  return {
    ...header,
    vat: poTotals(lines).vat,
    actions: poActions(header.status),
    // A received order expects nothing more, also when it was closed with a rest.
    lines: lines.map((l) => ({
      ...l,
      open_qty: header.status === 'received' ? '0' : openQuantity(l.quantity, l.received_qty),
    })),
    receipts: receipts.map((r) => ({ ...r, lines: rLines.filter((l) => l.receipt_id === r.id) })),
  };
}

export async function listOrders(tx: Tx, q: PoListQuery) {
  const { rows: list, total } = await repo.listOrders(tx, q);
  return { rows: list, total, page: q.page, page_size: q.page_size };
}

export async function createOrder(
  tx: Tx,
  ctx: CompanyContext,
  input: PoInput,
  source: 'manual' | 'low_stock' = 'manual',
) {
  await assertSupplier(tx, input.supplier_id);
  const { lines, totals } = await resolveLines(tx, input.lines);
  const id = await repo.insertHeader(tx, ctx, { ...input, source }, totals);
  await repo.replaceLines(tx, ctx.companyId, id, lines);
  await notifyCompany(tx, ctx.companyId, 'purchasing', [id]);
  return id;
}

export async function updateOrder(tx: Tx, ctx: CompanyContext, id: string, input: PoInput) {
  const header = await repo.getHeader(tx, id, true);
  if (!header) throw notFound();
  if (!isEditable(header.status))
    throw new AppError('INVALID_TRANSITION', 'Poslana narudžbenica se ne može mijenjati', [
      { field: 'status', key: 'errors.INVALID_TRANSITION' },
    ]);
  await assertSupplier(tx, input.supplier_id);
  const { lines, totals } = await resolveLines(tx, input.lines);
  await repo.updateHeader(tx, id, input, totals);
  await repo.replaceLines(tx, ctx.companyId, id, lines);
  await notifyCompany(tx, ctx.companyId, 'purchasing', [id]);
}

/** Base-unit quantity still on order per item, for a set of lines. */
function openByItem(
  lines: repo.PoLineRow[],
  received: (l: repo.PoLineRow) => string = (l) => l.received_qty,
) {
  const out = new Map<string, Decimal>();
  for (const l of lines) {
    const open = new D(openQuantity(l.quantity, received(l))).times(l.unit_factor);
    out.set(l.item_id, (out.get(l.item_id) ?? new D(0)).plus(open));
  }
  return out;
}

function deltas(before: Map<string, Decimal>, after: Map<string, Decimal>): Map<string, string> {
  const out = new Map<string, string>();
  for (const id of new Set([...before.keys(), ...after.keys()]))
    out.set(id, (after.get(id) ?? new D(0)).minus(before.get(id) ?? new D(0)).toFixed());
  return out;
}

/**
 * Sends a draft: allocates its number (gapless, per year), dates it (and, without a typed delivery
 * date, expects it after the supplier's lead time) and puts its quantities on order.
 */
export async function sendOrder(tx: Tx, ctx: CompanyContext, id: string) {
  const header = await repo.getHeader(tx, id, true);
  if (!header) throw notFound();
  assertTransition(header.status, 'sent');
  const lines = await repo.getLines(tx, id);
  const date = await today(tx);
  const settings = await repo.getSettings(tx);
  const year = Number(date.slice(0, 4));
  const number = formatPurchasingNumber(
    settings.po_prefix,
    year,
    await repo.nextSequence(tx, ctx.companyId, 'purchase_order', year),
  );
  const supplier = await findPartner(tx, 'supplier', header.supplier_id);
  const expectedOn = expectedDelivery(header.expected_on, date, supplier?.lead_time_days ?? null);
  await repo.markSent(tx, id, number, date, expectedOn);
  await inventory.addOnOrder(tx, deltas(new Map(), openByItem(lines)));
  await notifyCompany(tx, ctx.companyId, 'purchasing', [id]);
}

export async function cancelOrder(tx: Tx, ctx: CompanyContext, id: string) {
  const header = await repo.getHeader(tx, id, true);
  if (!header) throw notFound();
  assertTransition(header.status, 'cancelled');
  await repo.markCancelled(tx, id);
  if (header.status !== 'draft') {
    const lines = await repo.getLines(tx, id);
    await inventory.addOnOrder(tx, deltas(openByItem(lines), new Map()));
  }
  await notifyCompany(tx, ctx.companyId, 'purchasing', [id]);
}

/**
 * Closes a partially received order the supplier will not complete: it counts as received, and
 * what was still open leaves the items' quantities on order (so low stock sees the shortfall).
 * Cancelling one of its receipts later opens it again (`applyReceived`).
 */
export async function closeOrder(tx: Tx, ctx: CompanyContext, id: string) {
  const header = await repo.getHeader(tx, id, true);
  if (!header) throw notFound();
  if (header.status !== 'partially_received') throw refuse(header.status, 'received');
  const lines = await repo.getLines(tx, id);
  await repo.setStatus(tx, id, 'received');
  await inventory.addOnOrder(tx, deltas(openByItem(lines), new Map()));
  await notifyCompany(tx, ctx.companyId, 'purchasing', [id]);
}

/**
 * A receipt is dated on a business day between the day its order was sent (ordered_on) and today
 * in Europe/Zagreb: receipt numbers then follow the dates, and lead times are never negative.
 */
function assertReceiptDate(receivedOn: string, orderedOn: string | null) {
  const today = businessDay();
  if (receivedOn > today)
    throw new AppError('VALIDATION', 'Datum primke ne može biti u budućnosti', [
      { field: 'received_on', key: 'validation.receiptInFuture', params: { today } },
    ]);
  if (orderedOn && receivedOn < orderedOn)
    throw new AppError('VALIDATION', `Datum primke ne može biti prije datuma narudžbe (${orderedOn})`, [
      { field: 'received_on', key: 'validation.receiptBeforeOrder', params: { ordered_on: orderedOn } },
    ]);
}

/**
 * Posts a goods receipt against an order in one transaction: the order row is locked first (so
 * concurrent receipts of one order run one after another and never over-receive), quantities are
 * checked against what is still open, the stock is posted through the inventory service (lots,
 * moving average cost), and the order's received quantities, on-order figures and status follow.
 */
export async function receive(tx: Tx, ctx: CompanyContext, orderId: string, input: ReceiptInput) {
  const header = await repo.getHeader(tx, orderId, true);
  if (!header) throw notFound();
  if (!isReceivable(header.status)) throw refuse(header.status, 'received');
  assertReceiptDate(input.received_on, header.ordered_on);

  const lines = await repo.getLines(tx, orderId);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const issues: FieldIssue[] = [];
  const adding = new Map<string, Decimal>();
  input.lines.forEach((r, i) => {
    const line = byId.get(r.po_line_id);
    if (!line) issues.push({ field: `lines.${i}.po_line_id`, key: 'validation.invalid' });
    else if (!line.lot_tracked && (r.lot_number || r.expires_on))
      // Inventory makes no lot for such an item: the receipt would name a lot nobody can trace.
      issues.push({
        field: `lines.${i}.${r.lot_number ? 'lot_number' : 'expires_on'}`,
        key: 'validation.lotNotTracked',
        params: { item: line.sku },
      });
    else if (zeroInBase(r.quantity, line.unit_factor))
      issues.push(baseQuantityZero(`lines.${i}.quantity`, r.quantity, line.unit));
    else adding.set(line.id, (adding.get(line.id) ?? new D(0)).plus(r.quantity));
  });
  if (issues.length) throw new AppError('VALIDATION', 'Stavke primke nisu ispravne', issues);

  if (!input.confirm_over_receipt) {
    const over: FieldIssue[] = [];
    input.lines.forEach((r, i) => {
      const line = byId.get(r.po_line_id) as repo.PoLineRow;
      const check = receiptCheck(
        { ordered: line.quantity, received: line.received_qty },
        (adding.get(line.id) as Decimal).toFixed(),
      );
      if (check.over && !over.some((o) => o.params?.line_id === line.id))
        over.push({
          field: `lines.${i}.quantity`,
          key: 'errors.OVER_RECEIPT',
          params: {
            item: line.sku,
            remaining: check.remaining,
            requested: (adding.get(line.id) as Decimal).toFixed(),
            line_id: line.id,
          },
        });
    });
    if (over.length) {
      const first = over[0]?.params ?? {};
      throw new AppError(
        'OVER_RECEIPT',
        `Primka premašuje naručenu količinu (${first.item}: preostalo ${first.remaining}, zaprimljeno ${first.requested})`,
        over,
      );
    }
  }

  const settings = await repo.getSettings(tx);
  const year = Number(input.received_on.slice(0, 4));
  const number = formatPurchasingNumber(
    settings.receipt_prefix,
    year,
    await repo.nextSequence(tx, ctx.companyId, 'goods_receipt', year),
  );
  // Under the number's counter lock: numbers follow the dates, so a receipt may not be dated
  // before the latest receipt of its year (a forgotten one is entered with today's date).
  const latest = await repo.latestReceiptDay(tx, year);
  if (latest && input.received_on < latest)
    throw new AppError('VALIDATION', `Datum primke ne može biti prije zadnje primke (${latest})`, [
      { field: 'received_on', key: 'validation.receiptBeforeLatest', params: { latest } },
    ]);
  const stockLines = input.lines.map((r) => {
    const line = byId.get(r.po_line_id) as repo.PoLineRow;
    const price = r.unit_price ?? line.unit_price;
    return {
      item_id: line.item_id,
      quantity: baseQuantity(r.quantity, line.unit_factor).toFixed(),
      unit_cost: new D(price).div(line.unit_factor).toDecimalPlaces(6).toFixed(),
      lot_number: r.lot_number,
      expires_on: r.expires_on,
      price,
    };
  });
  const posted = await inventory.receive(tx, ctx, {
    location_id: input.location_id,
    reference: number,
    note: input.note,
    supplier_id: header.supplier_id,
    received_on: input.received_on,
    lines: stockLines.map(({ price: _p, ...l }) => l),
  } as Parameters<typeof inventory.receive>[2]);

  const receiptId = await repo.insertReceipt(tx, ctx, {
    number,
    orderId,
    supplierId: header.supplier_id,
    locationId: input.location_id,
    receivedOn: input.received_on,
    stockDocumentId: posted.id,
    overReceiptConfirmed: input.confirm_over_receipt,
    note: input.note,
  });
  for (const [i, r] of input.lines.entries()) {
    const s = stockLines[i] as (typeof stockLines)[number];
    await repo.insertReceiptLine(tx, ctx.companyId, receiptId, {
      lineNo: i + 1,
      poLineId: r.po_line_id,
      itemId: s.item_id,
      quantity: r.quantity,
      baseQuantity: s.quantity,
      unitPrice: s.price,
      lotNumber: r.lot_number,
      expiresOn: r.expires_on,
    });
  }
  await applyReceived(tx, header, lines, adding, 1);
  await notifyCompany(tx, ctx.companyId, 'purchasing', [orderId, receiptId]);
  return receiptId;
}

/** Adds (sign 1) or removes (sign −1) received quantities; moves on-order and the status with them. */
async function applyReceived(
  tx: Tx,
  header: repo.PoHeader,
  lines: repo.PoLineRow[],
  change: Map<string, Decimal>,
  sign: 1 | -1,
) {
  const after = new Map(
    lines.map((l) => [
      l.id,
      new D(l.received_qty).plus((change.get(l.id) ?? new D(0)).times(sign)).toFixed(),
    ]),
  );
  for (const [lineId, qty] of after) {
    if (!change.has(lineId)) continue;
    await repo.setReceivedQty(tx, lineId, qty);
  }
  const next = statusFromReceipts(
    lines.map((l) => ({ ordered: l.quantity, received: after.get(l.id) as string })),
  );
  // Open quantities are on order only while goods are expected: a received order (fully, or
  // closed with a rest) has none, so a receipt cancelled on a closed order puts its rest back.
  const onOrder = (status: PoStatus, received?: (l: repo.PoLineRow) => string) =>
    isReceivable(status) ? openByItem(lines, received) : new Map<string, Decimal>();
  await inventory.addOnOrder(
    tx,
    deltas(
      onOrder(header.status),
      onOrder(next, (l) => after.get(l.id) as string),
    ),
  );
  if (next !== header.status) {
    assertTransition(header.status, next);
    await repo.setStatus(tx, header.id, next);
  }
}

/** Cancels a posted receipt: the stock document is reversed and the order takes the quantities back. */
export async function cancelReceipt(tx: Tx, ctx: CompanyContext, receiptId: string) {
  const orderId = await repo.orderOfReceipt(tx, receiptId);
  if (!orderId) throw new AppError('NOT_FOUND', 'Primka nije pronađena');
  const header = (await repo.getHeader(tx, orderId, true)) as repo.PoHeader;
  const receipt = await repo.receiptById(tx, receiptId);
  if (receipt?.status !== 'posted')
    throw new AppError('INVALID_TRANSITION', 'Primka je već stornirana', [
      { field: 'status', key: 'errors.INVALID_TRANSITION' },
    ]);
  const reversal = await inventory.reverse(tx, ctx, receipt.stock_document_id as string);
  await repo.markReceiptCancelled(tx, receiptId, reversal.id);
  const lines = await repo.getLines(tx, header.id);
  const change = new Map<string, Decimal>();
  for (const l of await repo.receiptLines(tx, [receiptId]))
    change.set(l.po_line_id, (change.get(l.po_line_id) ?? new D(0)).plus(l.quantity));
  await applyReceived(tx, header, lines, change, -1);
  await notifyCompany(tx, ctx.companyId, 'purchasing', [header.id, receiptId]);
  return receiptId;
}

export async function getReceipt(tx: Tx, id: string) {
  const receipt = await repo.receiptById(tx, id);
  if (!receipt) throw new AppError('NOT_FOUND', 'Primka nije pronađena');
  return { ...receipt, lines: await repo.receiptLines(tx, [id]) };
}

/**
 * A low-stock line's quantity, unit and price: the reorder quantity (else the shortfall) and the
 * price per base unit, or, when the item has a purchase unit (glass kept in m², bought in sheets),
 * that many base units rounded up to whole purchase units at the price of one purchase unit.
 */
function draftQuantity(i: repo.LowStockItem) {
  const base = new D(i.reorder_qty && new D(i.reorder_qty).gt(0) ? i.reorder_qty : i.shortfall);
  const price = new D(i.price ?? 0);
  if (!i.purchase_unit || !i.purchase_factor)
    return { quantity: base.toFixed(), unit: null, unit_price: price.toFixed() };
  return {
    quantity: wholeUnitsFor(base, i.purchase_factor).toFixed(),
    unit: i.purchase_unit,
    unit_price: rescalePrice(price, 1, i.purchase_factor).toFixed(),
  };
}

/**
 * One draft order per default supplier for the items below their reorder point, each for its
 * reorder quantity (or, without one, what brings it back to the reorder point). Items without a
 * default supplier are returned as skipped; items already on a draft order are skipped too (the
 * draft is still editable: the user tops it up there) and returned in `on_draft` with that draft.
 */
export async function createFromLowStock(tx: Tx, ctx: CompanyContext, itemIds?: string[]) {
  const low = await repo.lowStockItems(tx, itemIds);
  const bySupplier = new Map<string, typeof low>();
  const skipped: { item_id: string; sku: string }[] = [];
  const onDraft: { item_id: string; sku: string; order_id: string }[] = [];
  for (const item of low) {
    if (item.draft_order_id) {
      onDraft.push({ item_id: item.id, sku: item.sku, order_id: item.draft_order_id });
      continue;
    }
    if (!item.default_supplier_id) {
      skipped.push({ item_id: item.id, sku: item.sku });
      continue;
    }
    const list = bySupplier.get(item.default_supplier_id) ?? [];
    list.push(item);
    bySupplier.set(item.default_supplier_id, list);
  }
  const orders: string[] = [];
  for (const [supplierId, items] of [...bySupplier.entries()].sort()) {
    const lines = items.map((i) => ({
      item_id: i.id,
      description: null,
      ...draftQuantity(i),
      vat_rate: new D(i.vat_rate).toFixed(),
    }));
    orders.push(
      await createOrder(
        tx,
        ctx,
        { supplier_id: supplierId, expected_on: null, note: null, lines },
        'low_stock',
      ),
    );
  }
  return { orders, skipped, on_draft: onDraft };
}

/** Delivery performance of a supplier over a period (see the domain function for the definitions). */
export async function performance(tx: Tx, supplierId: string, period: { from: string; to: string }) {
  if (!(await findPartner(tx, 'supplier', supplierId)))
    throw new AppError('NOT_FOUND', 'Dobavljač nije pronađen');
  const orders = await repo.supplierOrderLines(tx, supplierId, period);
  const grouped = new Map<
    string,
    {
      id: string;
      ordered_on: string;
      expected_on: string | null;
      lines: { ordered: string; received: string }[];
    }
  >();
  for (const r of orders) {
    const o = grouped.get(r.id) ?? {
      id: r.id,
      ordered_on: r.ordered_on,
      expected_on: r.expected_on,
      lines: [],
    };
    o.lines.push({ ordered: r.ordered, received: r.received });
    grouped.set(r.id, o);
  }
  const receipts = await repo.supplierReceipts(tx, supplierId);
  return {
    from: period.from,
    to: period.to,
    ...supplierPerformance({ orders: [...grouped.values()], receipts, ...period }),
  };
}

export const getSettings = (tx: Tx) => repo.getSettings(tx);
export const putSettings = (tx: Tx, ctx: CompanyContext, input: Parameters<typeof repo.putSettings>[2]) =>
  repo.putSettings(tx, ctx.companyId, input);

/** The list headers of orders just created (the low-stock proposal's answer). */
export async function orderHeaders(tx: Tx, ids: readonly string[]): Promise<repo.PoHeader[]> {
  const headers: repo.PoHeader[] = [];
  for (const id of ids) headers.push((await repo.getHeader(tx, id)) as repo.PoHeader);
  return headers;
}

/** A received invoice's order found by its number (not cancelled; of the supplier when given). */
export const orderByNumber = (tx: Tx, number: string, supplierId: string | null) =>
  repo.orderByNumber(tx, number, supplierId);

/** An order's number, supplier and status (a received invoice checks the order it names). */
export const orderHeader = (tx: Tx, id: string) => repo.orderHeader(tx, id);
