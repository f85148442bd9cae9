import Decimal from 'decimal.js';

// Delivery and invoicing per source line (issue 17): every line of a work order reaches the
// customer on delivery notes (partial notes allowed, never more than ordered) and reaches an
// invoice exactly once, either through a delivery note or straight from the order. Credit notes
// give the credited quantity back, so it can be invoiced again. Quantities are decimal strings.

/** What is left of a quantity after what was already taken; never below zero. */
export function remainingQuantity(total: Decimal.Value, taken: Decimal.Value): Decimal {
  return Decimal.max(new Decimal(total).minus(taken), 0);
}

/**
 * What a delivery-note line can still put on an invoice: its own quantity less what was invoiced
 * from it, and, for a line made from a work-order line, no more than that order line has left
 * (an order line invoiced directly is not invoiced again through its note).
 */
export function invoiceableQuantity(
  own: { quantity: Decimal.Value; invoiced: Decimal.Value },
  order: { quantity: Decimal.Value; invoiced: Decimal.Value } | null,
): Decimal {
  const left = remainingQuantity(own.quantity, own.invoiced);
  return order ? Decimal.min(left, remainingQuantity(order.quantity, order.invoiced)) : left;
}

export type QuantityRequest = {
  /** 1-based line number on the document being written. */
  line: number;
  /** What the user recognises the line by (SKU or description). */
  label: string;
  requested: Decimal.Value;
  remaining: Decimal.Value;
};

/** The first request that asks for more than is left (over-delivery, over-invoicing), or null. */
export function firstExcess<R extends QuantityRequest>(requests: readonly R[]): R | null {
  return requests.find((r) => new Decimal(r.requested).gt(r.remaining)) ?? null;
}

/** The progress of one order line: ordered, delivered, invoiced and what is left of each. */
export function lineProgress(l: {
  ordered: Decimal.Value;
  delivered: Decimal.Value;
  invoiced: Decimal.Value;
}) {
  return {
    ordered: new Decimal(l.ordered).toFixed(),
    delivered: new Decimal(l.delivered).toFixed(),
    to_deliver: remainingQuantity(l.ordered, l.delivered).toFixed(),
    invoiced: new Decimal(l.invoiced).toFixed(),
    to_invoice: remainingQuantity(l.ordered, l.invoiced).toFixed(),
  };
}
