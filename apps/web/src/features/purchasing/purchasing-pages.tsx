import { Route, Routes } from 'react-router';
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
      <Route path="new" element={<PurchaseOrderFormPage />} />
      <Route path="low-stock" element={<LowStockOrdersPage />} />
      <Route path="receipts/:receiptId" element={<ReceiptDetailPage />} />
      <Route path=":id" element={<PurchaseOrderDetail />} />
      <Route path=":id/edit" element={<PurchaseOrderFormPage />} />
      <Route path=":id/receive" element={<ReceiptFormPage />} />
    </Routes>
  );
}
