import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import type { PurchaseInvoiceStatus } from './purchase-invoices-api.ts';

const TONE: Record<PurchaseInvoiceStatus, string> = {
  checking: 'bg-surface-2 text-muted',
  received: 'bg-primary/10 text-primary',
  invalid: 'bg-warning-soft text-warning',
  approved: 'bg-success/10 text-success',
  rejected: 'bg-danger-soft text-danger',
};

export function PurchaseInvoiceStatusBadge({ status }: { status: PurchaseInvoiceStatus }) {
  const { t } = useTranslation('purchase-invoices');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONE[status],
      )}
      data-testid="pi-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}
