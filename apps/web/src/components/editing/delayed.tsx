import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/** True once `active` has lasted `ms` (skeletons after ~400 ms, progress after 5 s: UX.md speed). */
export function useDelayedFlag(active: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!active) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return late;
}

/** Grey placeholder rows, shown only when loading lasts longer than 400 ms (no flash for fast answers). */
export function DelayedSkeleton({ loading, rows = 4 }: { loading: boolean; rows?: number }) {
  const { t } = useTranslation('ux-grid');
  const show = useDelayedFlag(loading, 400);
  const slow = useDelayedFlag(loading, 5000);
  if (!loading) return null;
  return (
    <div role="status" aria-label={t('loading')} data-testid={show ? 'skeleton' : undefined}>
      {show &&
        Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className={cn('mb-2 h-8 animate-pulse rounded bg-surface-2', i === 0 && 'w-1/3')} />
        ))}
      {slow && <SlowProgress />}
    </div>
  );
}

/** An indeterminate bar for waits over five seconds, with the text read out once. */
export function SlowProgress({ value }: { value?: number }) {
  const { t } = useTranslation('ux-grid');
  return (
    <div className="mt-2" data-testid="slow-progress">
      <progress className="h-2 w-full" max={1} value={value} aria-label={t('stillWorking')} />
      <p className="text-xs text-muted">{t('stillWorking')}</p>
    </div>
  );
}
