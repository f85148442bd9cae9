import { registerHistorySource } from '../partners/partners.history.ts';
import { supplierOrderHistory, supplierReceiptHistory } from './purchasing.repo.ts';

// Purchase history of a supplier: its orders and goods receipts on the supplier page.
registerHistorySource({
  type: 'purchase_order',
  roles: ['supplier'],
  list: supplierOrderHistory,
});

registerHistorySource({
  type: 'goods_receipt',
  roles: ['supplier'],
  list: supplierReceiptHistory,
});
