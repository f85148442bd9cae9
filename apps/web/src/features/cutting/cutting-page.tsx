import { type CutResult, jobToCutInput, withPieceSize } from '@erp/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { formatNumber, formatPercent, formatUnit } from '../../lib/format.ts';
import { type ColumnDefs, DataTable } from '../saved-views/data-table.tsx';
import { defineList } from '../saved-views/list-spec.ts';
import { useList } from '../saved-views/use-list.ts';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import {
  fetchJobPage,
  type JobSummary,
  PAGE_SIZE,
  useExportDownload,
  useJob,
  useJobAction,
  useJobs,
  useLiveCutting,
} from './cutting-api.ts';
import { NewJob } from './new-job-form.tsx';
import type { WorkerMessage } from './optimizer.worker.ts';
import { PlanView } from './plan-view.tsx';
import { ServerRunButton, ServerRunStatus, useServerRun } from './server-run.tsx';
import { PiecesCard, StockPicker, saveErrorText } from './stock-picker.tsx';

/** The list's declaration (saved views' key, columns, the always-shown ones, bulk selection). */
export const CUTTING_JOBS_LIST = defineList({
  key: 'cutting-jobs',
  columns: ['number', 'name', 'kind', 'status', 'stock_count', 'waste'],
  fixed: ['number'],
  bulk: true,
});

