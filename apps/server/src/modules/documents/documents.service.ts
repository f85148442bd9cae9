import {
  AppError,
  applyAction,
  assertDraft,
  DOCUMENT_MACHINES,
  type DocumentKind,
  type DocumentListQuery,
  type DocumentSettings,
  documentActions,
  type documentLineInputSchema,
  documentTotals,
  dueDateFrom,
  glassThicknessMm,
  glassWorkOf,
  glassWorkWarnings,
  LineAmountError,
  MeasureError,
  money,
  normaliseVatRate,
  outstanding,
  type PricedLine,
  paymentStatus,
  priceDraftLine,
  shownStatus,
  type VatRate,
} from '@erp/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { CompanyContext } from '../../db/tenant.ts';
import { sealAuditForReading } from '../audit/audit.service.ts';
import { emitDocumentTransition } from '../automation/emit.ts';
import { type DocumentItemFacts, documentItemFacts } from '../inventory/inventory.service.ts';
import { findPartner } from '../partners/partners.service.ts';
import * as repo from './documents.repo.ts';
import { getPricingSettings } from './pricing-settings.ts';

type LineInput = z.output<typeof documentLineInputSchema>;

export const notFound = () => new AppError('NOT_FOUND', 'Dokument nije pronađen');

// Lines -------------------------------------------------------------------------------------------

type ItemInfo = DocumentItemFacts;

export async function itemsById(tx: Tx, ids: readonly string[]): Promise<Map<string, ItemInfo>> {
  if (ids.length === 0) return new Map();
  const list = await documentItemFacts(tx, [...new Set(ids)]);
  return new Map(list.map((i) => [i.id, i]));
}

export type ClientInfo = {
  id: string;
  name: string;
  kind: string;
  oib: string | null;
  vat_id: string | null;
  email: string | null;
  billing_address: {
    street?: string | null;
    postal_code?: string | null;
    city?: string | null;
    country?: string | null;
  } | null;
  delivery_address: {
    street?: string | null;
    postal_code?: string | null;
    city?: string | null;
    country?: string | null;
  } | null;
  payment_terms_days: number;
  default_discount: string;
};

export async function requireClient(
  tx: Tx,
  id: string | null,
  field = 'client_id',
): Promise<ClientInfo | null> {
  if (!id) return null;
  const client = await findPartner(tx, 'client', id);
  if (!client)
    throw new AppError('VALIDATION', 'Klijent nije pronađen', [{ field, key: 'validation.clientUnknown' }]);
  return {
    id: client.id,
    name: client.name,
    kind: client.kind,
    oib: client.oib,
    vat_id: client.vat_id,
    email: client.email,
    billing_address: client.billing_address,
    delivery_address: client.delivery_address,
    payment_terms_days: client.payment_terms_days,
    default_discount: client.default_discount,
  };
}

