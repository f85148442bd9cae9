import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useCompanyLive } from '../team/use-live.ts';

export type PurchaseInvoiceStatus = 'checking' | 'received' | 'invalid' | 'approved' | 'rejected';
export type PurchaseInvoiceRow = {
  id: string;
  source: 'upload' | 'intermediary';
  doc_type: 'invoice' | 'credit_note';
  type_code: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  seller_name: string;
  supplier_id: string | null;
  supplier_name: string | null;
  purchase_order_id: string | null;
  purchase_order_number: string | null;
  order_reference: string | null;
  net_total: string;
  vat_total: string;
  total: string;
  payable: string;
  paid_total: string;
  open: string;
  status: PurchaseInvoiceStatus;
  valid: boolean;
  reject_code: 'N' | 'U' | 'O' | null;
  reject_reason: string | null;
  decided_at: string | null;
  created_at: string;
};
type Party = {
  name: string;
  oib: string | null;
  vat_id: string | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
};
export type Difference = {
  kind: 'price' | 'quantity' | 'not_on_order' | 'not_invoiced';
  expected?: string;
  actual?: string;
  difference?: string;
};
export type PurchaseInvoice = PurchaseInvoiceRow & {
  document: {
    doc_type: 'invoice' | 'credit_note';
    number: string;
    issue_date: string;
    due_date: string | null;
    delivery_date: string | null;
    currency: string;
    note: string | null;
    order_reference: string | null;
    billing_reference: string | null;
    seller: Party;
    buyer: Party;
    payment: {
      means_code: string | null;
      reference: string | null;
      iban: string | null;
      terms: string | null;
    };
    tax_subtotals: {
      category: string;
      percent: string;
      taxable: string;
      tax: string;
      exemption_reason: string | null;
    }[];
    totals: {
      line_extension: string;
      tax_exclusive: string;
      tax_inclusive: string;
      allowances: string;
      charges: string;
      prepaid: string;
      rounding: string;
      payable: string;
      vat: string;
    };
    lines: {
      id: string;
      name: string;
      description: string | null;
      quantity: string;
      unit_code: string | null;
      net: string;
      price: string;
      base_quantity: string | null;
      vat_category: string | null;
      vat_percent: string | null;
      kpd: string | null;
    }[];
  };
  failures: { source: string; id: string; text: string }[];
  actions: ('approve' | 'reject' | 'match' | 'pay')[];
  /** Whether the buyer's OIB is the company's (null: no OIB on the company profile). */
  addressed_to_us: boolean | null;
  payments: { id: string; paid_on: string; amount: string; note: string | null }[];
  match: {
    receipts: { id: string; number: string; received_on: string }[];
    lines: {
      invoice_line_id: string | null;
      invoice_line_name: string | null;
      po_line_id: string | null;
      po_line_no: number | null;
      sku: string | null;
      invoiced_qty: string | null;
      ordered_qty: string | null;
      received_qty: string | null;
      invoice_price: string | null;
      order_price: string | null;
      differences: Difference[];
    }[];
    differences: number;
  } | null;
};

export const purchaseInvoiceKeys = {
  all: ['purchase-invoices'] as const,
  list: (query: string) => ['purchase-invoices', 'list', query] as const,
  detail: (id: string) => ['purchase-invoices', 'detail', id] as const,
};

/** Invoices received or decided elsewhere (the intermediary's deliveries, another user) show at once. */
export function useLivePurchaseInvoices() {
  useCompanyLive(['purchase_invoices'], () => [purchaseInvoiceKeys.all]);
}

export function usePurchaseInvoices(query: URLSearchParams) {
  useLivePurchaseInvoices();
  const qs = query.toString();
  return useQuery({
    queryKey: purchaseInvoiceKeys.list(qs),
    queryFn: ({ signal }) =>
      api<{ rows: PurchaseInvoiceRow[]; total: number }>(`/api/purchase-invoices?${qs}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseInvoice(id: string) {
  useLivePurchaseInvoices();
  return useQuery({
    queryKey: purchaseInvoiceKeys.detail(id),
    queryFn: ({ signal }) => api<PurchaseInvoice>(`/api/purchase-invoices/${id}`, { signal }),
    // While the validators run in the background, look again now and then (live updates aside).
    refetchInterval: (query) => (query.state.data?.status === 'checking' ? 3_000 : false),
  });
}

export function useUploadPurchaseInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api<PurchaseInvoice>('/api/purchase-invoices/upload', { method: 'POST', body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: purchaseInvoiceKeys.all }),
  });
}

/** Approve, reject, match or pay: the answer is the invoice as it is now. */
export function usePurchaseInvoiceAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { path: 'approve' | 'reject' | 'match' | 'payments'; body?: unknown }) =>
      api<PurchaseInvoice>(`/api/purchase-invoices/${id}/${v.path}`, {
        method: v.path === 'match' ? 'PUT' : 'POST',
        body: v.body ?? {},
      }),
    onSuccess: (invoice) => {
      qc.setQueryData(purchaseInvoiceKeys.detail(id), invoice);
      void qc.invalidateQueries({ queryKey: purchaseInvoiceKeys.all });
    },
  });
}
