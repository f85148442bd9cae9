import { ClipboardList, ReceiptText } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PartnerDetailPage } from '../clients/partner-detail.tsx';
import { PartnerList } from '../clients/partner-list.tsx';
import { partnerWriteRoutes } from '../clients/partner-routes.tsx';
import { useLivePartners } from '../clients/partners-api.ts';
import { SupplierItemsTab } from './supplier-items.tsx';

const PurchasingPages = lazy(() =>
  import('../purchasing/purchasing-pages.tsx').then((m) => ({ default: m.PurchasingPages })),
);
const PurchaseInvoicesPages = lazy(() =>
  import('../purchase-invoices/purchase-invoices-pages.tsx').then((m) => ({
    default: m.PurchaseInvoicesPages,
  })),
);
const PurchaseInvoicesList = lazy(() =>
  import('../purchase-invoices/purchase-invoices-list.tsx').then((m) => ({
    default: m.PurchaseInvoicesList,
  })),
);
const SupplierPerformanceTab = lazy(() =>
  import('./supplier-performance.tsx').then((m) => ({ default: m.SupplierPerformanceTab })),
);

/** /suppliers: list, new, import, detail (items, history, performance) and purchase orders under /suppliers/orders. */
export function SuppliersPage() {
  const { t } = useTranslation('partners');
  useLivePartners();
  return (
    <Routes>
      <Route
        index
        element={
          <PartnerList
            list="supplier"
            actions={
              <>
                <Link to="/suppliers/orders" className={buttonClasses('outline')}>
                  <ClipboardList className="size-4" aria-hidden />
                  {t('supplier.orders')}
                </Link>
                <Link to="/suppliers/invoices" className={buttonClasses('outline')}>
                  <ReceiptText className="size-4" aria-hidden />
                  {t('supplier.invoices')}
                </Link>
              </>
            }
          />
        }
      />
      <Route
        path="orders/*"
        element={
          <Suspense fallback={<PageLoading />}>
            <PurchasingPages />
          </Suspense>
        }
      />
      <Route
        path="invoices/*"
        element={
          <Suspense fallback={<PageLoading />}>
            <PurchaseInvoicesPages />
          </Suspense>
        }
      />
      {partnerWriteRoutes('supplier')}
      <Route
        path=":id/*"
        element={
          <PartnerDetailPage
            list="supplier"
            extraTabs={[
              { path: 'items', label: t('tabs.items'), element: (p) => <SupplierItemsTab id={p.id} /> },
              {
                path: 'invoices',
                label: t('tabs.invoices'),
                element: (p) => (
                  <Suspense fallback={<p className="text-sm text-muted">{t('list.loading')}</p>}>
                    <PurchaseInvoicesList supplierId={p.id} />
                  </Suspense>
                ),
              },
              {
                path: 'performance',
                label: t('tabs.performance'),
                element: (p) => (
                  <Suspense fallback={<p className="text-sm text-muted">{t('list.loading')}</p>}>
                    <SupplierPerformanceTab id={p.id} />
                  </Suspense>
                ),
              },
            ]}
          />
        }
      />
    </Routes>
  );
}
