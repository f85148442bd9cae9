import { useTranslation } from 'react-i18next';
import { SlowProgress, useDelayedFlag } from './editing/delayed.tsx';
import { Spinner } from './ui/spinner.tsx';

/**
 * Seed section 2: pages load on demand behind 'Učitavanje stranice...'. UX.md speed: the view
 * appears only when loading lasts over 400 ms (no flash on a fast answer), a progress bar after 5 s.
 */
export function PageLoading() {
  const { t } = useTranslation('common');
  const show = useDelayedFlag(true, 400);
  const slow = useDelayedFlag(true, 5000);
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-2 text-muted"
    >
      {show && (
        <div className="flex items-center gap-3">
          <Spinner className="size-5" />
          <span>{t('loading.page')}</span>
        </div>
      )}
      {slow && (
        <div className="w-64">
          <SlowProgress />
        </div>
      )}
    </div>
  );
}
