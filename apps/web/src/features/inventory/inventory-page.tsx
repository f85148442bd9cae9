import { ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { IfAllowed } from '../team/use-permission.tsx';
import { CountDetailPage, CountsPage } from './counts-page.tsx';
import { ImportPage } from './import-page.tsx';
import { useLiveStock } from './inventory-api.ts';
import { ItemDetail } from './item-detail.tsx';
import { ItemFormPage } from './item-form.tsx';
import { ItemsList } from './items-list.tsx';
import { LocationDetail } from './location-detail.tsx';
import { LocationsPage } from './locations-page.tsx';
import { LotDetail, LotsPage } from './lots-page.tsx';
import { LowStockPage } from './low-stock-page.tsx';
import { MovementsPage } from './movement-table.tsx';
import { OperationsPage } from './operations-page.tsx';
import { InventoryTabs } from './parts.tsx';
import { ReservationsPage } from './reservations-page.tsx';

/** /inventory: items, locations, operations, counts, lots, low stock, reservations, movements, import; balances update live. */
export function InventoryPage() {
  const { t } = useTranslation('inventory');
  const { t: tw } = useTranslation('warehouse');
  useLiveStock();
  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <Link
            to="/inventory/scan"
            className={buttonClasses('primary', 'lg')}
            data-testid="open-warehouse-scan"
          >
            <ScanLine className="size-5" aria-hidden />
            {tw('entry')}
          </Link>
        }
      />
      <InventoryTabs />
      <InventoryRoutes />
    </div>
  );
}

/**
 * The inventory's pages. `/inventory` opens the items; any other path is unknown (seed section 2:
 * → /landing), never a silent jump to the items list.
 */
export function InventoryRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="items" replace />} />
      <Route path="items" element={<ItemsList />} />
      <Route
        path="items/new"
        element={
          <IfAllowed permission="master.write">
            <ItemFormPage />
          </IfAllowed>
        }
      />
      <Route path="items/:id" element={<ItemDetail />} />
      <Route
        path="items/:id/edit"
        element={
          <IfAllowed permission="master.write">
            <ItemFormPage />
          </IfAllowed>
        }
      />
      <Route path="locations" element={<LocationsPage />} />
      <Route path="locations/:id" element={<LocationDetail />} />
      <Route
        path="operations"
        element={
          <IfAllowed permission="inventory.write">
            <OperationsPage />
          </IfAllowed>
        }
      />
      <Route path="counts" element={<CountsPage />} />
      <Route path="counts/:id" element={<CountDetailPage />} />
      <Route path="lots" element={<LotsPage />} />
      <Route path="lots/:id" element={<LotDetail />} />
      <Route path="low-stock" element={<LowStockPage />} />
      <Route path="movements" element={<MovementsPage />} />
      <Route path="reservations" element={<ReservationsPage />} />
      <Route
        path="import"
        element={
          <IfAllowed permission="master.write">
            <ImportPage />
          </IfAllowed>
        }
      />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
