import { isAuditFieldShown } from '@erp/domain';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useParams } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/cn.ts';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatQuantity,
  formatUnitPrice,
} from '../../lib/format.ts';
import {
  type Detail,
  type DocKind,
  type DocLink,
  docHref,
  useDocument,
  useHistory,
  useLiveDocuments,
} from './documents-api.ts';

export const TABLE = 'w-full border-collapse text-sm';
export const TH = 'border-b border-border px-2 py-1.5 text-left font-medium text-muted whitespace-nowrap';
export const TD = 'border-b border-border px-2 py-1.5 align-top';
export const NUM = 'text-right tabular-nums';
export const SELECT =
  'h-10 rounded-md border border-border bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary';

export const STATUSES: Record<DocKind, readonly string[]> = {
  quote: ['draft', 'sent', 'accepted', 'rejected', 'expired', 'converted'],
  work_order: ['draft', 'planned', 'in_progress', 'completed', 'cancelled'],
  delivery_note: ['draft', 'issued', 'delivered', 'cancelled'],
  invoice: ['draft', 'issued'],
  credit_note: ['draft', 'issued'],
};

const TONES: Record<string, string> = {
  draft: 'bg-surface-2 text-foreground border-border',
  sent: 'bg-blue-100 text-blue-900 border-blue-300 dark:bg-blue-950 dark:text-blue-100',
  planned: 'bg-blue-100 text-blue-900 border-blue-300 dark:bg-blue-950 dark:text-blue-100',
  issued: 'bg-blue-100 text-blue-900 border-blue-300 dark:bg-blue-950 dark:text-blue-100',
  in_progress: 'bg-amber-100 text-amber-900 border-amber-300 dark:bg-amber-950 dark:text-amber-100',
  partially_paid: 'bg-amber-100 text-amber-900 border-amber-300 dark:bg-amber-950 dark:text-amber-100',
  refund_due: 'bg-amber-100 text-amber-900 border-amber-300 dark:bg-amber-950 dark:text-amber-100',
  accepted: 'bg-green-100 text-green-900 border-green-300 dark:bg-green-950 dark:text-green-100',
  completed: 'bg-green-100 text-green-900 border-green-300 dark:bg-green-950 dark:text-green-100',
  delivered: 'bg-green-100 text-green-900 border-green-300 dark:bg-green-950 dark:text-green-100',
  converted: 'bg-green-100 text-green-900 border-green-300 dark:bg-green-950 dark:text-green-100',
  paid: 'bg-green-100 text-green-900 border-green-300 dark:bg-green-950 dark:text-green-100',
  rejected: 'bg-red-100 text-red-900 border-red-300 dark:bg-red-950 dark:text-red-100',
  cancelled: 'bg-red-100 text-red-900 border-red-300 dark:bg-red-950 dark:text-red-100',
  overdue: 'bg-red-100 text-red-900 border-red-300 dark:bg-red-950 dark:text-red-100',
  expired: 'bg-surface-2 text-muted border-border',
  unpaid: 'bg-surface-2 text-foreground border-border',
};

/**
 * A document's status. With the document `kind`, the word agrees with it where the language
 * needs it ("Isporučena" otpremnica, "Isporučen" nalog): the key `status.<status>_<kind>` is
 * used when a language has it (i18next context), else `status.<status>`.
 */
export function StatusBadge({
  status,
  scope = 'status',
  kind,
}: {
  status: string;
  scope?: 'status' | 'payment';
  kind?: string;
}) {
  const { t } = useTranslation('documents');
  return (
    <span
      data-testid={scope === 'status' ? 'status-badge' : 'payment-badge'}
      className={cn(
        'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[status],
      )}
    >
      {t(`${scope}.${status}`, { context: kind })}
    </span>
  );
}

