import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import { errorText, useDocument } from './documents-api.ts';
import { TABLE, TD, TH } from './parts.tsx';
import { useIssueVersion, useWorkOrderVersions, versionPdfUrl } from './work-order-versions-api.ts';

// The printed versions of a released work order (issue 18): which versions were issued, each
// downloadable as stored, and, when what the sheet prints has changed since the latest one, a
// warning with "Izdaj novu verziju".

export function WorkOrderVersions({ workOrderId }: { workOrderId: string }) {
  const { t, i18n } = useTranslation('work-order-versions');
  const query = useWorkOrderVersions(workOrderId);
  const issue = useIssueVersion(workOrderId);
  const canIssue = usePermission('production.write');
  const [error, setError] = useState<string | null>(null);
  const cancelled = useDocument(workOrderId).data?.document.status === 'cancelled';
  const data = query.data;
  if (!data || data.state === 'draft' || (cancelled && data.versions.length === 0)) return null;
  const latest = data.versions[0];
  return (
    <section className="space-y-2" aria-labelledby="wo-versions-title" data-testid="work-order-versions">
      <h2 id="wo-versions-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {data.state === 'out_of_date' && !cancelled && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="work-order-out-of-date"
        >
          <span>{latest ? t('outOfDate', { version: latest.version }) : t('noVersion')}</span>
          {canIssue && (
            <Button
              size="sm"
              disabled={issue.isPending}
              onClick={() => {
                setError(null);
                issue.mutate(undefined, { onError: (e) => setError(errorText(t, e)) });
              }}
            >
              {t('issue')}
            </Button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <table className={TABLE}>
        <thead>
          <tr>
            <th className={TH}>{t('version')}</th>
            <th className={TH}>{t('issuedAt')}</th>
            <th className={TH}>{t('issuedBy')}</th>
            <th className={TH}>{t('file')}</th>
          </tr>
        </thead>
        <tbody>
          {data.versions.map((v) => (
            <tr key={v.version}>
              <td className={TD}>
                {t('versionN', { version: v.version })}
                {v.version === latest?.version && data.state === 'current' ? ` · ${t('current')}` : ''}
                {v.version > 1 ? ` · ${t('replaces', { version: v.version - 1 })}` : ''}
              </td>
              <td className={TD}>{formatDateTime(v.created_at, i18n.language)}</td>
              <td className={TD}>{v.created_by_name ?? '—'}</td>
              <td className={TD}>
                <a
                  className="text-primary underline"
                  href={versionPdfUrl(workOrderId, v.version)}
                  target="_blank"
                  rel="noreferrer"
                  title={t('hash', { hash: v.pdf_sha256 })}
                >
                  {t('download', { version: v.version })}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
