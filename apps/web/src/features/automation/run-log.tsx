import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { type ActionResult, useRuns } from './automation-api.ts';
import { StatusBadge } from './automation-page.tsx';
import { refusalKey } from './secret-state.ts';

/** Where a record made by an action opens. */
function resultLink(r: ActionResult): string | null {
  if (!r.entityId) return null;
  switch (r.entityType) {
    case 'work_order':
      return `/documents/work-orders/${r.entityId}/edit`;
    case 'delivery_note':
      return `/delivery-notes/${r.entityId}`;
    case 'purchase_order':
      return `/suppliers/orders/${r.entityId}`;
    default:
      return null;
  }
}

/** The rule's run log: one row per event it saw (newest first), page in the URL. */
export function RunLog({ ruleId }: { ruleId: string }) {
  const { t, i18n } = useTranslation('automation');
  /** A refused webhook address in the user's language; other errors as recorded. */
  const errorText = (error: string) => {
    const refusal = refusalKey(error);
    return refusal ? t(refusal.key, { address: refusal.address }) : error;
  };
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const runs = useRuns(ruleId, page);
  const pages = runs.data ? Math.max(1, Math.ceil(runs.data.total / runs.data.page_size)) : 1;
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next, { replace: true });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('runs.title')}</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        {runs.isPending ? (
          <div className="p-6">
            <Spinner />
          </div>
        ) : runs.isError ? (
          <p role="alert" className="p-6 text-danger">
            {t('loadError')}
          </p>
        ) : runs.data.items.length === 0 ? (
          <p className="p-6 text-muted">{t('runs.empty')}</p>
        ) : (
          <table className="w-full text-sm" data-testid="run-log">
            <thead className="border-b border-border text-left text-muted">
              <tr>
                <th className="px-4 py-3 font-medium">{t('runs.when')}</th>
                <th className="px-4 py-3 font-medium">{t('runs.event')}</th>
                <th className="px-4 py-3 font-medium">{t('runs.status')}</th>
                <th className="px-4 py-3 font-medium">{t('runs.attempts')}</th>
                <th className="px-4 py-3 font-medium">{t('runs.result')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((r) => (
                <tr key={r.id} className="border-b border-border align-top last:border-0">
                  <td className="px-4 py-3">{formatDateTime(r.created_at, i18n.language)}</td>
                  <td className="px-4 py-3">
                    {t(`triggers.${r.event_type}`)}
                    {r.event_data.number || r.event_data.sku ? (
                      <span className="block text-muted">
                        {String(r.event_data.number ?? r.event_data.sku)}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={r.status} />
                    {r.error ? (
                      <span className="mt-1 block text-xs text-danger">{errorText(r.error)}</span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">{r.attempts}</td>
                  <td className="px-4 py-3">
                    <ul className="space-y-1">
                      {r.result.map((a) => {
                        const link = resultLink(a);
                        return (
                          <li key={a.index}>
                            {link ? (
                              <Link to={link} className="text-primary hover:underline">
                                {t(`actions.${a.type}`)}
                              </Link>
                            ) : (
                              t(`actions.${a.type}`)
                            )}{' '}
                            <StatusBadge status={a.status} />
                          </li>
                        );
                      })}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <div className="flex items-center justify-end gap-2 p-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
              {t('runs.previous')}
            </Button>
            <span className="text-sm text-muted">{t('runs.page', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1)}>
              {t('runs.next')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
