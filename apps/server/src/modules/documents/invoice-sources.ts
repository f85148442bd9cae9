import {
  AppError,
  firstExcess,
  glassWorkOf,
  invoiceableQuantity,
  lineAmounts,
  money,
  normaliseVatRate,
  type QuantityRequest,
  remainingQuantity,
  windowSpecOf,
} from '@erp/domain';
import Decimal from 'decimal.js';
import type { Tx } from '../../db/database.ts';
import type * as repo from './documents.repo.ts';
import { getLines, lockDocuments } from './documents.repo.ts';
import {
  billableSources,
  invoicedQuantities,
  quantityOf,
  type SourceLine,
  sourceLines,
} from './fulfilment.repo.ts';

// What an invoice may still bill of each source line (issue 17: every line reaches an invoice
// exactly once). A source is a delivery-note line (issued or delivered note) or a work-order line
// (completed order). A note line is bounded by itself and by its work-order line, so a line billed
// straight from the order is not billed again through its note, nor the other way round. Lines
// taken earlier in the same invoice count at once.

export type Budget = Awaited<ReturnType<typeof invoiceBudget>>;

export async function invoiceBudget(
  tx: Tx,
  sourceIds: readonly string[],
  excludeInvoiceId: string | null,
  /** Lock the documents billed from (writing an invoice); a read that only shows what is left does not. */
  lock = true,
) {
  const sources = await sourceLines(tx, sourceIds);
  const orderIds = [...sources.values()].flatMap((s) =>
    s.kind === 'delivery_note' && s.source_line_id ? [s.source_line_id] : [],
  );
  const orders = await sourceLines(tx, orderIds);
  // Every document billed from is locked (in one order), so two invoices written at the same time
  // read each other's quantities instead of both billing what is left.
  const documentIds = [
    ...new Set([...sources.values(), ...orders.values()].map((s) => s.document_id)),
  ].sort();
  if (lock && documentIds.length > 0) await lockDocuments(tx, documentIds);
  const invoiced = await invoicedQuantities(tx, [...sources.keys(), ...orders.keys()], excludeInvoiceId);
  const used = new Map<string, Decimal>();
  const taken = (id: string) => quantityOf(invoiced, id).plus(quantityOf(used, id));
  const orderOf = (s: SourceLine) =>
    s.kind === 'delivery_note' && s.source_line_id ? (orders.get(s.source_line_id) ?? null) : null;

  /** What is left to bill of a source line (0 for anything that is not a billable source). */
  const available = (id: string): Decimal => {
    const s = sources.get(id);
    if (!s) return new Decimal(0);
    if (s.kind === 'work_order') return remainingQuantity(s.quantity, taken(id));
    const order = orderOf(s);
    return invoiceableQuantity(
      { quantity: s.quantity, invoiced: taken(id) },
      order ? { quantity: order.quantity, invoiced: taken(order.id) } : null,
    );
  };
  const take = (id: string, quantity: Decimal.Value) => {
    used.set(id, quantityOf(used, id).plus(quantity));
    const s = sources.get(id);
    const order = s ? orderOf(s) : null;
    if (order) used.set(order.id, quantityOf(used, order.id).plus(quantity));
  };
  return { sources, available, take };
}

/** A stored line as line input, with another quantity and its source (prices and fields copied). */
export function lineFrom(l: repo.LineRow, quantity: string) {
  return {
    item_id: l.item_id,
    description: l.description,
    quantity,
    unit: l.unit,
    width_mm: l.width_mm,
    height_mm: l.height_mm,
    unit_price: l.unit_price,
    // The line's own KPD code travels with it (a free-text line has no item to take it from).
    kpd_code: l.kpd_code,
    discount_pct: l.discount_pct,
    vat_rate: (normaliseVatRate(l.vat_rate) ?? '25') as '25',
    lot_id: l.lot_id,
    source_line_id: l.id,
    shaped: l.shaped,
    ...glassWorkOf(l),
    ...windowSpecOf(l),
  };
}

/** The lines of a source document that still have something to bill, at what is left of each. */
export function billableLines(budget: Budget, lines: readonly repo.LineRow[]) {
  const out: ReturnType<typeof lineFrom>[] = [];
  for (const l of lines) {
    const q = budget.available(l.id);
    if (q.lte(0)) continue;
    budget.take(l.id, q);
    out.push(lineFrom(l, q.toFixed()));
  }
  return out;
}

/**
 * Checks the lines of a draft invoice that name a source (kept through edits): the source is a
 * billable line of this client with the same item, and no line bills more than is left.
 */
export function checkSourcedLines(
  budget: Budget,
  clientId: string,
  lines: readonly { item_id: string | null; quantity: string; source_line_id: string | null }[],
) {
  const requests: (QuantityRequest & { index: number })[] = [];
  for (const [index, l] of lines.entries()) {
    if (!l.source_line_id) continue;
    const s = budget.sources.get(l.source_line_id);
    const billable =
      s &&
      s.client_id === clientId &&
      s.item_id === l.item_id &&
      ((s.kind === 'delivery_note' && ['issued', 'delivered'].includes(s.status)) ||
        (s.kind === 'work_order' && s.status === 'completed'));
    if (!billable)
      throw new AppError('VALIDATION', `Stavka ${index + 1}: izvorna stavka se ne može fakturirati`, [
        { field: `lines.${index}.source_line_id`, key: 'validation.invalid' },
      ]);
    requests.push({
      index,
      line: index + 1,
      label: s.number ?? '',
      requested: l.quantity,
      remaining: budget.available(l.source_line_id).toFixed(),
    });
    const excess = firstExcess(requests.slice(-1));
    if (excess)
      throw new AppError(
        'VALIDATION',
        `Stavka ${excess.line}: preostalo za fakturiranje ${excess.remaining}, traženo ${excess.requested}`,
        [
          {
            field: `lines.${excess.index}.quantity`,
            key: 'validation.overInvoicing',
            params: {
              line: excess.line,
              document: excess.label,
              remaining: String(excess.remaining),
              requested: String(excess.requested),
            },
          },
        ],
      );
    budget.take(l.source_line_id, l.quantity);
  }
}

