import Decimal from 'decimal.js';
import { ApiError } from '../../lib/api.ts';
import { formatNumberInput, parseNumberInput } from '../../lib/format.ts';

/** One invoice line in the credit-note dialog: what may still be credited and what is typed. */
export type CreditRow = {
  line_id: string;
  /** What no credit note has taken back yet (plain decimal). */
  left: string;
  /** The invoice's unit price (plain decimal). */
  price: string;
  quantity: string;
  unit_price: string;
};

/** The dialog's rows: every line that still has something to credit, its whole remainder typed in. */
export function creditRows(
  lines: readonly { id: string; unit_price: string }[],
  creditable: readonly { line_id: string; quantity: string }[],
  lng?: string,
): CreditRow[] {
  const left = new Map(creditable.map((c) => [c.line_id, c.quantity]));
  return lines
    .map((l) => ({ line: l, left: left.get(l.id) ?? '0' }))
    .filter((r) => new Decimal(r.left).gt(0))
    .map(({ line, left }) => ({
      line_id: line.id,
      left,
      price: line.unit_price,
      quantity: formatNumberInput(left, lng),
      unit_price: formatNumberInput(line.unit_price, lng, 2),
    }));
}

/**
 * The credit-note request: the rows with a quantity typed (an empty or zero row credits nothing),
 * each naming its invoice line; a price is sent only when lowered or raised from the invoice's, so
 * the server judges it (validation.creditPriceAbove). `positions` maps the request's line numbers
 * back to the dialog's rows for the server's refusals.
 */
export function creditRequest(rows: readonly CreditRow[], lng?: string) {
  const lines: { source_line_id: string; quantity: string; unit_price?: string }[] = [];
  const positions: number[] = [];
  rows.forEach((r, index) => {
    const typed = r.quantity.trim();
    const quantity = parseNumberInput(typed, lng);
    if (typed === '' || (quantity !== null && new Decimal(quantity).isZero())) return;
    const price = parseNumberInput(r.unit_price, lng);
    const line: (typeof lines)[number] = { source_line_id: r.line_id, quantity: quantity ?? typed };
    if (price === null || !new Decimal(price).eq(r.price)) line.unit_price = price ?? r.unit_price.trim();
    lines.push(line);
    positions.push(index + 1);
  });
  return { lines, positions };
}

/** A refusal of the request with its line numbers ("Stavka 1") turned into the dialog's row numbers. */
export function refusalForRows(error: unknown, positions: readonly number[]): unknown {
  if (!(error instanceof ApiError) || !error.details) return error;
  const details = error.details.map((d) => {
    const line = d.params?.line;
    if (typeof line !== 'number' || positions[line - 1] === undefined) return d;
    return { ...d, params: { ...d.params, line: positions[line - 1] } };
  });
  return new ApiError(error.code, error.message, error.status, details);
}
