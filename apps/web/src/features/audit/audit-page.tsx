import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { inputClasses } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import { useMembers } from '../team/team-api.ts';
import { AUDIT_PAGE_SIZE, type AuditEntry, useAuditList, useVerifyChain } from './audit-api.ts';
import { ChangesCell, entryTime, entryUser } from './audit-entries.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const AUDIT_LIST = defineList({
  key: 'audit',
  columns: ['seq', 'when', 'user', 'action', 'record', 'changes'],
  fixed: ['seq'],
  bulk: false,
  pageSize: AUDIT_PAGE_SIZE,
});

/** A row of the audit table: an entry named by its number in the chain. */
type AuditRow = AuditEntry & { id: string };

// Records users change through the app, offered under their translated names (audit namespace
// `entities`); the API's filter accepts any audited table name.
const TABLES = [
  'documents',
  'document_lines',
  'invoice_payments',
  'partners',
  'items',
  'locations',
  'lots',
  'stock_documents',
  'stock_movements',
  'stock_counts',
  'purchase_orders',
  'goods_receipts',
  'purchase_invoices',
  'purchase_invoice_payments',
  'cutting_jobs',
  'boms',
  'processes',
  'work_order_operations',
  'memberships',
  'tenants',
] as const;

function VerifyChain() {
  const { t } = useTranslation('audit');
  const verify = useVerifyChain();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="verify-chain">
        {t('verify.button')}
      </Button>
      {verify.isPending ? <Spinner /> : null}
      {verify.data ? (
        <p
          role="status"
          data-testid="verify-result"
          className={verify.data.ok ? 'text-success' : 'text-danger'}
        >
          {verify.data.ok
            ? t('verify.ok', { rows: formatNumber(verify.data.rows) })
            : t('verify.broken', {
                seq: verify.data.first_break?.seq ?? 0,
                reason: breakReason(t, verify.data.first_break?.reason),
              })}
        </p>
      ) : null}
      {verify.data && verify.data.pending > 0 ? (
        <p data-testid="verify-pending">{t('verify.pending', { n: formatNumber(verify.data.pending) })}</p>
      ) : null}
      {verify.isError ? <p role="alert">{t('loadError')}</p> : null}
    </div>
  );
}

/** Why the chain check stopped, in the user's language (the server sends a code). */
function breakReason(t: TFunction<'audit'>, reason: string | undefined): string {
  switch (reason) {
    case 'hash':
      return t('verify.reasons.hash');
    case 'prev_hash':
      return t('verify.reasons.prev_hash');
    case 'sequence':
      return t('verify.reasons.sequence');
    case 'head':
      return t('verify.reasons.head');
    case 'unsealed':
      return t('verify.reasons.unsealed');
    default:
      return reason ?? '';
  }
}

/** /audit: the company's audit trail with filters in the URL, paging and the chain check. */
export function AuditPage() {
  const { t } = useTranslation('audit');
  const { companyId } = useCurrentCompany();
  const members = useMembers(companyId);
  const state = useList(AUDIT_LIST);
  const filters = {
    table: state.get('table') ?? undefined,
    user: state.get('user') ?? undefined,
    from: state.get('from') ?? undefined,
    to: state.get('to') ?? undefined,
    page: state.page,
  };
  const list = useAuditList(filters);
  const set = (key: string, value: string) => state.set(key, value, { replace: true });
  const rows: AuditRow[] = (list.data?.rows ?? []).map((e) => ({ ...e, id: String(e.seq) }));
  // Issue 12: the parts of an entry are the list's columns (the entry number always shows); a
  // row's changes open to every field old → new.
  const columns: ColumnDefs<typeof AUDIT_LIST, AuditRow> = {
    seq: {
      label: t('columns.seq'),
      className: 'tabular-nums',
      cell: (e) => `#${e.seq}`,
    },
    when: {
      label: t('columns.when'),
      className: 'whitespace-nowrap',
      cell: (e) => entryTime(e),
    },
    user: { label: t('filters.user'), cell: (e) => entryUser(t, e) },
    action: { label: t('columns.action'), cell: (e) => t(`action.${e.action}`) },
    record: {
      label: t('columns.record'),
      cell: (e) => (
        <>
          {t(`entities.${e.table_name}`)} · <span className="font-mono text-xs">{e.row_id.slice(0, 8)}</span>
        </>
      ),
    },
    changes: {
      label: t('columns.changes'),
      cell: (e) => <ChangesCell entry={e} />,
    },
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
      <Card>
        <CardHeader>
          <CardTitle>{t('verify.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <VerifyChain />
        </CardContent>
      </Card>
      <div className="grid gap-3 sm:grid-cols-4">
        <div>
          <Label htmlFor="audit-table">{t('filters.table')}</Label>
          <select
            id="audit-table"
            className={inputClasses}
            value={filters.table ?? ''}
            onChange={(e) => set('table', e.target.value)}
          >
            <option value="">{t('filters.all')}</option>
            {TABLES.map((name) => (
              <option key={name} value={name}>
                {t(`entities.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="audit-user">{t('filters.user')}</Label>
          <select
            id="audit-user"
            className={inputClasses}
            value={filters.user ?? ''}
            onChange={(e) => set('user', e.target.value)}
          >
            <option value="">{t('filters.all')}</option>
            {(members.data ?? []).map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.name ?? m.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="audit-from">{t('filters.from')}</Label>
          <input
            id="audit-from"
            type="date"
            className={inputClasses}
            value={filters.from ?? ''}
            onChange={(e) => set('from', e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="audit-to">{t('filters.to')}</Label>
          <input
            id="audit-to"
            type="date"
            className={inputClasses}
            value={filters.to ?? ''}
            onChange={(e) => set('to', e.target.value)}
          />
        </div>
      </div>
      {list.isError ? (
        <p role="alert">
          {list.error instanceof ApiError && list.error.status === 403
            ? t('history.forbidden')
            : t('loadError')}
        </p>
      ) : (
        <DataTable
          list={state}
          columns={columns}
          rows={rows}
          total={list.data?.total ?? 0}
          loading={list.isPending}
          empty={t('page.empty')}
          emptyText
          testId="audit-entries"
          rowLabel={(e) => `#${e.seq}`}
          rowProps={() => ({ 'data-testid': 'audit-entry', className: 'align-top' })}
        >
          {list.isPending ? (
            <Spinner />
          ) : (
            <p className="mb-2 text-sm text-muted" role="status">
              {t('page.total', { count: list.data.total })}
            </p>
          )}
        </DataTable>
      )}
    </div>
  );
}
