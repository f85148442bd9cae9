import type {
  AdvanceInput,
  AdvanceView,
  CompletionPreview,
  ConsumptionCorrectionInput,
  ConsumptionCorrectionView,
  DeliveryNoteInput,
  DocumentDetail,
  DocumentHistoryEntry,
  DocumentKind,
  DocumentLineView,
  DocumentLinkView,
  DocumentPage,
  DocumentSettings,
  DocumentView,
  InventoryItem,
  InvoiceInput,
  ItemPage,
  MailDraft,
  MailSent,
  MailSettingsInput,
  MailSettingsView,
  Partner,
  PartnerPage,
  PricingSettings,
  PricingSettingsView,
  ProductionLocations,
  ProductionLocationsView,
  paymentInputSchema,
  QuoteInput,
  qualityCheckInputSchema,
  StockLocation,
  timeLogInputSchema,
  WorkOrderInput,
  WorkOrderMaterialView,
  WorkOrderOperationView,
  WorkOrderProgress,
} from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { input } from 'zod';
import { ApiError, api } from '../../lib/api.ts';
import { shownParams } from '../../lib/error-params.ts';
import { useUnlistedPartner } from '../clients/partners-api.ts';
import { useCompanyLive } from '../team/use-live.ts';
import type { lineToApi } from './line-model.ts';

// Wire types of the documents API: the domain's response contracts (packages/domain/src/documents/
// contracts.ts), the same schemas the server answers with.
export type DocKind = DocumentKind;
export type Doc = DocumentView;
export type Line = DocumentLineView;
export type Material = WorkOrderMaterialView;
export type Correction = ConsumptionCorrectionView;
export type Operation = WorkOrderOperationView;
export type DocLink = DocumentLinkView;
export type Detail = DocumentDetail;
export type Advance = AdvanceView;
export type DocPage = DocumentPage;
export type HistoryEntry = DocumentHistoryEntry;

/** Where each kind lives: API collection and web list. */
export const KIND_PATHS: Record<DocKind, { api: string; web: string }> = {
  quote: { api: '/api/documents/quotes', web: '/documents/quotes' },
  work_order: { api: '/api/documents/work-orders', web: '/documents/work-orders' },
  delivery_note: { api: '/api/delivery-notes', web: '/delivery-notes' },
  invoice: { api: '/api/invoices', web: '/documents/invoices' },
  credit_note: { api: '/api/invoices', web: '/documents/invoices' },
};

/** Link to a document's own screen. */
export function docHref(kind: DocKind, id: string): string {
  if (kind === 'quote' || kind === 'work_order') return `${KIND_PATHS[kind].web}/${id}/edit`;
  return `${KIND_PATHS[kind].web}/${id}`;
}

export const documentKeys = {
  all: ['documents'] as const,
  list: (kind: DocKind, query: string) => [...documentKeys.all, 'list', kind, query] as const,
  detail: (id: string) => [...documentKeys.all, 'detail', id] as const,
  history: (id: string) => [...documentKeys.all, 'history', id] as const,
};