export const addressLine = (a: ClientInfo['billing_address']): string | null =>
  a ? [a.street, [a.postal_code, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null : null;

/**
 * Fills a line from its item and the client (UX: "don't make users type twice") and computes its
 * net amount with the one rounding rule of the domain.
 */
export async function resolveLines(
  tx: Tx,
  lines: readonly LineInput[],
  client: ClientInfo | null,
  field = 'lines',
  /** The document is a rush order: rule-priced lines pay the rush surcharge %. */
  rush = false,
): Promise<repo.LineWrite[]> {
  const items = await itemsById(
    tx,
    lines.flatMap((l) => (l.item_id ? [l.item_id] : [])),
  );
  const settings = [...items.values()].some((item) => item.price_basis !== 'unit')
    ? await getPricingSettings(tx)
    : null;
  const lots = await repo.lotItems(
    tx,
    lines.flatMap((l) => (l.lot_id ? [l.lot_id] : [])),
  );
  return lines.map((l, i) => {
    const item = l.item_id ? items.get(l.item_id) : undefined;
    if (l.item_id && !item)
      throw new AppError('VALIDATION', 'Artikl nije pronađen', [
        { field: `${field}.${i}.item_id`, key: 'validation.itemUnknown' },
      ]);
    // A chosen lot must be one of the line's item's lots (an unknown id was a 500 from the key).
    if (l.lot_id && (!item || lots.get(l.lot_id) !== item.id))
      throw new AppError('VALIDATION', `Stavka ${i + 1}: odabrani lot ne pripada artiklu`, [
        { field: `${field}.${i}.lot_id`, key: 'validation.lotNotOfItem', params: { item: item?.sku ?? '' } },
      ]);
    if (!item && !l.description.trim())
      throw new AppError('VALIDATION', 'Unesite artikl ili opis stavke', [
        { field: `${field}.${i}.description`, key: 'validation.lineItemOrDescription' },
      ]);
    if (l.hole_count > 0 && !l.hole_diameter_mm)
      throw new AppError('VALIDATION', `Stavka ${i + 1}: unesite promjer rupa`, [
        {
          field: `${field}.${i}.hole_diameter_mm`,
          key: 'validation.holeDiameterRequired',
          params: { line: i + 1 },
        },
      ]);
    // One pricing rule with the editors (domain priceDraftLine): typed price, else the measure
    // rule's, else the item's; typed discount, else the client's; typed VAT, else the item's.
    let priced: PricedLine;
    try {
      priced = priceDraftLine(
        {
          quantity: l.quantity,
          unitPrice: l.unit_price,
          discountPct: l.discount_pct,
          vatRate: l.vat_rate,
          item: item
            ? {
                salesPrice: item.sales_price,
                vatRate: item.vat_rate,
                basis: item.price_basis,
                glassKind: item.glass_kind,
                minCharge: item.min_charge,
              }
            : null,
          widthMm: l.width_mm,
          heightMm: l.height_mm,
          shaped: l.shaped,
          holeCount: l.hole_count,
          cutoutCount: l.cutout_count,
          edgeType: l.edge_type,
          coatingRemoval: l.coating_removal,
        },
        { clientDiscountPct: client?.default_discount ?? null, settings, rush },
      );
    } catch (error) {
      if (error instanceof MeasureError && item)
        throw new AppError(
          'VALIDATION',
          `Stavka ${i + 1}: unesite širinu i visinu (artikl ${item.sku} naplaćuje se po mjeri)`,
          [
            {
              field: `${field}.${i}.${error.field}`,
              key:
                item.price_basis === 'area' ? 'validation.lineAreaNeedsSize' : 'validation.lineEdgeNeedsSize',
              params: { line: i + 1, item: item.sku },
            },
          ],
        );
      if (error instanceof LineAmountError)
        throw new AppError('VALIDATION', 'Neispravna stavka', [
          { field: `${field}.${i}.${error.field}`, key: 'validation.invalid' },
        ]);
      throw error;
    }
    const measured = priced.measured;
    const pricing = priced;
    // The billed measure is kept when the price is the rule's (computed now, or carried over
    // unchanged from the quote the line was copied from); a typed price has none.
    const billed =
      measured && (l.unit_price === null || measured.unitPrice.eq(l.unit_price)) ? measured : null;
    const net = money(priced.amounts.net);
    return {
      item_id: l.item_id,
      description: l.description.trim() || item?.name || '',
      quantity: l.quantity,
      // A measure-priced line is priced per piece.
      unit: l.unit ?? (measured ? 'kom' : (item?.base_unit ?? 'kom')),
      width_mm: l.width_mm,
      height_mm: l.height_mm,
      unit_price: pricing.unitPrice,
      discount_pct: pricing.discountPct,
      vat_rate: pricing.vatRate,
      net_amount: net,
      kpd_code: l.kpd_code ?? item?.kpd_code ?? null,
      lot_id: l.lot_id,
      billed_measure: billed ? billed.measure.toFixed() : null,
      billed_unit: billed ? billed.unit : null,
      shaped: l.shaped,
      ...glassWorkOf(l),
      // Window/door lines: carried as given (the schema parsed the glass make-up).
      profile_system: l.profile_system,
      glass_makeup: l.glass_makeup,
      colour: l.colour,
      hardware_set: l.hardware_set,
    };
  });
}

export function totalsOf(
  lines: readonly { quantity: string; unit_price: string; discount_pct: string; vat_rate: string }[],
) {
  return documentTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unit_price,
      discountPct: l.discount_pct,
      vatRate: (normaliseVatRate(l.vat_rate) ?? '25') as VatRate,
    })),
  );
}

/** The header's totals of these lines, as the documents table stores them. */
function headerTotals(lines: readonly repo.LineWrite[]) {
  const t = totalsOf(lines);
  return { net_total: money(t.net), vat_total: money(t.vat), total: money(t.total) };
}

/**
 * Writes a draft's lines, then its header: the edited `header` fields and the totals computed from
 * the lines in one update, so one save is one change in the document's history.
 */
