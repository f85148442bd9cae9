import { formSchema } from '@erp/domain/form-schema';
import { productCreateSchema } from '@erp/domain/production/contracts';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { formatCurrency, formatDate, numberInputToApi } from '../../lib/format.ts';
import { DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import { errorMessages } from './error-messages.ts';
import { MasterListHeader, useListSearch } from './master-list-header.tsx';
import { ProductDetailPage } from './product-detail.tsx';
import {
  fetchProducts,
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
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

/** The product list (issue 12: hideable columns, the SKU is the link; selection and CSV). */
export const PRODUCTS_LIST = defineList({
  key: 'products',
  columns: ['sku', 'name', 'kind', 'active_version', 'routing_steps', 'sales_price', 'updated'],
  fixed: ['sku'],
  bulk: true,
  sort: 'sku',
  pageSize: PRODUCT_PAGE_SIZE,
});

function ProductList() {
  const { t } = useTranslation('production');
  const canWrite = usePermission('production.write');
  const list = useList(PRODUCTS_LIST);
  const params: ProductListParams = {
    q: list.get('q') ?? '',
    sort: list.sort === 'name' ? 'name' : 'sku',
    dir: list.dir,
    page: list.page,
  };
  const search = useListSearch(list);
  const products = useProducts(params);
  const total = products.data?.total ?? 0;
  const rows = products.data?.items ?? [];
  const versionText = (p: ProductRow) =>
    p.activeVersion ? t('bom.versionLabel', { version: p.activeVersion }) : t('products.noActiveBom');

  return (
    <div>
      <MasterListHeader
        title={t('products.title')}
        description={t('products.description')}
        newLink={canWrite && { to: '/products/new', label: t('products.new') }}
        searchId="product-search"
        search={search}
        total={total}
      />
      <DataTable
        list={list}
        rows={rows}
        total={total}
        loading={!products.data}
        empty={t('products.empty')}
        rowLabel={(p) => p.sku}
        // "Select all matching" reads the list's filter and sort page by page (200 a page).
        fetchPage={(page, size) =>
          fetchProducts({ ...params, page }, size).then((r) => ({ rows: r.items, total: r.total }))
        }
        columns={{
          sku: {
            label: t('fields.sku'),
            sortBy: 'sku',
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
          name: { label: t('fields.name'), sortBy: 'name', cell: (p) => p.name, text: (p) => p.name },
          kind: {
            label: t('fields.kind'),
            cell: (p) => t(`kinds.${p.kind}`),
            text: (p) => t(`kinds.${p.kind}`),
          },
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
            cell: (p) => formatDate(p.updatedAt),
            text: (p) => p.updatedAt,
          },
        }}
      />
    </div>
  );
}

type NewProductValues = {
  sku: string;
  name: string;
  baseUnit: string;
  salesPrice: string;
  kind: 'product' | 'component';
};
/** The typed price read in the language's format (empty = none), then the server's own schema. */
const newProductSchema = formSchema((values: NewProductValues) => {
  const price = numberInputToApi(values.salesPrice ?? '');
  return { ...values, salesPrice: price === '' ? null : price };
}, productCreateSchema);

function NewProduct() {
  const { t } = useTranslation('production');
  const navigate = useNavigate();
  const create = useCreateProduct();
  const saveRef = useSaveShortcut();
  const form = useZodForm<typeof newProductSchema, NewProductValues>(newProductSchema, {
    defaultValues: { sku: '', name: '', baseUnit: 'kom', salesPrice: '', kind: 'product' },
  });
  const dirty = form.formState.isDirty;
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (path === 'salesPrice' ? t('fields.salesPrice') : ''),
    server: errorMessages(create.error, t),
  });
  const submit = form.handleSubmit(async (body) => {
    const created = await create.mutateAsync(body).catch(() => null);
    if (created) navigate(`/products/${created.id}`, afterSave());
  });
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
            <Input id="product-sku" {...form.register('sku')} required />
          </div>
          <div>
            <Label htmlFor="product-name">{t('fields.name')}</Label>
            <Input id="product-name" {...form.register('name')} required />
          </div>
          <div>
            <Label htmlFor="product-unit">{t('fields.baseUnit')}</Label>
            <Input id="product-unit" {...form.register('baseUnit')} required />
          </div>
          <div>
            <Label htmlFor="product-price">{t('fields.salesPrice')}</Label>
            <Input id="product-price" inputMode="decimal" {...form.register('salesPrice')} />
          </div>
          <div>
            <Label htmlFor="product-kind">{t('fields.kind')}</Label>
            <select
              id="product-kind"
              className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm"
              {...form.register('kind')}
            >
              <option value="product">{t('kinds.product')}</option>
              <option value="component">{t('kinds.component')}</option>
            </select>
          </div>
          <FormErrors className="sm:col-span-2" messages={messages} />
          <div className="flex gap-2 sm:col-span-2">
            <Button ref={saveRef} type="submit" loading={create.isPending}>
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
