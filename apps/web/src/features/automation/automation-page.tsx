import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { PageHeader } from '../sections/page-header.tsx';
import { IfAllowed } from '../team/use-permission.tsx';
import { type Rule, useRules, useSetEnabled } from './automation-api.ts';
import { RuleEditorPage } from './rule-editor.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const AUTOMATION_RULES_LIST = defineList({
  key: 'automation-rules',
  columns: ['name', 'trigger', 'actions', 'last_run', 'enabled'],
  fixed: ['name'],
  bulk: false,
});

export const STATUS_CLASSES: Record<string, string> = {
  done: 'bg-success/15 text-success',
  failed: 'bg-danger/15 text-danger',
  skipped: 'bg-surface-2 text-muted',
  queued: 'bg-warning/15 text-warning',
  running: 'bg-primary/15 text-primary',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('automation');
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>
      {t(`runStatus.${status}`)}
    </span>
  );
}

function RulesList() {
  const { t, i18n } = useTranslation('automation');
  const rules = useRules();
  const setEnabled = useSetEnabled();
  const list = useList(AUTOMATION_RULES_LIST);
  // Issue 12: saved views and hideable columns (the rule's name is the link and always shows).
  const columns: ColumnDefs<typeof AUTOMATION_RULES_LIST, Rule> = {
    name: {
      label: t('list.name'),
      cell: (r) => (
        <Link to={r.id} className="font-medium text-primary hover:underline">
          {r.name}
        </Link>
      ),
    },
    trigger: { label: t('list.trigger'), cell: (r) => t(`triggers.${r.trigger}`) },
    actions: {
      label: t('list.actions'),
      cell: (r) => r.actions.map((a) => t(`actions.${a.type}`)).join(', '),
    },
    last_run: {
      label: t('list.lastRun'),
      cell: (r) =>
        r.last_run_at ? (
          <span className="flex items-center gap-2">
            {r.last_run_status ? <StatusBadge status={r.last_run_status} /> : null}
            {formatDateTime(r.last_run_at, i18n.language)}
          </span>
        ) : (
          <span className="text-muted">{t('list.never')}</span>
        ),
    },
    enabled: {
      label: t('list.enabled'),
      cell: (r) => (
        <input
          type="checkbox"
          className="size-4"
          checked={r.enabled}
          aria-label={t('list.toggle', { name: r.name })}
          onChange={(e) => setEnabled.mutate({ id: r.id, enabled: e.target.checked })}
        />
      ),
    },
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="new" className={buttonClasses('primary')} data-testid="rule-new">
            <Plus className="size-4" aria-hidden />
            {t('list.new')}
          </Link>
        }
      />
      <DataTable
        list={list}
        columns={columns}
        rows={rules.data ?? []}
        total={rules.data?.length ?? 0}
        loading={!rules.isSuccess}
        empty={t('list.empty')}
        emptyText
        rowLabel={(r) => r.name}
        rowProps={() => ({ 'data-testid': 'rule-row', className: 'hover:bg-surface-2' })}
        styles={{
          frame: 'rounded-lg border border-border bg-surface shadow-sm',
          table: 'w-full text-sm',
          thead: 'border-b border-border text-left text-muted',
          th: 'px-4 py-3 font-medium',
          td: 'px-4 py-3',
          row: 'border-b border-border last:border-0',
        }}
      >
        {rules.isPending && (
          <div className="p-6">
            <Spinner />
          </div>
        )}
        {rules.isError && (
          <p role="alert" className="p-6 text-danger">
            {t('loadError')}
          </p>
        )}
      </DataTable>
    </div>
  );
}

/** /settings/automation: rules (list, new, edit with run log and test run). */
export function AutomationPage() {
  // Roles without automation.manage (warehouse, viewer) get the translated "no permission" state,
  // not a list that waits on a 403 or a "Novo pravilo" form the server would refuse (issue 22).
  return (
    <IfAllowed permission="automation.manage">
      <Routes>
        <Route index element={<RulesList />} />
        <Route path="new" element={<RuleEditorPage />} />
        <Route path=":id" element={<RuleEditorPage />} />
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </IfAllowed>
  );
}