export async function saveLines(
  tx: Tx,
  ctx: CompanyContext,
  documentId: string,
  lines: repo.LineWrite[],
  header: Record<string, unknown> = {},
) {
  const ids = await repo.replaceLines(tx, ctx.companyId, documentId, lines);
  await repo.updateHeader(tx, documentId, { ...header, ...headerTotals(lines) });
  return ids;
}

/**
 * A new document and its lines. The header is inserted with its lines' totals already in it, so the
 * history shows the creation as one event (the INSERT) and not also an edit of the totals that
 * nobody made; every row written is still in the audit trail (the header, then each line).
 */
export async function insertWithLines(
  tx: Tx,
  ctx: CompanyContext,
  d: repo.NewDocument,
  lines: repo.LineWrite[],
): Promise<string> {
  const id = await repo.insertDocument(tx, ctx.companyId, ctx.userId, { ...d, ...headerTotals(lines) });
  await repo.replaceLines(tx, ctx.companyId, id, lines);
  return id;
}

// Shared detail -----------------------------------------------------------------------------------

export function paymentOf(doc: repo.DocumentRow, today: string) {
  if (doc.kind !== 'invoice' || doc.status !== 'issued') return null;
  return paymentStatus({
    total: doc.total,
    credited: doc.credited_total,
    paid: doc.paid_total,
    dueDate: doc.due_date,
    today,
  });
}

export function present(doc: repo.DocumentRow, today: string) {
  return {
    ...doc,
    status: shownStatus(doc, today),
    payment_status: paymentOf(doc, today),
    outstanding:
      doc.kind === 'invoice' && doc.status === 'issued'
        ? money(outstanding({ total: doc.total, credited: doc.credited_total, paid: doc.paid_total }))
        : null,
    actions: documentActions(doc, today),
  };
}

export async function detail(tx: Tx, id: string) {
  const doc = await repo.getDocument(tx, id);
  if (!doc) throw notFound();
  const { date } = await repo.today(tx);
  const [lines, links] = await Promise.all([repo.getLines(tx, id), repo.links(tx, id)]);
  return { document: present(doc, date), lines: lines.map(withGlassWorkWarnings), links };
}

/**
 * A line with the warnings of its holes (domain glass-work.ts): the glass thickness is the item's,
 * else the make-up the line or the item's SKU names. Computed on every read, never stored.
 */
export function withGlassWorkWarnings<L extends repo.LineRow>(l: L) {
  const thickness = glassThicknessMm(l.item_thickness_mm, l.glass_makeup ?? l.sku);
  return {
    ...l,
    warnings: glassWorkWarnings(
      { holeCount: l.hole_count, holeDiameterMm: l.hole_diameter_mm, holeEdgeMm: l.hole_edge_mm },
      thickness,
    ),
  };
}

export async function list(tx: Tx, kinds: readonly DocumentKind[], q: DocumentListQuery) {
  const { date } = await repo.today(tx);
  const { items, total } = await repo.listDocuments(tx, kinds, q, date);
  return { items: items.map((d) => present(d, date)), total, page: q.page, page_size: q.page_size };
}

export async function history(tx: Tx, id: string) {
  if (!(await repo.getDocument(tx, id))) throw notFound();
  // Commits leave their audit rows to the next seal (migration 0050): chain them before reading.
  await sealAuditForReading(tx);
  return repo.history(tx, id);
}

// Drafts of quotes and work orders ------------------------------------------------------------------

type DraftInput = {
  client_id: string | null;
  doc_date?: string | null;
  note: string | null;
  rush: boolean;
  lines: readonly LineInput[];
};

/**
 * A new quote or work order: client and lines checked and priced first, then numbered (so a refused
 * draft takes no number) and stored. `header` adds the kind's own fields (validity, locations).
 */
