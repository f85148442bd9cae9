import { unitCode } from '../documents/ubl.ts';
import { Dec, QTY_DECIMALS } from '../production/decimal.ts';
import type { MatchDifference, MatchedLine, ReceivedLine } from './contracts.ts';

/** One purchase-order line as matching needs it (quantities in the order line's unit). */
export type OrderLineForMatch = {
  id: string;
  line_no: number;
  sku: string;
  item_name: string;
  supplier_sku: string | null;
  quantity: string;
  unit: string;
  unit_price: string;
  /** The item's units: its base unit (factor 1) and its conversions (1 unit = factor base units). */
  units: { unit: string; factor: string }[];
  /** Quantity received by the order's posted receipts. */
  received: string;
  /**
   * Quantity billed for this line by the order's other invoices that are not rejected or invalid,
   * less their credit notes (a supplier often invoices each delivery of one order separately).
   */
  invoiced_elsewhere: string;
};

/**
 * What this invoice is expected to bill of an order line: what was received (what was ordered
 * while nothing was received), less what the order's other invoices already bill, never below 0.
 */
function toBill(ol: OrderLineForMatch): Dec {
  const received = new Dec(ol.received);
  const base = received.gt(0) ? received : new Dec(ol.quantity);
  return Dec.max(0, base.minus(ol.invoiced_elsewhere));
}

/** H87 (piece) and C62 (one) both count pieces; our units without a code of their own are sent as C62. */
const COUNT_CODES = ['H87', 'C62'];
const sameCode = (a: string, b: string) => a === b || (COUNT_CODES.includes(a) && COUNT_CODES.includes(b));

/**
 * How many of the order line's units one of the invoice's units is: 1 when the invoice's unit code
 * (BT-130) is the order line's unit, the ratio of the two conversion factors when it is exactly one
 * other unit of the item (m² invoiced for sheets ordered: 1 m² = 1 / 7.2225 plo), and null when the
 * invoice names no unit, a unit the item does not have, or one that fits several of its units.
 */
export function orderUnitsPerInvoiceUnit(invoiceUnit: string | null, ol: OrderLineForMatch): Dec | null {
  if (!invoiceUnit) return null;
  const code = invoiceUnit.trim().toUpperCase();
  const orderFactor = ol.units.find((u) => u.unit === ol.unit)?.factor;
  if (!orderFactor) return null;
  if (sameCode(code, unitCode(ol.unit))) return new Dec(1);
  const fits = ol.units.filter((u) => sameCode(code, unitCode(u.unit)));
  if (fits.length !== 1) return null;
  return new Dec((fits[0] as { factor: string }).factor).div(orderFactor);
}

/** Decimal places a quantity is written with (the supplier's rounding of a converted quantity). */
const placesOf = (quantity: string) => (quantity.split('.')[1] ?? '').length;

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== '';

/** The invoice line's net price per unit: price ÷ base quantity (BT-146 / BT-149). */
export function unitPriceOf(line: Pick<ReceivedLine, 'price' | 'base_quantity'>): Dec {
  const base = line.base_quantity === null ? new Dec(1) : new Dec(line.base_quantity);
  return base.isZero() ? new Dec(line.price) : new Dec(line.price).div(base);
}

/**
 * Pairs the invoice's lines with the order's lines and lists the differences. A line is paired by
 * our SKU in the buyer's item id, then by the supplier's code in the seller's item id, then by the
 * item name, and what is left by position. Quantities are compared with what is left to bill
 * (`toBill`: received, or ordered while nothing was received, less the order's other invoices),
 * prices with the order's price per unit, both in the order line's unit (an invoice in another of
 * the item's units is converted; one in a unit the item does not define is a `unit` difference). An order line this invoice does not bill is a
 * difference only while something of it is left to bill.
 */
