import type { GlassWorkWarning, ProcessCategory, RoutingWarning } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

// Wire types of the documents API (snake_case, money and quantities as decimal strings).
export type DocKind = 'quote' | 'work_order' | 'delivery_note' | 'invoice' | 'credit_note';

export type Doc = {
  id: string;
  kind: DocKind;
  number: string | null;
  status: string;
  client_id: string | null;
  client_name: string | null;
  doc_date: string;
  valid_until: string | null;
  due_date: string | null;
  delivery_date: string | null;
  issued_at: string | null;
  delivery_address: string | null;
  note: string | null;
  /** Quotes and work orders: a rush order (the rush surcharge % on rule-priced lines). */
  rush?: boolean;
  source_location_id: string | null;
  output_location_id: string | null;
  reference_model: string | null;
  payment_reference: string | null;
  original_invoice_id: string | null;
  stock_document_id: string | null;
  output_lot_id: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  paid_total: string;
  credited_total: string;
  /** An advance invoice: the quote or work order it is for; a final invoice: the advances it deducted. */
  advance_for_id?: string | null;
  advance_total?: string;
  payment_status: 'unpaid' | 'partially_paid' | 'paid' | 'overdue' | null;
  outstanding: string | null;
  actions: string[];
};

export type Line = {
  id: string;
  position: number;
  item_id: string | null;
  sku: string | null;
  item_name: string | null;
  description: string;
  quantity: string;
  unit: string;
  width_mm: string | null;
  height_mm: string | null;
  unit_price: string;
  discount_pct: string;
  vat_rate: string;
  net_amount: string;
  kpd_code: string | null;
  lot_id: string | null;
  lot_number: string | null;
  /** Measure pricing (docs/documents.md): the billed m² or m of one piece when the rule priced it. */
  billed_measure?: string | null;
  billed_unit?: string | null;
  shaped?: boolean;
  /** Window/door lines (docs/documents.md "Window lines"). */
  item_kind?: string | null;
  profile_system?: string | null;
  glass_makeup?: string | null;
  colour?: string | null;
  hardware_set?: string | null;
  /** Glass work per pane and the hole warnings the server computed (docs/documents.md). */
  hole_count?: number;
  hole_diameter_mm?: string | null;
  hole_edge_mm?: string | null;
  cutout_count?: number;
  /** Edge work by type (rezano = none) and coating edge deletion of each pane. */
  edge_type?: string | null;
  coating_removal?: boolean;
  item_thickness_mm?: string | null;
  warnings?: GlassWorkWarning[];
  price_basis?: string | null;
  glass_kind?: string | null;
  item_sales_price?: string | null;
  item_min_charge?: string | null;
};

export type Material = {
  id: string;
  item_id: string;
  sku: string;
  name: string;
  unit: string;
  planned_qty: string;
  actual_qty: string | null;
  planned_unit_cost: string;
  reservation_status: string | null;
  on_hand_at_location: string;
  available: string;
  lot_tracked: boolean;
  /** Lots the order's consumption took, net of corrections (what a correction may return). */
  consumed_lots: { lot_id: string; lot_number: string; quantity: string }[];
};

/** A consumption correction of a completed work order (value: change of its material cost). */
export type Correction = {
  id: string;
  document_date: string;
  created_at: string;
  reason: string | null;
  note: string | null;
  value: string;
  lines: {
    line_no: number;
    item_id: string;
    sku: string;
    lot_number: string | null;
    quantity: string;
    unit_cost: string;
  }[];
};

export type Operation = {
  id: string;
  line_id: string | null;
  item_id: string | null;
  position: number;
  category: ProcessCategory;
  code: string;
  name: string;
  planned_minutes: string;
  cost_per_hour: string;
  quality_check_required: boolean;
  status: 'pending' | 'in_progress' | 'paused' | 'done';
  logged_minutes: string;
  last_check: 'pass' | 'fail' | 'note' | null;
  last_check_note: string | null;
};

export type DocLink = {
  id: string;
  kind: DocKind;
  number: string | null;
  status: string;
  relation: string;
  direction: 'from' | 'to';
};

export type Detail = {
  document: Doc;
  lines: Line[];
  links: DocLink[];
  materials?: Material[];
  operations?: Operation[];
  /** Processing-order warnings of the operations, per line and item (domain checkRoutingOrder). */
  operation_warnings?: RoutingWarning[];
  costs?: {
    planned_material: string | null;
    planned_labour: string | null;
    actual_material: string | null;
    actual_labour: string | null;
    /** Total of the consumption corrections (included in actual_material); null when none. */
    material_correction?: string | null;
  };
  corrections?: Correction[];
  payments?: { id: string; paid_on: string; amount: string; note: string | null }[];
  /** Advance invoices of an order, an advance itself, or those a final invoice deducted. */
  advances?: Advance[];
};

export type Advance = {
  id: string;
  number: string | null;
  doc_date: string;
  advance_for_id: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  paid_total: string;
  credited_total: string;
  deducted_by_id: string | null;
  deducted_by_number: string | null;
  rates: { rate: string; base: string; vat: string }[];
};

export type DocPage = { items: Doc[]; total: number; page: number; page_size: number };

export type HistoryEntry = {
  seq: number;
  table_name: string;
  action: string;
  changes: Record<string, { old?: unknown; new?: unknown }>;
  actor_name: string | null;
  at: string;
};

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

export type PickItem = {
  id: string;
  sku: string;
  name: string;
  base_unit: string;
  sales_price: string | null;
  vat_rate: string;
  kind: string;
};
export type PickClient = { id: string; name: string; oib: string | null; default_discount: string };
export type PickLocation = { id: string; code: string; name: string; type: string };

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: ['documents', 'pick-items', q],
    queryFn: ({ signal }) =>
      api<{ items: PickItem[] }>(`/api/inventory/items?q=${encodeURIComponent(q)}&limit=20&active=true`, {
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
      items: (await api<{ rows: PickClient[] }>('/api/clients?page_size=200&sort=name', { signal })).rows,
    }),
    staleTime: 60_000,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: ['documents', 'pick-locations'],
    queryFn: ({ signal }) => api<PickLocation[]>('/api/inventory/locations', { signal }),
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
  const first = details[0];
  if (error.code === 'INSUFFICIENT_STOCK' && first)
    return t('common:errors.INSUFFICIENT_STOCK', { ...first.params, defaultValue: error.message });
  if (details.length > 0)
    return details.map((d) => t(`common:${d.key}`, { ...d.params, defaultValue: error.message })).join(' · ');
  return t(`common:errors.${error.code}`, { defaultValue: error.message });
}
