import { registerHistorySource } from '../partners/partners.history.ts';
import { supplierInvoiceHistory } from './purchase-invoices.repo.ts';

// A supplier's history lists its invoices (credit notes with a negative total) next to its
// orders and goods receipts.
registerHistorySource({
  type: 'purchase_invoice',
  roles: ['supplier'],
  list: supplierInvoiceHistory,
});