export function CuttingPage() {
  // Open cutting screens follow committed changes made by anyone in the company.
  useLiveCutting();
  return (
    <Routes>
      <Route index element={<JobList />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="cutting.write">
            <NewJob />
          </IfAllowed>
        }
      />
      <Route path=":id" element={<JobPage />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

function useNumber() {
  const { i18n } = useTranslation();
  return (n: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(n);
}

function JobList() {
  const { t } = useTranslation('cutting');
  const canWrite = usePermission('cutting.write');
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const jobs = useJobs(page);
  const list = useList(CUTTING_JOBS_LIST);
  const num = useNumber();
  const rows = jobs.data?.items ?? [];
  const total = jobs.data?.total ?? 0;
  // Paging keeps the other parameters (the visible columns).
  const toPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const stockText = (j: JobSummary) =>
    j.stock_count === null ? '—' : `${num(j.stock_count)} / ${num(j.lower_bound ?? 0)}`;
  const wasteText = (j: JobSummary) =>
    j.waste_percent === null
      ? '—'
      : formatPercent(j.waste_percent, undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Issue 12: hideable columns (the number is the link), the selection and its CSV export.
  const columns: ColumnDefs<typeof CUTTING_JOBS_LIST, JobSummary> = {
    number: {
      label: t('list.number'),
      cell: (j) => (
        <Link to={`/cutting/${j.id}`} className="text-primary hover:underline">
          {j.number}
        </Link>
      ),
      text: (j) => String(j.number),
    },
    name: {
      label: t('list.name'),
      cell: (j) => (
        <Link to={`/cutting/${j.id}`} className="hover:underline">
          {j.name}
        </Link>
      ),
      text: (j) => j.name,
    },
    kind: { label: t('list.kind'), cell: (j) => t(`kind.${j.kind}`), text: (j) => t(`kind.${j.kind}`) },
    status: {
      label: t('list.status'),
      cell: (j) => t(`status.${j.status}`),
      text: (j) => t(`status.${j.status}`),
    },
    stock_count: {
      label: t('list.stockCount'),
      className: 'text-right',
      cell: stockText,
      text: (j) => (j.stock_count === null ? '' : String(j.stock_count)),
    },
    waste: {
      label: t('list.waste'),
      className: 'text-right',
      cell: wasteText,
      text: (j) => j.waste_percent ?? '',
    },
  };
  const fetchPage = async (p: number, size: number) => {
    const r = await fetchJobPage(size, (p - 1) * size);
    return { rows: r.items, total: r.total };
  };
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        {canWrite && (
          <Link to="/cutting/new" className={buttonClasses()}>
            {t('list.new')}
          </Link>
        )}
      </div>
      {jobs.isLoading ? <Spinner /> : null}
      <DataTable
        list={list}
        columns={columns}
        rows={rows}
        total={total}
        loading={!jobs.data}
        empty={t('list.empty')}
        emptyText
        rowLabel={(j) => String(j.number)}
        fetchPage={fetchPage}
        testId="cutting-jobs"
        styles={{
          frame: 'relative overflow-x-auto',
          table: 'w-full text-sm',
          thead: 'text-left text-muted-foreground',
          th: 'py-2 pr-2',
          td: 'py-2 pr-2',
          row: 'border-t border-border',
        }}
      />
      {jobs.data && jobs.data.total > PAGE_SIZE ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => toPage(page - 1)}>
            {t('list.previous')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={(page + 1) * PAGE_SIZE >= jobs.data.total}
            onClick={() => toPage(page + 1)}
          >
            {t('list.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type Run =
  | { state: 'idle' }
  | {
      state: 'running';
      elapsedMs: number;
      stockCount: number | null;
      lowerBound: number | null;
      /** the best plan found so far (anytime): shown while running, kept when cancelled */
      best: CutResult | null;
    }
  | { state: 'cancelled'; kept: boolean }
  | { state: 'failed'; message: string };

function JobPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('cutting');
  const job = useJob(id);
  const action = useJobAction(id);
  const canWrite = usePermission('cutting.write');
  const num = useNumber();
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const [exportFailed, setExportFailed] = useState(false);
  const download = useExportDownload();
  const serverRun = useServerRun(id);
  const worker = useRef<Worker | null>(null);
  const bestSoFar = useRef<CutResult | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);

  if (job.isLoading) return <Spinner />;
  if (!job.data) return <p>{t('errors.notFound')}</p>;
  const data = job.data;
  // While the optimiser runs, its best plan so far is drawn in place of the stored one.
  const plan: CutResult | null = (run.state === 'running' ? run.best : null) ?? data.plan;

  const start = () => {
    worker.current?.terminate();
    const w = new Worker(new URL('./optimizer.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    bestSoFar.current = null;
    setRun({ state: 'running', elapsedMs: 0, stockCount: null, lowerBound: null, best: null });
    w.onmessage = (e: MessageEvent<WorkerMessage>) => {
      const m = e.data;
      if (m.type === 'progress')
        setRun((r) => ({
          state: 'running',
          elapsedMs: m.elapsedMs,
          stockCount: m.stockCount,
          lowerBound: m.lowerBound,
          best: r.state === 'running' ? r.best : null,
        }));
      else if (m.type === 'best') {
        bestSoFar.current = m.result;
        setRun((r) => (r.state === 'running' ? { ...r, best: m.result } : r));
      } else if (m.type === 'input-error') {
        const issue = withPieceSize(m.issue, data.input);
        setRun({ state: 'failed', message: t(`common:${issue.key}`, issue.params ?? {}) });
        w.terminate();
      } else if (m.type === 'error') {
        setRun({ state: 'failed', message: m.message });
        w.terminate();
      } else {
        w.terminate();
        worker.current = null;
        action.mutate({ action: 'plan', plan: m.result }, { onSettled: () => setRun({ state: 'idle' }) });
      }
    };
    w.postMessage(jobToCutInput(data.input, Date.now() % 100_000));
  };
  // Cancelling keeps the best plan found so far: it is stored like a finished one.
  const cancel = () => {
    worker.current?.terminate();
    worker.current = null;
    const kept = bestSoFar.current;
    bestSoFar.current = null;
    if (!kept) {
      setRun({ state: 'cancelled', kept: false });
      return;
    }
    action.mutate(
      { action: 'plan', plan: kept },
      { onSettled: () => setRun({ state: 'cancelled', kept: true }) },
    );
  };
  const editable = data.status === 'draft' || data.status === 'planned';
  // A list made from a work order starts without stock: the sheets are picked here first.
  const noStock = data.input.stock.length === 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {t('detail.heading', { number: data.number, name: data.name })}
        </h1>
        <span className="rounded bg-surface-2 px-2 py-1 text-sm" data-testid="job-status">
          {t(`status.${data.status}`)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="job-settings">
        {data.kind === '1d'
          ? t('detail.settings1d', {
              kerf: data.input.kerf,
              head: data.input.trim.left,
              tail: data.input.trim.right,
              length: data.input.min_remnant_length,
              weld: data.input.weld_allowance ?? 0,
            })
          : t('detail.settings2d', {
              kerf: data.input.kerf,
              trim: data.input.trim.left,
              length: data.input.min_remnant_length,
              width: data.input.min_remnant_width,
            })}
      </p>
      <div className="flex flex-wrap gap-2">
        {canWrite && editable && !noStock && run.state !== 'running' ? (
          <Button onClick={start}>{plan ? t('detail.rerun') : t('detail.run')}</Button>
        ) : null}
        {canWrite && editable && !noStock && run.state !== 'running' ? (
          <ServerRunButton run={serverRun} />
        ) : null}
        {run.state === 'running' ? (
          <Button variant="danger" onClick={cancel}>
            {t('detail.cancel')}
          </Button>
        ) : null}
        {canWrite && data.status === 'planned' ? (
          <Button
            variant="secondary"
            onClick={() => action.mutate({ action: 'confirm' })}
            disabled={action.isPending}
          >
            {t('detail.confirm')}
          </Button>
        ) : null}
        {canWrite && data.status === 'confirmed' ? (
          <Button
            variant="secondary"
            onClick={() => action.mutate({ action: 'complete' })}
            disabled={action.isPending}
          >
            {t('detail.complete')}
          </Button>
        ) : null}
        {canWrite && data.status === 'confirmed' ? (
          <Button
            variant="outline"
            onClick={() => action.mutate({ action: 'unconfirm' })}
            disabled={action.isPending}
          >
            {t('detail.unconfirm')}
          </Button>
        ) : null}
        {data.plan
          ? (['pdf', 'csv', 'dxf'] as const).map((f) => (
              <Button
                key={f}
                variant="outline"
                data-testid={`export-${f}`}
                onClick={() => {
                  setExportFailed(false);
                  download(data.id, f).catch(() => setExportFailed(true));
                }}
              >
                {t(`detail.export.${f}`)}
              </Button>
            ))
          : null}
      </div>
      {run.state === 'running' ? (
        <p role="status" className="flex items-center gap-2 text-sm" data-testid="run-progress">
          <Spinner />
          {t('detail.progress', {
            seconds: num(run.elapsedMs / 1000, 1),
            best: run.stockCount === null ? '—' : num(run.stockCount),
            bound: run.lowerBound === null ? '—' : num(run.lowerBound),
          })}
        </p>
      ) : null}
      <ServerRunStatus run={serverRun} />
      {run.state === 'cancelled' ? (
        <p role="status" className="text-sm" data-testid="run-cancelled">
          {run.kept ? t('detail.cancelledKept') : t('detail.cancelledEmpty')}
        </p>
      ) : null}
      {exportFailed ? (
        <p role="alert" className="text-sm text-danger">
          {t('errors.export')}
        </p>
      ) : null}
      {run.state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {t('detail.failed', { message: run.message })}
        </p>
      ) : null}
      {action.isError ? (
        <p role="alert" className="text-sm text-danger">
          {saveErrorText(t, action.error, 'errors.action')}
        </p>
      ) : null}
      {noStock && canWrite && editable ? <StockPicker job={data} /> : null}
      {noStock && !(canWrite && editable) ? (
        <p className="text-muted-foreground">{t('workOrder.noStock')}</p>
      ) : null}
      {plan ? (
        // The server's figures belong to the stored plan, not to one still being searched.
        <PlanView plan={plan} figures={plan === data.plan ? data.figures : null} input={data.input} />
      ) : run.state !== 'running' ? (
        <p className="text-muted-foreground">{t('detail.noPlan')}</p>
      ) : null}
      <PiecesCard job={data} />
      {data.remnants.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('detail.remnants')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="text-sm" data-testid="remnants">
              {data.remnants.map((r) => (
                <li
                  key={r.id}
                >{`${r.sku} · ${r.lot_number ?? ''} · ${r.width_mm ? `${r.length_mm} × ${r.width_mm}` : r.length_mm} mm${r.measure ? ` · ${formatNumber(r.measure, i18n.language, { maximumFractionDigits: 4 })} ${formatUnit(r.unit)}` : ''}`}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
