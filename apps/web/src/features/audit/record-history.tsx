import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useRecordHistory } from './audit-api.ts';
import { AuditEntries } from './audit-entries.tsx';

/**
 * Change history of one record from the audit trail; drop it into any detail page with the record's
 * table and id. Members whose role may not read the audit trail see a short note instead.
 */
export function RecordHistory({ table, id }: { table: string; id: string }) {
  const { t } = useTranslation('audit');
  const [page, setPage] = useState(1);
  const history = useRecordHistory(table, id, page);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.page_size)) : 1;
  return (
    <Card data-testid="record-history">
      <CardHeader>
        <CardTitle>{t('history.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Spinner />
        ) : history.isError ? (
          <p className="text-sm text-muted">
            {history.error instanceof ApiError && history.error.status === 403
              ? t('history.forbidden')
              : t('loadError')}
          </p>
        ) : history.data.rows.length === 0 ? (
          <p className="text-sm text-muted">{t('history.empty')}</p>
        ) : (
          <>
            <AuditEntries rows={history.data.rows} />
            {pages > 1 ? (
              <div className="mt-3 flex items-center gap-2 text-sm">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('paging.previous')}
                </Button>
                <span>{t('paging.page', { page, pages })}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('paging.next')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
