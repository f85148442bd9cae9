import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../sections/page-header.tsx';
import { usePublishedChangelog } from './changelog-api.ts';
import { ChangelogEntryView } from './changelog-entry-view.tsx';

export function ChangelogPage() {
  const { t } = useTranslation('app');
  const { data, isPending } = usePublishedChangelog();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('changelog.pageTitle')} description={t('changelog.pageDescription')} />
      {isPending ? (
        <PageLoading />
      ) : data && data.length > 0 ? (
        <Card className="divide-y divide-border">
          {data.map((entry) => (
            <div key={entry.id} className="p-5">
              <ChangelogEntryView entry={entry} />
            </div>
          ))}
        </Card>
      ) : (
        <Card className="p-8 text-center text-muted">{t('changelog.noEntries')}</Card>
      )}
    </div>
  );
}
