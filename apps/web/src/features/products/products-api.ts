import type {
  BomDetail,
  BomHeader,
  BomInput,
  BomLine,
  CostedExplosion,
  CreatedId,
  ProductCreateInput,
  ProductDetail,
  ProductItem,
  ProductPage,
  ProductRow,
  RoutingInput,
  RoutingStep,
} from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

// Wire types of /api/products: the domain's contracts.
export type {
  BomHeader,
  BomLine,
  CostedExplosion as CostResult,
  ProductDetail,
  ProductItem as ItemInfo,
  ProductRow,
  RoutingStep,
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
  return api<ProductPage>(`/products?${search}`, { signal });
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
    queryFn: ({ signal }) => api<BomDetail>(`/products/${productId}/boms/${bomId}`, { signal }),
    enabled: bomId !== undefined,
  });
}

export function useItemSearch(q: string) {
  return useQuery({
    queryKey: productKeys.items(q),
    queryFn: ({ signal }) => api<ProductItem[]>(`/products/items?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCost(productId: string, params: Record<string, string>, enabled: boolean) {
  const search = new URLSearchParams(params);
  return useQuery({
    queryKey: productKeys.cost(productId, params),
    queryFn: ({ signal }) => api<CostedExplosion>(`/products/${productId}/cost?${search}`, { signal }),
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
    mutationFn: (input: ProductCreateInput) => api<CreatedId>('/products', { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useSaveBom(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ bomId, input }: { bomId?: string; input: BomInput }) =>
      bomId
        ? api<CreatedId>(`/products/${productId}/boms/${bomId}`, { method: 'PUT', body: input })
        : api<CreatedId>(`/products/${productId}/boms`, { method: 'POST', body: input }),
    onSuccess: invalidate,
  });
}

export function useBomAction(productId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ bomId, action }: { bomId: string; action: 'activate' | 'archive' | 'delete' }) => {
      if (action === 'delete') await api<void>(`/products/${productId}/boms/${bomId}`, { method: 'DELETE' });
      else await api<CreatedId>(`/products/${productId}/boms/${bomId}/${action}`, { method: 'POST' });
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
