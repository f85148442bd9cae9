import { useTranslation } from 'react-i18next';
import { Spinner } from './ui/spinner.tsx';

/** Seed section 2: pages load on demand behind 'Učitavanje stranice...'. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 items-center justify-center gap-3 text-muted">
      <Spinner className="size-5" />
      <span>{t('loading.page')}</span>
    </div>
  );
}
