import { Route, Routes } from 'react-router';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { IfAllowed } from '../team/use-permission.tsx';
import { LowStockOrdersPage } from './low-stock-orders.tsx';
import { PurchaseOrderDetail } from './purchase-order-detail.tsx';
import { PurchaseOrderFormPage } from './purchase-order-form.tsx';
import { PurchaseOrdersList } from './purchase-orders-list.tsx';
import { useLivePurchasing } from './purchasing-api.ts';
import { ReceiptDetailPage, ReceiptFormPage } from './receipt-form.tsx';

/** /suppliers/orders/*: purchase orders, the low-stock shortcut and goods receipts. */
export function PurchasingPages() {
  useLivePurchasing();
  return (
    <Routes>
      <Route index element={<PurchaseOrdersList />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="purchasing.write">
            <PurchaseOrderFormPage />
          </IfAllowed>
        }
      />
      <Route
        path="low-stock"
        element={
          <IfAllowed permission="purchasing.write">
            <LowStockOrdersPage />
          </IfAllowed>
        }
      />
      <Route path="receipts/:receiptId" element={<ReceiptDetailPage />} />
      <Route path=":id" element={<PurchaseOrderDetail />} />
      <Route
        path=":id/edit"
        element={
          <IfAllowed permission="purchasing.write">
            <PurchaseOrderFormPage />
          </IfAllowed>
        }
      />
      <Route
        path=":id/receive"
        element={
          <IfAllowed permission="purchasing.write">
            <ReceiptFormPage />
          </IfAllowed>
        }
      />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