export async function createDraft(
  tx: Tx,
  ctx: CompanyContext,
  kind: 'quote' | 'work_order',
  input: DraftInput,
  header: (at: { docDate: string; settings: DocumentSettings }) => Promise<Partial<repo.NewDocument>>,
) {
  const settings = await repo.getSettings(tx, ctx.companyId);
  const client = await requireClient(tx, input.client_id);
  const lines = await resolveLines(tx, input.lines, client, 'lines', input.rush);
  const { date, year } = await repo.today(tx);
  const docDate = input.doc_date ?? date;
  const number = await repo.allocateNumber(tx, ctx.companyId, kind, settings, year);
  const id = await insertWithLines(
    tx,
    ctx,
    {
      kind,
      ...number,
      client_id: client?.id ?? null,
      doc_date: docDate,
      ...(await header({ docDate, settings })),
      note: input.note,
      rush: input.rush,
    },
    lines,
  );
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/** Edits a draft quote or work order; `header` checks and returns the kind's own fields. */
export async function updateDraft(
  tx: Tx,
  ctx: CompanyContext,
  id: string,
  kind: 'quote' | 'work_order',
  input: DraftInput,
  header: (doc: repo.DocumentRow) => Promise<Record<string, unknown>>,
) {
  const doc = await repo.requireDocument(tx, id, [kind], true);
  assertDraft(doc.status);
  const client = await requireClient(tx, input.client_id);
  const lines = await resolveLines(tx, input.lines, client, 'lines', input.rush);
  const own = await header(doc);
  await saveLines(tx, ctx, id, lines, {
    client_id: client?.id ?? null,
    doc_date: input.doc_date,
    note: input.note,
    rush: input.rush,
    ...own,
  });
  await repo.notifyDocuments(tx, ctx.companyId, [id]);
  return detail(tx, id);
}

/**
 * Moves a document along its machine and records the new status (the move is checked again here,
 * so a status can never be written past its machine); services check their guards before.
 */
export async function transition(
  tx: Tx,
  ctx: CompanyContext,
  doc: repo.DocumentRow,
  action: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const next = applyAction(DOCUMENT_MACHINES[doc.kind], doc.status, action);
  await repo.updateHeader(tx, doc.id, { status: next, ...extra });
  await repo.notifyDocuments(tx, ctx.companyId, [doc.id]);
  await emitDocumentTransition(tx, ctx, doc, next);
  return next;
}

/**
 * A new numbered draft of `kind` with a copy of `source`'s lines, linked from the source as
 * `relation`; `sourceLines` keeps each line's origin (a conversion) or drops it (a duplicate).
 */
export async function copyDocument(
  tx: Tx,
  ctx: CompanyContext,
  source: repo.DocumentRow,
  kind: 'quote' | 'work_order',
  copy: { relation: string; sourceLines: boolean },
  header: (at: { date: string; settings: DocumentSettings }) => Promise<Partial<repo.NewDocument>>,
) {
  const settings = await repo.getSettings(tx, ctx.companyId);
  const { date, year } = await repo.today(tx);
  const number = await repo.allocateNumber(tx, ctx.companyId, kind, settings, year);
  const lines = await repo.getLines(tx, source.id);
  const copyId = await insertWithLines(
    tx,
    ctx,
    {
      kind,
      ...number,
      client_id: source.client_id,
      doc_date: date,
      ...(await header({ date, settings })),
      note: source.note,
      rush: source.rush,
    },
    lines.map((l) => ({ ...l, source_line_id: copy.sourceLines ? l.id : null })),
  );
  await repo.link(tx, ctx.companyId, source.id, copyId, copy.relation);
  await repo.notifyDocuments(tx, ctx.companyId, [copyId]);
  return detail(tx, copyId);
}

/** Copies a quote or work order as a new numbered draft of the same kind, linked to its source. */
export async function duplicate(tx: Tx, ctx: CompanyContext, id: string) {
  const source = await repo.requireDocument(tx, id, ['quote', 'work_order']);
  const kind = source.kind as 'quote' | 'work_order';
  return copyDocument(tx, ctx, source, kind, { relation: 'duplicated', sourceLines: false }, async (at) => ({
    valid_until: kind === 'quote' ? dueDateFrom(at.date, at.settings.quote_valid_days) : null,
    source_location_id: source.source_location_id,
    output_location_id: source.output_location_id,
  }));
}

// Settings ----------------------------------------------------------------------------------------

export const getSettings = (tx: Tx, ctx: CompanyContext) => repo.getSettings(tx, ctx.companyId);
/** The company's numbering and invoice settings, for other areas (fiscalisation). */
export const numberingSettings = (tx: Tx, companyId: string) => repo.getSettings(tx, companyId);

// Reads for other areas (fiscalisation, e-invoices): a document and its lines as stored.
export type { DocumentRow, LineRow } from './documents.repo.ts';
export const getDocument = (tx: Tx, id: string) => repo.getDocument(tx, id);
export const getLines = (tx: Tx, id: string) => repo.getLines(tx, id);
export const putSettings = (tx: Tx, ctx: CompanyContext, s: DocumentSettings) =>
  repo.putSettings(tx, ctx.companyId, s);