export function Money({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (value == null) return null;
  return <>{formatNumber(value, i18n.language, { style: 'currency', currency: 'EUR' })}</>;
}

/** A unit price as money with the decimals it has (2 to 4), as the PDFs print it: 0,3333 €. */
export function UnitPrice({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (value == null) return null;
  return <>{formatUnitPrice(value, i18n.language)}</>;
}

export function Qty({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (value == null) return null;
  return <>{formatQuantity(value, i18n.language)}</>;
}

export function DateText({ value }: { value: string | null | undefined }) {
  const { i18n } = useTranslation();
  if (!value) return null;
  return <>{formatDate(value, i18n.language)}</>;
}

/** Work orders, quotes and invoices share the documents section (seed: /documents/...). */
export function DocumentTabs() {
  const { t } = useTranslation('documents');
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium',
      isActive ? 'border-primary text-foreground' : 'border-transparent text-muted hover:text-foreground',
    );
  return (
    <nav aria-label={t('tabs.label')} className="mb-4 flex flex-wrap gap-1 border-b border-border">
      <NavLink to="/documents/work-orders" className={tab}>
        {t('kindsPlural.work_order')}
      </NavLink>
      <NavLink to="/documents/quotes" className={tab}>
        {t('kindsPlural.quote')}
      </NavLink>
      <NavLink to="/documents/invoices" className={tab}>
        {t('kindsPlural.invoice')}
      </NavLink>
      <NavLink to="/documents/settings" className={(state) => cn(tab(state), 'ml-auto')}>
        {t('settings.tab')}
      </NavLink>
    </nav>
  );
}

export function Field({
  label,
  htmlFor,
  children,
}: {
  label: string;
  htmlFor: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/** A document screen's refusal (the API's error in the user's language), when there is one. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-danger p-2 text-sm text-danger"
      data-testid="form-error"
    >
      {error}
    </p>
  );
}

/** The document's PDF, opened in a new tab. */
export function PdfLink({ id }: { id: string }) {
  const { t } = useTranslation('documents');
  return (
    <a
      className={buttonClasses('outline', 'md')}
      href={`/api/documents/${id}/pdf`}
      target="_blank"
      rel="noreferrer"
    >
      {t('actions.pdf')}
    </a>
  );
}

/** One fact of a document's header: its label above its value. */
export function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Save (also Ctrl+S) and Discard (back to `listHref`) of a new document. */
export function NewDocumentActions(props: {
  pending: boolean;
  disabled: boolean;
  onSave: () => void;
  listHref: string;
}) {
  const { t } = useTranslation('documents');
  const saveRef = useSaveShortcut();
  return (
    <div className="flex gap-2">
      <Button
        ref={saveRef}
        data-testid="save"
        disabled={props.pending || props.disabled}
        onClick={props.onSave}
      >
        {props.pending ? t('form.saving') : t('form.save')}
      </Button>
      <Link to={props.listHref} className={buttonClasses('ghost', 'md')} data-discard>
        {t('form.discard')}
      </Link>
    </div>
  );
}

/**
 * The document of the route's `:id` once loaded, following other users' changes; the screen starts
 * again (its local state too) when the document's status changes.
 */
export function LoadedDocument({ render }: { render: (detail: Detail) => ReactNode }) {
  const { t } = useTranslation('documents');
  const { id } = useParams();
  useLiveDocuments();
  const detail = useDocument(id);
  if (!detail.data) return <p role="status">{detail.error ? t('list.loadError') : t('list.loading')}</p>;
  const doc = detail.data.document;
  return <Fragment key={`${doc.id}-${doc.status}`}>{render(detail.data)}</Fragment>;
}

/** Links to related documents and the change history from the audit trail (statuses in the words of `kind`). */
export function LinksAndHistory({ id, kind, links }: { id: string; kind: DocKind; links: DocLink[] }) {
  // Field names in business terms (audit namespace), bookkeeping columns left out.
  const { t, i18n } = useTranslation(['documents', 'audit']);
  const history = useHistory(id);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby={`links-${id}`} className="rounded-md border border-border p-3">
        <h3 id={`links-${id}`} className="mb-2 font-semibold">
          {t('detail.links')}
        </h3>
        {links.length === 0 ? (
          <p className="text-sm text-muted">{t('detail.noLinks')}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="document-links">
            {links.map((l) => (
              <li key={`${l.id}-${l.relation}`} className="flex items-center gap-2">
                <span className="text-muted">{t(`relations.${l.relation}_${l.direction}`)}</span>
                <Link className="font-medium text-primary hover:underline" to={docHref(l.kind, l.id)}>
                  {t(`kinds.${l.kind}`)} {l.number ?? t('detail.draftNumber')}
                </Link>
                <StatusBadge status={l.status} kind={l.kind} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`history-${id}`} className="rounded-md border border-border p-3">
        <h3 id={`history-${id}`} className="mb-2 font-semibold">
          {t('detail.history')}
        </h3>
        <ol className="max-h-64 space-y-1 overflow-auto text-sm" data-testid="document-history">
          {(history.data ?? [])
            .filter((h) => h.table_name === 'documents')
            .map((h) => (
              <li key={h.seq}>
                <span className="text-muted">{formatDateTime(h.at, i18n.language)}</span>{' '}
                {h.actor_name ?? t('detail.system')}:{' '}
                {h.action === 'INSERT'
                  ? t('detail.created')
                  : h.changes.status
                    ? t('detail.statusChanged', {
                        status: t(`status.${String(h.changes.status.new)}`, { context: kind }),
                      })
                    : t('detail.edited', {
                        fields: Object.keys(h.changes)
                          .filter(isAuditFieldShown)
                          .map((f) => t(`audit:fields.${f}`))
                          .join(', '),
                      })}
              </li>
            ))}
        </ol>
      </section>
    </div>
  );
}
