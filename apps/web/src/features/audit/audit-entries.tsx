import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import type { AuditEntry, FieldChange } from './audit-api.ts';

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('audit');
  if (value === null || value === undefined || value === '')
    return <span className="text-muted">{t('empty')}</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <span className="break-all">{text}</span>;
}

function Change({ c }: { c: FieldChange }) {
  const { t } = useTranslation('audit');
  return (
    <li className="flex flex-wrap gap-x-2">
      <span className="text-xs text-muted">{t(`fields.${c.field}`)}</span>
      {c.encrypted ? (
        <span data-testid="encrypted-value">{t('encrypted')}</span>
      ) : (
        <>
          <Value value={c.old} />
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t('to')}</span>
          <Value value={c.new} />
        </>
      )}
    </li>
  );
}

/**
 * One entry per change: who, when, what kind, and every field old → new, records and fields under
 * their translated names (the server leaves bookkeeping tables and columns out; docs/ux.md). On the audit page the
 * parts follow the list's column picker (`visible`; `seq` always shows).
 */
export function AuditEntries({
  rows,
  showRecord = false,
  visible = () => true,
}: {
  rows: AuditEntry[];
  showRecord?: boolean;
  visible?: (part: 'when' | 'user' | 'action' | 'record' | 'changes') => boolean;
}) {
  const { t } = useTranslation('audit');
  return (
    <ol className="space-y-3" data-testid="audit-entries">
      {rows.map((e) => (
        <li key={e.seq} className="rounded-md border border-border p-3 text-sm" data-testid="audit-entry">
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            {visible('when') && (
              <span className="text-muted">
                {formatDate(e.at, undefined, { dateStyle: 'medium', timeStyle: 'medium' })}
              </span>
            )}
            {visible('user') && (
              <span className="font-medium">
                {e.is_platform ? t('platform') : (e.actor_name ?? t('unknownUser'))}
              </span>
            )}
            {visible('action') && <span>{t(`action.${e.action}`)}</span>}
            {showRecord && visible('record') ? (
              <span className="text-xs text-muted">
                {t(`entities.${e.table_name}`)} · <span className="font-mono">{e.row_id.slice(0, 8)}</span>
              </span>
            ) : null}
            <span className="ml-auto text-xs text-muted">#{e.seq}</span>
          </div>
          {e.changes.length > 0 && visible('changes') ? (
            <ul className="mt-2 space-y-1">
              {e.changes.map((c) => (
                <Change key={c.field} c={c} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
