import { Route, Routes } from 'react-router';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { IfAllowed } from '../team/use-permission.tsx';
import { PurchaseInvoiceDetail } from './purchase-invoice-detail.tsx';
import { PurchaseInvoiceUpload } from './purchase-invoice-upload.tsx';
import { PurchaseInvoicesList } from './purchase-invoices-list.tsx';

/** /suppliers/invoices: list, upload, detail. */
export function PurchaseInvoicesPages() {
  return (
    <Routes>
      <Route index element={<PurchaseInvoicesList />} />
      <Route
        path="upload"
        element={
          <IfAllowed permission="purchasing.write">
            <PurchaseInvoiceUpload />
          </IfAllowed>
        }
      />
      <Route path=":id" element={<PurchaseInvoiceDetail />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}
