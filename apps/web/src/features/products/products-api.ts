import type { BomInput, BomStatus, ProcessCategory, RoutingInput, RoutingWarning } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ItemInfo = {
  id: string;
  sku: string;
  name: string;
  kind: string;
  baseUnit: string;
  cost: string | null;
  salesPrice: string | null;
};
export type ProductRow = {
  id: string;
  sku: string;
  name: string;
  kind: string;
  baseUnit: string;
  salesPrice: string | null;
  activeVersion: number | null;
  versions: number;
  routingSteps: number;
  updatedAt: string;
};
export type BomHeader = {
  id: string;
  productId: string;
  version: number;
  status: BomStatus;
  note: string;
  variables: { name: string; value: string }[];
  activatedAt: string | null;
  updatedAt: string;
  lineCount: number;
};
export type BomLine = {
  id: string;
  position: number;
  componentId: string;
  quantity: string | null;
  formula: string | null;
  unit: string;
  scrapPct: string;
  childWidth: string | null;
  childHeight: string | null;
  cutCount: string | null;
  cutLength: string | null;
  cutWidth: string | null;
  cutHeight: string | null;
  /** Bar lines: the saw angle at each end of the pieces, 90 or 45 (mitre). */
  cutAngleStart?: number;
  cutAngleEnd?: number;
  component: ItemInfo | null;
  componentHasBom: boolean;
};
export type RoutingStep = {
  position: number;
  processId: string;
  processCode: string;
  processName: string;
  workCentre: string;
  setupMinutes: string | null;
  minutesPerUnit: string | null;
  defaultSetupMinutes: string;
  defaultMinutesPerUnit: string;
  costPerHour: string;
  qualityCheckRequired: boolean;
  category: ProcessCategory;
  note: string;
};
export type ProductDetail = {
  product: ItemInfo;
  boms: BomHeader[];
  routing: RoutingStep[];
  /** The saved routing's processing-order warnings (the editor checks its unsaved state itself). */
  routingWarnings: RoutingWarning[];
};
export type CostResult = {
  bom: { id: string; version: number; status: BomStatus };
  quantity: string;
  requirements: {
    itemId: string;
    sku: string;
    name: string;
    unit: string;
    quantity: string;
    scrapQuantity: string;
  }[];
  tree: {
    level: number;
    itemId: string;
    sku: string;
    name: string;
    unit: string;
    perUnit: string;
    scrapPct: string;
    quantity: string;
    made: boolean;
    width: string | null;
    height: string | null;
  }[];
  treeTruncated: boolean;
  cost: {
    materials: {
      itemId: string;
      sku: string;
      name: string;
      unit: string;
      quantity: string;
      unitCost: string;
      amount: string;
      missingCost: boolean;
    }[];
    labour: {
      itemId: string;
      sku: string;
      processCode: string;
      processName: string;
      minutes: string;
      amount: string;
    }[];
    materialCost: string;
    labourCost: string;
    totalCost: string;
    unitCost: string;
    marginPct: string;
    suggestedUnitPrice: string;
    suggestedTotalPrice: string;
  };
};
export type ProductListParams = { q: string; sort: 'sku' | 'name'; dir: 'asc' | 'desc'; page: number };
export const PRODUCT_PAGE_SIZE = 50;

export const productKeys = {
  all: ['products'] as const,
  list: (p: ProductListParams) => ['products', 'list', p] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  bom: (id: string, bomId: string) => ['products', 'bom', id, bomId] as const,
  cost: (id: string, params: Record<string, string>) => ['products', 'cost', id, params] as const,
  items: (q: string) => ['products', 'items', q] as const,
};

/** One page of the product list (the list screen, and its "select all matching" page by page). */
export function fetchProducts(p: ProductListParams, pageSize = PRODUCT_PAGE_SIZE, signal?: AbortSignal) {
  const search = new URLSearchParams({
    sort: p.sort,
    dir: p.dir,
    page: String(p.page),
    pageSize: String(pageSize),
  });
  if (p.q) search.set('q', p.q);
  return api<{ items: ProductRow[]; total: number }>(`/products?${search}`, { signal });
}

export function useProducts(p: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(p),
    queryFn: ({ signal }) => fetchProducts(p, PRODUCT_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api<ProductDetail>(`/products/${id}`, { signal }),
  });
}

export function useBom(productId: string, bomId: string | undefined) {
  return useQuery({
    queryKey: productKeys.bom(productId, bomId ?? ''),
    queryFn: ({ signal }) =>
      api<BomHeader & { lines: BomLine[] }>(`/products/${productId}/boms/${bomId}`, { signal }),
    enabled: bomId !== undefined,
  });
}

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: productKeys.items(q),
    queryFn: ({ signal }) => api<ItemInfo[]>(`/products/items?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCost(productId: string, params: Record<string, string>, enabled: boolean) {
  const search = new URLSearchParams(params);
  return useQuery({
    queryKey: productKeys.cost(productId, params),
    queryFn: ({ signal }) => api<CostResult>(`/products/${productId}/cost?${search}`, { signal }),
    enabled,
    retry: false,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: productKeys.all });
}

export function useCreateProduct() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: {
      sku: string;
      name: string;
      baseUnit: string;
      salesPrice: string | null;
      kind: 'product' | 'component';
    }) => api<{ id: string }>('/products', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useSaveBom(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bomId, input }: { bomId?: string; input: BomInput }) =>
      bomId
        ? api<{ id: string }>(`/products/${productId}/boms/${bomId}`, { method: 'PUT', body: input })
        : api<{ id: string }>(`/products/${productId}/boms`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useBomAction(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ bomId, action }: { bomId: string; action: 'activate' | 'archive' | 'delete' }) => {
      if (action === 'delete') await api<void>(`/products/${productId}/boms/${bomId}`, { method: 'DELETE' });
      else await api<{ id: string }>(`/products/${productId}/boms/${bomId}/${action}`, { method: 'POST' });
    },
    onSuccess: invalidate,
  });
}

export function useSaveRouting(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RoutingInput) =>
      api<RoutingStep[]>(`/products/${productId}/routing`, { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}
