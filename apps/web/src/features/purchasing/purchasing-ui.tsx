import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import type { PoStatus } from './purchasing-api.ts';

const TONE: Record<PoStatus, string> = {
  draft: 'bg-surface-2 text-foreground',
  sent: 'bg-primary/10 text-primary',
  partially_received: 'bg-warning-soft text-warning',
  received: 'bg-success/10 text-success',
  cancelled: 'bg-danger-soft text-danger',
};

export function StatusBadge({ status }: { status: PoStatus }) {
  const { t } = useTranslation('purchasing');
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONE[status],
      )}
      data-testid="po-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}