export function matchLines(invoiceLines: ReceivedLine[], orderLines: OrderLineForMatch[]): MatchedLine[] {
  const free = new Set(orderLines.map((l) => l.id));
  const pairs = new Map<string, OrderLineForMatch>();
  const passes: Array<(inv: ReceivedLine, ol: OrderLineForMatch) => boolean> = [
    (inv, ol) => same(inv.buyer_item_id, ol.sku),
    (inv, ol) => same(inv.seller_item_id, ol.supplier_sku),
    (inv, ol) => same(inv.name, ol.item_name),
  ];
  for (const pass of passes) {
    for (const inv of invoiceLines) {
      if (pairs.has(inv.id)) continue;
      const hit = orderLines.find((ol) => free.has(ol.id) && pass(inv, ol));
      if (hit) {
        pairs.set(inv.id, hit);
        free.delete(hit.id);
      }
    }
  }
  const leftover = orderLines.filter((ol) => free.has(ol.id));
  for (const inv of invoiceLines) {
    if (pairs.has(inv.id)) continue;
    const next = leftover.shift();
    if (next) {
      pairs.set(inv.id, next);
      free.delete(next.id);
    }
  }

  const out: MatchedLine[] = invoiceLines.map((inv) => {
    const ol = pairs.get(inv.id);
    const price = unitPriceOf(inv);
    if (!ol) {
      return {
        invoice_line_id: inv.id,
        invoice_line_name: inv.name,
        po_line_id: null,
        po_line_no: null,
        sku: null,
        invoiced_qty: inv.quantity,
        invoice_unit: inv.unit_code,
        invoiced_in_order_unit: null,
        order_unit: null,
        ordered_qty: null,
        received_qty: null,
        invoice_price: price.toFixed(4),
        order_price: null,
        invoiced_elsewhere: null,
        differences: [{ kind: 'not_on_order' }],
      };
    }
    const differences: MatchDifference[] = [];
    const received = new Dec(ol.received);
    const expectedQty = toBill(ol);
    const invoiced = new Dec(inv.quantity);
    const orderPrice = new Dec(ol.unit_price);
    const perInvoiceUnit = orderUnitsPerInvoiceUnit(inv.unit_code, ol);
    const common = {
      invoice_line_id: inv.id,
      invoice_line_name: inv.name,
      po_line_id: ol.id,
      po_line_no: ol.line_no,
      sku: ol.sku,
      invoiced_qty: invoiced.toString(),
      invoice_unit: inv.unit_code,
      order_unit: ol.unit,
      ordered_qty: new Dec(ol.quantity).toString(),
      received_qty: received.toString(),
      order_price: orderPrice.toFixed(4),
      invoiced_elsewhere: new Dec(ol.invoiced_elsewhere).toString(),
    };
    if (!perInvoiceUnit) {
      // Numbers in different units are never compared: the line says so instead.
      return {
        ...common,
        invoiced_in_order_unit: null,
        invoice_price: price.toFixed(4),
        differences: [{ kind: 'unit', invoice_unit: inv.unit_code, order_unit: ol.unit }],
      };
    }
    const inOrderUnit = invoiced.mul(perInvoiceUnit).toDecimalPlaces(QTY_DECIMALS);
    const orderUnitPrice = price.div(perInvoiceUnit);
    // In another unit the expected quantity, converted to the invoice's unit, is compared at the
    // decimals the invoice states it with, at least two (3 sheets of 7.2225 m² invoiced as 21.67 m² agree).
    const expectedAsInvoiced = perInvoiceUnit.eq(1)
      ? expectedQty
      : expectedQty.div(perInvoiceUnit).toDecimalPlaces(Math.max(2, placesOf(inv.quantity)));
    if (!invoiced.eq(expectedAsInvoiced)) {
      differences.push({
        kind: 'quantity',
        expected: expectedQty.toString(),
        actual: inOrderUnit.toString(),
        difference: inOrderUnit.minus(expectedQty).toString(),
      });
    }
    if (!orderUnitPrice.toDecimalPlaces(4).eq(orderPrice)) {
      differences.push({
        kind: 'price',
        expected: orderPrice.toFixed(4),
        actual: orderUnitPrice.toFixed(4),
        difference: orderUnitPrice.minus(orderPrice).toFixed(4),
      });
    }
    return {
      ...common,
      invoiced_in_order_unit: inOrderUnit.toString(),
      invoice_price: orderUnitPrice.toFixed(4),
      differences,
    };
  });
  for (const ol of orderLines.filter((l) => free.has(l.id))) {
    const left = toBill(ol);
    out.push({
      invoice_line_id: null,
      invoice_line_name: null,
      po_line_id: ol.id,
      po_line_no: ol.line_no,
      sku: ol.sku,
      invoiced_qty: null,
      invoice_unit: null,
      invoiced_in_order_unit: null,
      order_unit: ol.unit,
      ordered_qty: new Dec(ol.quantity).toString(),
      received_qty: new Dec(ol.received).toString(),
      invoice_price: null,
      order_price: new Dec(ol.unit_price).toFixed(4),
      invoiced_elsewhere: new Dec(ol.invoiced_elsewhere).toString(),
      differences: left.gt(0) ? [{ kind: 'not_invoiced', expected: left.toString() }] : [],
    });
  }
  return out;
}
