import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import type { AuditEntry, FieldChange } from './audit-api.ts';

/** How many field names the audit table's changes cell names before "and N more". */
const NAMED_FIELDS = 3;

export const entryTime = (e: AuditEntry) => formatDateTime(e.at);

export const entryUser = (t: TFunction<'audit'>, e: AuditEntry) =>
  e.is_platform ? t('platform') : (e.actor_name ?? t('unknownUser'));

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('audit');
  if (value === null || value === undefined || value === '')
    return <span className="text-muted">{t('empty')}</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <span className="break-all">{text}</span>;
}

/** Every changed field of an entry, old → new, under its translated name. */
export function ChangeList({ changes, className }: { changes: FieldChange[]; className?: string }) {
  const { t } = useTranslation('audit');
  return (
    <ul className={className}>
      {changes.map((c) => (
        <li key={c.field} className="flex flex-wrap gap-x-2">
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
      ))}
    </ul>
  );
}

/** The changed fields' names (the first few), as the audit table's summary of an entry. */
export function changesSummary(t: TFunction<'audit'>, changes: FieldChange[]): string {
  const names = changes.slice(0, NAMED_FIELDS).map((c) => t(`fields.${c.field}`));
  const rest = changes.length - names.length;
  const fields = names.join(', ');
  return rest > 0 ? t('columns.more', { fields, n: rest }) : fields;
}

/**
 * The audit table's changes cell: the changed fields' names, opening (a native disclosure, so it
 * works by keyboard) to every field old → new.
 */
export function ChangesCell({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  if (entry.changes.length === 0) return <span className="text-muted">{t('empty')}</span>;
  return (
    <details data-testid="audit-changes">
      <summary className="cursor-pointer">{changesSummary(t, entry.changes)}</summary>
      <ChangeList changes={entry.changes} className="mt-1 space-y-1" />
    </details>
  );
}

/**
 * One record's history as a compact timeline (its detail page's tab; the company's whole trail is
 * the audit page's table): who, when, what kind, and every field old → new, records and fields
 * under their translated names (the server leaves bookkeeping tables and columns out; docs/ux.md).
 */
export function AuditEntries({ rows }: { rows: AuditEntry[] }) {
  const { t } = useTranslation('audit');
  return (
    <ol className="space-y-3" data-testid="audit-entries">
      {rows.map((e) => (
        <li key={e.seq} className="rounded-md border border-border p-3 text-sm" data-testid="audit-entry">
          <div className="flex flex-wrap gap-x-3 gap-y-1">
            <span className="text-muted">{entryTime(e)}</span>
            <span className="font-medium">{entryUser(t, e)}</span>
            <span>{t(`action.${e.action}`)}</span>
            <span className="ml-auto text-xs text-muted">#{e.seq}</span>
          </div>
          {e.changes.length > 0 ? <ChangeList changes={e.changes} className="mt-2 space-y-1" /> : null}
        </li>
      ))}
    </ol>
  );
}