export function useDocuments(kind: DocKind, query: URLSearchParams) {
  const qs = query.toString();
  return useQuery({
    queryKey: documentKeys.list(kind, qs),
    queryFn: ({ signal }) => api<DocPage>(`${KIND_PATHS[kind].api}?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: string | undefined) {
  return useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<Detail>(`/api/documents/${id}`, { signal }),
    enabled: !!id,
  });
}

export function useHistory(id: string) {
  return useQuery({
    queryKey: documentKeys.history(id),
    queryFn: ({ signal }) => api<HistoryEntry[]>(`/api/documents/${id}/history`, { signal }),
  });
}

/** Per line of a work order: ordered, on delivery notes, invoiced and what is left of each. */
export function useWorkOrderProgress(id: string | undefined) {
  return useQuery({
    queryKey: [...documentKeys.all, 'progress', id ?? ''],
    queryFn: ({ signal }) => api<WorkOrderProgress>(`/api/documents/work-orders/${id}/progress`, { signal }),
    enabled: !!id,
  });
}

/** Posting actions: the server replays the stored answer for a known Idempotency-Key. */
const POSTING_ACTION = /\/(issue|complete|plan|payments|credit-notes|convert|cancel|advance-invoices)$/;
const pendingKeys = new Map<string, string>();

/**
 * The Idempotency-Key of one posting action: made once per (path, body) and kept until the server
 * has answered, so retrying after a lost answer (network error) posts once; any answer ends it.
 */
export function idempotencyKeyFor(path: string, body: unknown): string | undefined {
  if (!POSTING_ACTION.test(path)) return undefined;
  const id = `${path}\n${JSON.stringify(body ?? null)}`;
  let key = pendingKeys.get(id);
  if (!key) {
    key = crypto.randomUUID();
    pendingKeys.set(id, key);
  }
  return key;
}

/** Calls a document endpoint (buttons stay disabled while a call runs, so a click posts once). */
export async function callDocument<T = Detail>(
  path: string,
  body?: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  const key = method === 'POST' ? idempotencyKeyFor(path, body) : undefined;
  const id = `${path}\n${JSON.stringify(body ?? null)}`;
  try {
    const result = await api<T>(path, {
      method,
      body,
      headers: key ? { 'Idempotency-Key': key } : undefined,
    });
    pendingKeys.delete(id);
    return result;
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'NETWORK')) pendingKeys.delete(id);
    throw error;
  }
}

/** Runs a document mutation and refreshes every document query after it. */
export function useDocumentMutation<V, T = Detail>(run: (vars: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => qc.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** Other users' changes (ids only over the WebSocket) make open document screens re-read. */
export function useLiveDocuments(): void {
  useCompanyLive(['documents', 'stock'], () => [documentKeys.all]);
}

// Pickers -----------------------------------------------------------------------------------------

// The pickers read other areas' lists; what they use of each row, by the owning area's contract.
export type PickItem = Pick<
  InventoryItem,
  'id' | 'sku' | 'name' | 'base_unit' | 'sales_price' | 'vat_rate' | 'kind'
>;
export type PickClient = Pick<Partner, 'id' | 'name' | 'oib' | 'default_discount'>;
export type PickLocation = Pick<StockLocation, 'id' | 'code' | 'name' | 'type'>;

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: ['documents', 'pick-items', q],
    queryFn: ({ signal }) =>
      api<ItemPage>(`/api/inventory/items?q=${encodeURIComponent(q)}&limit=20&active=true`, {
        signal,
      }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
  });
}

export function useClients() {
  return useQuery({
    queryKey: ['documents', 'pick-clients'],
    // The partners list answers { rows }; the pickers use { items } like every other list here.
    queryFn: async ({ signal }) => ({
      items: (await api<PartnerPage>('/api/clients?page_size=200&sort=name', { signal })).rows,
    }),
    staleTime: 60_000,
  });
}

/**
 * A document's client as the server prices with it. The pickers list active clients only; a client
 * deactivated since the document was made is still its buyer, and the server still applies its
 * default discount to lines without one, so it is read on its own (`unlisted`, offered by `PartnerOptions` marked
 * inactive; an active client past the list's 200 is read the same way, unmarked) and the editor's
 * totals take its discount too.
 */
export function useDocumentClient(id: string | null | undefined) {
  const listed = useClients().data?.items;
  const unlisted = useUnlistedPartner('client', listed, id);
  const client = listed?.find((c) => c.id === id) ?? unlisted;
  const discount = client?.default_discount;
  return { listed, unlisted, client, discount: discount && discount !== '0' ? discount : undefined };
}

export function useLocations() {
  return useQuery({
    queryKey: ['documents', 'pick-locations'],
    queryFn: ({ signal }) => api<StockLocation[]>('/api/inventory/locations', { signal }),
    staleTime: 60_000,
  });
}

/** Text of an API error in the user's language: each detail key, with its parameters. */
export function errorText(
  t: (key: string, opts?: Record<string, unknown>) => string,
  error: unknown,
): string {
  if (!(error instanceof ApiError)) return t('common:errors.UNKNOWN');
  const details = (error.details ?? []) as { key: string; params?: Record<string, unknown> }[];
  // A posting's shortage names `errors.INSUFFICIENT_STOCK`, a delivery note's reservation
  // `validation.deliveryOverFree`: each detail's own key, like any other refusal.
  if (details.length > 0)
    return details
      .map((d) => t(`common:${d.key}`, { ...shownParams(d.params), defaultValue: error.message }))
      .join(' · ');
  return t(`common:errors.${error.code}`, { defaultValue: error.message });
}

// Reads and writes of the area's settings, drafts and previews, each with the contract its route
// answers with.

/** One page of a document kind's list for the list's query (filters, sort, page and page size). */
export const fetchDocumentPage = (kind: DocKind, query: URLSearchParams, signal?: AbortSignal) =>
  api<DocPage>(`${KIND_PATHS[kind].api}?${query}`, { signal });
export const getDocumentSettings = (signal?: AbortSignal) =>
  api<DocumentSettings>('/api/documents/settings', { signal });
export const putDocumentSettings = (body: DocumentSettings) =>
  callDocument<DocumentSettings>('/api/documents/settings', body, 'PUT');
export const getPricingSettings = (signal?: AbortSignal) =>
  api<PricingSettingsView>('/api/documents/pricing-settings', { signal });
export const putPricingSettings = (body: PricingSettings) =>
  callDocument<PricingSettingsView>('/api/documents/pricing-settings', body, 'PUT');
export const getMailSettings = (signal?: AbortSignal) =>
  api<MailSettingsView>('/api/settings/mail', { signal });
/** An empty password keeps the stored one. */
export const putMailSettings = (body: MailSettingsInput) =>
  callDocument<MailSettingsView>('/api/settings/mail', body, 'PUT');
export const getProductionLocations = (signal?: AbortSignal) =>
  api<ProductionLocationsView>('/api/documents/production-locations', { signal });
export const putProductionLocations = (body: ProductionLocations) =>
  callDocument<ProductionLocationsView>('/api/documents/production-locations', body, 'PUT');
/** The send dialog's draft of a document's mail (recipient, subject, text, earlier sends). */
export const getMailDraft = (id: string, signal?: AbortSignal) =>
  api<MailDraft>(`/api/documents/${id}/mail`, { signal });
/** Where each kind is e-mailed from (one route per permission); a kind not named here is not sent. */
const MAIL_PATHS: Partial<Record<DocKind, string>> = {
  quote: '/api/documents/quotes',
  delivery_note: '/api/delivery-notes',
  invoice: '/api/invoices',
  credit_note: '/api/invoices',
};
export const isMailedKind = (kind: DocKind) => MAIL_PATHS[kind] !== undefined;
/** E-mails a document; the addresses go as typed (a comma- or semicolon-separated text). */
export const sendDocumentMail = (
  kind: DocKind,
  id: string,
  body: { to: string; cc: string; subject: string; message: string },
) => callDocument<MailSent>(`${MAIL_PATHS[kind]}/${id}/mail`, body);
/** What completing a work order would consume (`actual`: the typed actual quantities). */
export const getCompletionPreview = (workOrderId: string, actual: string, signal?: AbortSignal) =>
  api<CompletionPreview>(
    `/api/documents/work-orders/${workOrderId}/completion-preview${actual ? `?actual=${encodeURIComponent(actual)}` : ''}`,
    { signal },
  );

// Writes of the quote and work order screens, each named after what it does (the screens build no
// request paths). Each answers with the document's detail (DocumentDetail) unless said otherwise.

type EditableKind = 'quote' | 'work_order';
type TimeLogInput = input<typeof timeLogInputSchema>;
type QualityCheckInput = input<typeof qualityCheckInputSchema>;

/** Saves a quote or work order: a new draft without `id`, else the draft `id` (lines: see WithGridLines). */
export const saveDocument = (
  kind: EditableKind,
  id: string | undefined,
  body: WithGridLines<QuoteInput> | WithGridLines<WorkOrderInput>,
) =>
  id ? callDocument(`${KIND_PATHS[kind].api}/${id}`, body, 'PUT') : callDocument(KIND_PATHS[kind].api, body);
/** A lifecycle action of a document (issue, accept, plan, start, complete, convert, cancel, …). */
export const documentAction = (kind: DocKind, id: string, action: string, body?: unknown) =>
  callDocument(`${KIND_PATHS[kind].api}/${id}/${action}`, body);
/** A new draft copied from document `id` (answers the copy). */
export const duplicateDocument = (id: string) => callDocument(`/api/documents/${id}/duplicate`);
/** Start, pause, finish or reopen one operation of a work order. */
export const operationAction = (workOrderId: string, opId: string, action: string) =>
  callDocument(`${KIND_PATHS.work_order.api}/${workOrderId}/operations/${opId}/${action}`);
/** Minutes worked on one operation of a work order. */
export const logOperationTime = (workOrderId: string, opId: string, body: TimeLogInput) =>
  callDocument(`${KIND_PATHS.work_order.api}/${workOrderId}/operations/${opId}/time`, body);
/** The quality check of one operation of a work order (pass, fail or a note). */
export const recordQualityCheck = (workOrderId: string, opId: string, body: QualityCheckInput) =>
  callDocument(`${KIND_PATHS.work_order.api}/${workOrderId}/operations/${opId}/checks`, body);
/** A correction of a completed work order's consumption (a return to stock or an extra issue). */
export const correctConsumption = (workOrderId: string, body: ConsumptionCorrectionInput) =>
  callDocument(`${KIND_PATHS.work_order.api}/${workOrderId}/consumption-corrections`, body);
/** A payment received on an invoice. */
export const recordPayment = (invoiceId: string, body: input<typeof paymentInputSchema>) =>
  callDocument(`/api/invoices/${invoiceId}/payments`, body);
/** A refund paid back to the client when credit notes left the invoice owing money back. */
export const recordRefund = (invoiceId: string, body: input<typeof paymentInputSchema>) =>
  callDocument(`/api/invoices/${invoiceId}/refunds`, body);
/** An advance invoice on a quote or work order (answers the new invoice). */
export const issueAdvanceInvoice = (documentId: string, body: AdvanceInput) =>
  callDocument(`/api/documents/${documentId}/advance-invoices`, body);

// Invoices and delivery notes: creating and saving a draft, and a credit note of an issued invoice.
// Their lines are the line grid's (`lineToApi`): a count still typed as text is the server's to refuse.
type WithGridLines<T> = Omit<T, 'lines'> & { lines: ReturnType<typeof lineToApi>[] };
type InvoiceBody = WithGridLines<InvoiceInput>;
/** From a work order, a line is one of its lines with the quantity delivered now. */
type DeliveryNoteBody = Omit<DeliveryNoteInput, 'lines'> & {
  lines: ReturnType<typeof lineToApi>[] | { source_line_id: string; quantity: string }[];
};
export const createInvoice = (body: InvoiceBody) => callDocument('/api/invoices', body);
export const updateInvoice = (id: string, body: InvoiceBody) =>
  callDocument(`/api/invoices/${id}`, body, 'PUT');
/** A credit note: the given lines (an invoice line and the quantity), or the whole invoice. */
export const createCreditNote = (
  invoiceId: string,
  body: { lines?: { source_line_id: string; quantity: string; unit_price?: string }[] } = {},
) => callDocument(`/api/invoices/${invoiceId}/credit-notes`, body);
export const createDeliveryNote = (body: DeliveryNoteBody) => callDocument('/api/delivery-notes', body);
export const updateDeliveryNote = (id: string, body: DeliveryNoteBody) =>
  callDocument(`/api/delivery-notes/${id}`, body, 'PUT');
