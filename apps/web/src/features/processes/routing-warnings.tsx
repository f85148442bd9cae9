import type { RoutingWarning } from '@erp/domain';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Processing-order warnings (domain checkRoutingOrder: cut → edge → drill → coating removal →
 * temper/laminate → assemble) of a product routing or of a work order's operations. Warnings only:
 * the routing can be saved as it is. `#n` is the step number, or the operation's position.
 */
export function RoutingWarnings({ warnings }: { warnings: readonly RoutingWarning[] }) {
  const { t } = useTranslation('production');
  if (warnings.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="routing-warnings"
      className="space-y-1 rounded-md border border-warning bg-warning/10 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4 shrink-0 text-warning" aria-hidden />
        {t('routingWarnings.title')}
      </p>
      <ul className="list-disc space-y-0.5 pl-5">
        {warnings.map((w) => (
          <li key={`${w.position}-${w.after}`}>
            {t(`routingWarnings.${w.code}`, {
              position: w.position,
              category: t(`categories.${w.category}`),
              after: w.after,
              afterCategory: t(`categories.${w.afterCategory}`),
            })}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t('routingWarnings.allowed')}</p>
    </div>
  );
}
