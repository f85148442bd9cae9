import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { SaveState, saveStatus, useDirty } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { api } from '../../lib/api.ts';
import { formatCurrency, formatDate, numberInputToApi } from '../../lib/format.ts';
import {
  BulkBar,
  fetchAllPages,
  SelectPageBox,
  SelectRowBox,
  useBulkSelection,
} from '../saved-views/bulk.tsx';
import { useListColumns } from '../saved-views/list-columns.tsx';
import { SavedViews } from '../saved-views/saved-views.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import { errorMessages } from './error-messages.ts';
import { ProductDetailPage } from './product-detail.tsx';
import {
  PRODUCT_PAGE_SIZE,
  type ProductListParams,
  type ProductRow,
  useCreateProduct,
  useProducts,
} from './products-api.ts';

export function ProductsPage() {
  return (
    <Routes>
      <Route index element={<ProductList />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="production.write">
            <NewProduct />
          </IfAllowed>
        }
      />
      <Route path=":id" element={<ProductDetailPage />} />
    </Routes>
  );
}

function useListParams(): [ProductListParams, (patch: Partial<ProductListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params: ProductListParams = {
    q: search.get('q') ?? '',
    sort: search.get('sort') === 'name' ? 'name' : 'sku',
    dir: search.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
  const update = (patch: Partial<ProductListParams>) => {
    const next = { ...params, ...patch };
    const out = new URLSearchParams();
    // Visible columns are not part of the filter: they stay (saved views keep them too).
    const cols = search.get('cols');
    if (cols) out.set('cols', cols);
    if (next.q) out.set('q', next.q);
    if (next.sort !== 'sku') out.set('sort', next.sort);
    if (next.dir !== 'asc') out.set('dir', next.dir);
    if (next.page > 1) out.set('page', String(next.page));
    setSearch(out, { replace: true });
  };
  return [params, update];
}

function ProductList() {
  const { t } = useTranslation('production');
  const canWrite = usePermission('production.write');
  const [params, update] = useListParams();
  const [q, setQ] = useState(params.q);
  const list = useProducts(params);
  useEffect(() => {
    if (q === params.q) return;
    const timer = setTimeout(() => update({ q, page: 1 }), 250);
    return () => clearTimeout(timer);
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCT_PAGE_SIZE));
  const sortOf = (key: 'sku' | 'name') =>
    params.sort === key ? (params.dir === 'desc' ? 'descending' : 'ascending') : 'none';
  const sortButton = (key: 'sku' | 'name', label: string) => {
    const current = params.sort === key;
    const Icon = params.dir === 'desc' ? ArrowDown : ArrowUp;
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-medium"
        onClick={() => update({ sort: key, dir: current && params.dir === 'asc' ? 'desc' : 'asc', page: 1 })}
      >
        {label}
        {current && <Icon className="size-3.5" aria-hidden />}
      </button>
    );
  };
  const rows = list.data?.items ?? [];
  const versionText = (p: ProductRow) =>
    p.activeVersion ? t('bom.versionLabel', { version: p.activeVersion }) : t('products.noActiveBom');
  // Issue 12: hideable columns (the SKU is the link), the selection and its CSV export.
  const columns = useListColumns<'products', ProductRow>(
    'products',
    {
      sku: {
        label: t('fields.sku'),
        header: sortButton('sku', t('fields.sku')),
        sort: sortOf('sku'),
        cell: (p) => (
          <Link
            to={`/products/${p.id}`}
            className="font-mono text-primary underline-offset-2 hover:underline"
          >
            {p.sku}
          </Link>
        ),
        text: (p) => p.sku,
      },
      name: {
        label: t('fields.name'),
        header: sortButton('name', t('fields.name')),
        sort: sortOf('name'),
        cell: (p) => p.name,
        text: (p) => p.name,
      },
      kind: { label: t('fields.kind'), cell: (p) => t(`kinds.${p.kind}`), text: (p) => t(`kinds.${p.kind}`) },
      active_version: {
        label: t('products.activeVersion'),
        cell: (p) => versionText(p),
        text: (p) => versionText(p),
      },
      routing_steps: {
        label: t('products.routingSteps'),
        className: 'text-right tabular-nums',
        cell: (p) => p.routingSteps,
        text: (p) => String(p.routingSteps),
      },
      sales_price: {
        label: t('fields.salesPrice'),
        className: 'text-right tabular-nums',
        cell: (p) => (p.salesPrice ? formatCurrency(p.salesPrice) : ''),
        text: (p) => p.salesPrice ?? '',
      },
      updated: {
        label: t('products.updated'),
        cell: (p) => formatDate(p.updatedAt, undefined, { dateStyle: 'medium' }),
        text: (p) => p.updatedAt,
      },
    },
    { th: 'px-3 py-2', td: 'px-3 py-1.5' },
  );
  const selection = useBulkSelection(
    rows.map((p) => p.id),
    total,
  );
  // "Select all matching" reads the list's filter and sort page by page (the server allows 200 a page).
  const fetchMatching = () =>
    fetchAllPages(async (page, size) => {
      const search = new URLSearchParams({ sort: params.sort, dir: params.dir, page: String(page) });
      search.set('pageSize', String(size));
      if (params.q) search.set('q', params.q);
      const r = await api<{ items: ProductRow[]; total: number }>(`/products?${search}`);
      return { rows: r.items, total: r.total };
    });

  return (
    <div>
      <PageHeader
        title={t('products.title')}
        description={t('products.description')}
        actions={
          canWrite && (
            <Link to="/products/new" className={buttonClasses('primary')}>
              <Plus className="size-4" aria-hidden />
              {t('products.new')}
            </Link>
          )
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="w-72">
          <Label htmlFor="product-search">{t('list.search')}</Label>
          <Input id="product-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <p className="ml-auto text-sm text-muted" role="status" aria-live="polite">
          {t('list.results', { count: total })}
        </p>
      </div>
      <SavedViews {...columns.views} />
      <BulkBar
        selection={selection}
        total={total}
        pageCount={rows.length}
        loaded={rows}
        fetchMatching={fetchMatching}
        csv={columns.csv('products')}
      />
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-border bg-surface-muted text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="w-8 px-3 py-2">
                <SelectPageBox selection={selection} />
              </th>
              {columns.headerCells}
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.id} className="border-b border-border last:border-0 hover:bg-surface-muted">
                <td className="px-3 py-1.5">
                  <SelectRowBox selection={selection} id={p.id} label={p.sku} />
                </td>
                {columns.rowCells(p)}
              </tr>
            ))}
            {list.data && list.data.items.length === 0 && (
              <tr>
                <td colSpan={columns.keys.length + 1} className="px-3 py-8 text-center text-muted">
                  {t('products.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </Card>
      {pages > 1 && (
        <nav className="mt-3 flex items-center justify-end gap-2" aria-label={t('list.pagination')}>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page <= 1}
            onClick={() => update({ page: params.page - 1 })}
          >
            {t('list.previous')}
          </Button>
          <span className="text-sm">{t('list.page', { page: params.page, pages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={params.page >= pages}
            onClick={() => update({ page: params.page + 1 })}
          >
            {t('list.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

function NewProduct() {
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  const create = useCreateProduct();
  const [form, setForm] = useState({
    sku: '',
    name: '',
    baseUnit: 'kom',
    salesPrice: '',
    kind: 'product' as 'product' | 'component',
  });
  const { dirty } = useDirty(form);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = numberInputToApi(form.salesPrice);
    const created = await create
      .mutateAsync({ ...form, salesPrice: price === '' ? null : price })
      .catch(() => null);
    if (created) navigate(`/products/${created.id}`, afterSave());
  };
  return (
    <div className="max-w-2xl">
      <PageHeader
        title={t('products.new')}
        description={t('products.newHint')}
        actions={
          <SaveState
            status={saveStatus({
              saving: create.isPending,
              dirty: dirty && !create.isSuccess,
              isNew: !create.isSuccess,
            })}
          />
        }
      />
      <UnsavedChangesGuard when={dirty && !create.isSuccess} />
      <Card className="p-5">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
          <div>
            <Label htmlFor="product-sku">{t('fields.sku')}</Label>
            <Input
              id="product-sku"
              value={form.sku}
              onChange={(e) => setForm({ ...form, sku: e.target.value })}
              required
            />
          </div>
          <div>
            <Label htmlFor="product-name">{t('fields.name')}</Label>
            <Input
              id="product-name"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              required
            />
          </div>
          <div>
            <Label htmlFor="product-unit">{t('fields.baseUnit')}</Label>
            <Input
              id="product-unit"
              value={form.baseUnit}
              onChange={(e) => setForm({ ...form, baseUnit: e.target.value })}
              required
            />
          </div>
          <div>
            <Label htmlFor="product-price">{t('fields.salesPrice')}</Label>
            <Input
              id="product-price"
              inputMode="decimal"
              value={form.salesPrice}
              onChange={(e) => setForm({ ...form, salesPrice: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor="product-kind">{t('fields.kind')}</Label>
            <select
              id="product-kind"
              className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm"
              value={form.kind}
              onChange={(e) => setForm({ ...form, kind: e.target.value as 'product' | 'component' })}
            >
              <option value="product">{t('kinds.product')}</option>
              <option value="component">{t('kinds.component')}</option>
            </select>
          </div>
          <FormErrors className="sm:col-span-2" messages={errorMessages(create.error, t)} />
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" loading={create.isPending}>
              {t('actions.create')}
            </Button>
            <Link to="/products" className={buttonClasses('outline')} data-discard>
              {t('actions.cancel')}
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