type CreditInput = {
  item_id: string | null;
  quantity: string;
  unit_price: string | null;
  source_line_id: string | null;
};

/**
 * The lines of a credit note against an invoice, each tied to the invoice line it credits so the
 * credited quantity can be billed again (and is not credited twice). Omitted lines: whatever is not
 * credited yet of every line. A given line names its invoice line, or is matched to the first line
 * of the same item and price with enough left; a line of an item and price the invoice does not
 * bill (a price correction, a free-text line) credits an amount only.
 */
export function creditLines<L extends CreditInput>(
  original: readonly repo.LineRow[],
  credited: Map<string, Decimal>,
  given: readonly L[] | undefined,
) {
  const used = new Map<string, Decimal>();
  const left = (l: repo.LineRow) =>
    remainingQuantity(l.quantity, quantityOf(credited, l.id).plus(quantityOf(used, l.id)));
  if (!given) {
    const out = original
      .filter((l) => left(l).gt(0))
      .map((l) => ({ ...lineFrom(l, left(l).toFixed()), lot_id: null }));
    if (out.length === 0)
      throw new AppError('CONFLICT', 'Račun je već u cijelosti odobren', [
        { field: 'lines', key: 'validation.invoiceFullyCredited' },
      ]);
    return out;
  }
  return given.map((g, index) => {
    const samePrice = (l: repo.LineRow) =>
      g.unit_price === null || new Decimal(g.unit_price).eq(l.unit_price);
    const candidates = g.source_line_id
      ? original.filter((l) => l.id === g.source_line_id)
      : original.filter((l) => g.item_id && l.item_id === g.item_id && samePrice(l));
    if (g.source_line_id && candidates.length === 0)
      throw new AppError('VALIDATION', `Stavka ${index + 1} nije stavka ovog računa`, [
        { field: `lines.${index}.source_line_id`, key: 'validation.invalid' },
      ]);
    if (candidates.length === 0) return { ...g, source_line_id: null };
    const target = candidates.find((l) => left(l).gte(g.quantity));
    if (!target) {
      const most = Decimal.max(...candidates.map(left));
      throw new AppError(
        'VALIDATION',
        `Stavka ${index + 1}: preostalo za odobrenje ${most.toFixed()}, traženo ${g.quantity}`,
        [
          {
            field: `lines.${index}.quantity`,
            key: 'validation.overCredit',
            params: { line: index + 1, remaining: most.toFixed(), requested: g.quantity },
          },
        ],
      );
    }
    used.set(target.id, quantityOf(used, target.id).plus(g.quantity));
    return creditOf(target, g, index);
  });
}

/**
 * A credit line of an invoice line credits it on the invoice's own terms: its item, description,
 * unit, discount and VAT rate, only the quantity (and a lower price, for a price reduction) given.
 * Priced at the item's price of today, or at a typed higher price, it credited more than was billed.
 */
function creditOf(target: repo.LineRow, given: CreditInput, index: number) {
  const price = given.unit_price ?? target.unit_price;
  if (new Decimal(price).gt(target.unit_price))
    throw new AppError('VALIDATION', `Stavka ${index + 1}: cijena odobrenja veća je od cijene na računu`, [
      { field: `lines.${index}.unit_price`, key: 'validation.creditPriceAbove', params: { line: index + 1 } },
    ]);
  return { ...lineFrom(target, given.quantity), unit_price: price };
}

/**
 * The client's delivery notes (issued or delivered) and completed work orders that still have
 * something to bill, each with the net amount of what is left (the invoice form offers only these).
 * Each document is counted on its own: a line on a note not billed yet shows on the note and on its
 * order, and either bills it.
 */
export async function billableDocuments(tx: Tx, clientId: string) {
  const docs = await billableSources(tx, clientId);
  const lines = new Map<string, repo.LineRow[]>();
  for (const d of docs) lines.set(d.id, await getLines(tx, d.id));
  const budget = await invoiceBudget(
    tx,
    [...lines.values()].flat().map((l) => l.id),
    null,
    false,
  );
  const out = { delivery_notes: [] as Billable[], work_orders: [] as Billable[] };
  for (const d of docs) {
    const open = (lines.get(d.id) ?? []).filter((l) => budget.available(l.id).gt(0));
    if (open.length === 0) continue;
    const net = open.reduce(
      (sum, l) =>
        sum.plus(
          lineAmounts({
            quantity: budget.available(l.id),
            unitPrice: l.unit_price,
            discountPct: l.discount_pct,
            vatRate: (normaliseVatRate(l.vat_rate) ?? '25') as '25',
          }).net,
        ),
      new Decimal(0),
    );
    const row = { id: d.id, number: d.number, doc_date: d.doc_date, net_left: money(net) };
    (d.kind === 'delivery_note' ? out.delivery_notes : out.work_orders).push(row);
  }
  return out;
}

type Billable = { id: string; number: string | null; doc_date: string; net_left: string };
