import type { PurchaseInvoiceStatus } from './types.ts';

/** What may be done with a received invoice in each status (nothing while it is `checking`). */
export function purchaseInvoiceActions(
  status: PurchaseInvoiceStatus,
  docType: 'invoice' | 'credit_note',
  open: string,
): Array<'approve' | 'reject' | 'match' | 'pay'> {
  if (status === 'received') return ['approve', 'reject', 'match'];
  if (status === 'invalid') return ['reject'];
  if (status === 'approved' && docType === 'invoice' && !/^-?0(\.0+)?$/.test(open) && !open.startsWith('-'))
    return ['pay'];
  return [];
}

export const canMoveTo = (from: PurchaseInvoiceStatus, to: 'approved' | 'rejected'): boolean =>
  to === 'approved' ? from === 'received' : from === 'received' || from === 'invalid';
