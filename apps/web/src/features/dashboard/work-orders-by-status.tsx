import { WORK_ORDER_STATUSES } from '@erp/domain/documents/work-order-statuses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format.ts';

/**
 * The dashboard's count of work orders per status, each linking to the list filtered by it. The
 * status words are the work order's own (`documents:status` with the `work_order` context), the
 * ones its badge, list and filter show, so a cancelled order reads "Otkazan" everywhere.
 */
export function WorkOrdersByStatus({ counts }: { counts: readonly { status: string; count: number }[] }) {
  const { t } = useTranslation('documents');
  return (
    <ul className="grid grid-cols-2 gap-1 text-sm" data-testid="work-orders-by-status">
      {WORK_ORDER_STATUSES.map((s) => (
        <li key={s}>
          <Link className="underline-offset-2 hover:underline" to={`/documents/work-orders?status=${s}`}>
            {t(`status.${s}`, { context: 'work_order' })}:{' '}
            {formatNumber(counts.find((x) => x.status === s)?.count ?? 0)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
