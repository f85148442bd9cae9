import { formSchema } from '@erp/domain/form-schema';
import {
  type FinishInput,
  finishInputSchemaFor,
  operationOpenQuantity,
} from '@erp/domain/shop-floor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { FeedbackBar, useFeedback, useWedgeScanner } from '../../components/scanner/use-scanner.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { cn } from '../../lib/cn.ts';
import { formatNumber, formatNumberInput, formatQuantity, numberInputToApi } from '../../lib/format.ts';
import { errorText } from '../documents/documents-api.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type Card,
  type FloorOperation,
  finishOperation,
  floorKeys,
  getCard,
  lookupCode,
  nextOperation,
  operationAction,
  type Today,
  useCard,
  useLiveShopFloor,
  useToday,
} from './shop-floor-api.ts';

const BIG = 'min-h-12 min-w-12 px-5 text-base';

/**
 * Shop floor mode (/shop-floor): a full-screen tablet view of today's operations per work centre,
 * one tap (or one scan of the work order's QR code) to start, pause and finish, the order's
 * cutting sheets and drawings beside it. Targets are at least 48 px.
 */
export function ShopFloorPage() {
  const { t } = useTranslation('shopfloor');
  useLiveShopFloor();
  const qc = useQueryClient();
  const today = useToday();
  const centres = today.data?.work_centres ?? [];
  const [centre, setCentre] = useState<string | null>(null);
  // Opened from a work order's page (/shop-floor?wo=<id>): that order is selected.
  const [params] = useSearchParams();
  const [woId, setWoId] = useState<string | null>(params.get('wo'));
  const card = useCard(woId);
  const [finishing, setFinishing] = useState<FloorOperation | null>(null);
  const { feedback, show } = useFeedback();
  // Taps need production.write: a viewer sees the floor and opens orders, but is offered nothing
  // the server would refuse (a tap changed the card and was then put back with a 403).
  const canTap = usePermission('production.write');
  const current = centre ?? centres[0]?.code ?? null;
  const list = centres.find((c) => c.code === current)?.operations ?? [];
  // Today's waiting work first (the server's order); what is finished folds away at the end.
  const open = list.filter((o) => o.status !== 'done');
  const finished = list.filter((o) => o.status === 'done');

  const refresh = () => qc.invalidateQueries({ queryKey: floorKeys.all });
  const action = useMutation({
    mutationFn: (v: { op: FloorOperation; action: 'start' | 'pause' }) => operationAction(v.op.id, v.action),
    // The tap answers at once; the server's answer confirms it or puts the old status back.
    onMutate: async ({ op, action: a }) => {
      await qc.cancelQueries({ queryKey: floorKeys.today() });
      const before = qc.getQueryData<Today>(floorKeys.today());
      const status = a === 'start' ? 'in_progress' : 'paused';
      if (before)
        qc.setQueryData<Today>(floorKeys.today(), {
          work_centres: before.work_centres.map((c) => ({
            ...c,
            operations: c.operations.map((o) => (o.id === op.id ? { ...o, status } : o)),
          })),
        });
      return { before };
    },
    onError: (e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(floorKeys.today(), ctx.before);
      show('error', errorText(t, e));
    },
    onSuccess: (op, v) =>
      show('ok', t(v.action === 'start' ? 'started' : 'paused', { op: op.code, wo: op.work_order_number })),
    onSettled: refresh,
  });

  /** The big button's meaning for an operation: start, or finish when it is running. */
  const primary = (op: FloorOperation) => {
    if (op.status === 'in_progress') setFinishing(op);
    else if (op.status !== 'done') action.mutate({ op, action: 'start' });
  };
  const cardOf = (op: FloorOperation) => (
    <OperationCard
      key={op.id}
      op={op}
      busy={action.isPending}
      canTap={canTap}
      selected={op.work_order_id === woId}
      onOpen={() => setWoId(op.work_order_id)}
      onPrimary={() => primary(op)}
      onPause={() => action.mutate({ op, action: 'pause' })}
    />
  );

  useWedgeScanner(
    async (code) => {
      try {
        const hits = await lookupCode(code);
        const wo = hits.find((h) => h.kind === 'work_order');
        if (!wo) {
          show('error', hits.length ? t('scan.notWorkOrder', { code }) : t('scan.unknown', { code }));
          return;
        }
        setWoId(wo.id);
        const detail = await qc.fetchQuery({
          queryKey: floorKeys.card(wo.id),
          queryFn: () => getCard(wo.id),
          staleTime: 0,
        });
        if (detail.work_order.status === 'cancelled') {
          show('error', t('scan.cancelledOrder', { wo: wo.label }));
          return;
        }
        if (!canTap) {
          show('info', t('scan.opened', { wo: wo.label }));
          return;
        }
        const op = nextOperation(detail.operations, current);
        if (!op) {
          show('info', t('scan.allDone', { wo: wo.label }));
          return;
        }
        if (op.code !== current && centres.some((c) => c.code === op.code)) setCentre(op.code);
        primary(op);
      } catch (e) {
        show('error', errorText(t, e));
      }
    },
    (code) => show('info', t('scan.duplicate', { code })),
  );

  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-background text-foreground" data-testid="shop-floor">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-2">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <span className="rounded-full bg-surface-2 px-3 py-1 text-sm text-muted">{t('scannerReady')}</span>
        <Link to="/" className={cn(buttonClasses('outline', 'md'), 'ml-auto', BIG)}>
          {t('exit')}
        </Link>
      </header>
      <div className="px-4 pt-3">
        <FeedbackBar feedback={feedback} idle={canTap ? t('scan.idle') : t('readOnly')} />
      </div>
      <nav aria-label={t('centres')} className="flex flex-wrap gap-2 px-4 py-3">
        {centres.map((c) => (
          <Button
            key={c.code}
            variant={c.code === current ? 'primary' : 'outline'}
            className={BIG}
            aria-pressed={c.code === current}
            onClick={() => setCentre(c.code)}
          >
            {c.code} · {c.name}
            <span className="ml-2 rounded bg-black/10 px-2 text-sm">
              {c.operations.filter((o) => o.status !== 'done').length}
            </span>
          </Button>
        ))}
      </nav>
      {/* Side by side from md up, each scrolling on its own; on a phone one scroll, the order under the list. */}
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-4 pb-4 md:grid-cols-[1fr_22rem] md:content-stretch md:overflow-hidden">
        <section aria-label={t('operations')} className="md:min-h-0 md:overflow-y-auto">
          {today.isSuccess && centres.length === 0 && (
            <p className="p-4 text-lg text-muted">{t('nothingToday')}</p>
          )}
          <ul className="grid gap-3">{open.map(cardOf)}</ul>
          {finished.length > 0 && (
            <details className="mt-4" data-testid="finished-operations">
              <summary className="min-h-12 cursor-pointer py-3 text-base text-muted">
                {t('finishedToday', { n: finished.length })}
              </summary>
              <ul className="grid gap-3">{finished.map(cardOf)}</ul>
            </details>
          )}
        </section>
        <WorkOrderPanel card={card.data ?? null} />
      </div>
      {finishing && (
        <FinishDialog
          op={finishing}
          onClose={() => setFinishing(null)}
          onDone={(op) => {
            setFinishing(null);
            show('ok', t('finished', { op: op.code, wo: op.work_order_number, good: op.good_qty }));
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/**
 * Which piece an operation works on: "Stavka 2: IZO Izo staklo · 1000 × 500 mm · 4 kom", or the
 * whole order when the operation is not tied to a line.
 */
export function pieceText(t: TFunction<'shopfloor'>, lng: string, op: FloorOperation): string {
  if (op.line_position === null) return t('piece.wholeOrder', { qty: formatQuantity(op.quantity, lng) });
  const size =
    op.width_mm && op.height_mm
      ? t('piece.size', { w: formatNumber(op.width_mm, lng), h: formatNumber(op.height_mm, lng) })
      : null;
  return [
    t('piece.line', { n: op.line_position, label: op.line_label ?? '' }).trim(),
    size,
    t('piece.qty', { qty: formatQuantity(op.quantity, lng) }),
  ]
    .filter(Boolean)
    .join(' · ');
}

function Qty({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{formatQuantity(value, i18n.language)}</>;
}

function OperationCard({
  op,
  busy,
  canTap,
  selected,
  onOpen,
  onPrimary,
  onPause,
}: {
  op: FloorOperation;
  busy: boolean;
  canTap: boolean;
  selected: boolean;
  onOpen: () => void;
  onPrimary: () => void;
  onPause: () => void;
}) {
  const { t, i18n } = useTranslation('shopfloor');
  return (
    <li
      data-testid="floor-operation"
      data-status={op.status}
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-xl border bg-surface p-3',
        selected ? 'border-primary' : 'border-border',
      )}
    >
      <button
        type="button"
        className="min-h-12 flex-1 text-left"
        onClick={onOpen}
        aria-label={t('openOrder', { wo: op.work_order_number })}
      >
        <span className="block text-lg font-semibold">
          {op.work_order_number} · {op.code} {op.name}
        </span>
        <span className="block text-base" data-testid="op-piece">
          {pieceText(t, i18n.language, op)}
        </span>
        <span className="block text-sm text-muted">
          {op.client_name ?? '—'} · {t('quantity')}: <Qty value={op.quantity} /> · {t('good')}:{' '}
          <Qty value={op.good_qty} />
          {op.quality_check_required && ` · ${t('checkRequired')}`}
        </span>
      </button>
      <span className="rounded-full bg-surface-2 px-3 py-1 text-sm font-medium" data-testid="op-status">
        {t(`status.${op.status}`)}
      </span>
      {canTap && op.status === 'in_progress' && (
        <Button variant="outline" className={BIG} disabled={busy} onClick={onPause}>
          {t('pause')}
        </Button>
      )}
      {canTap && op.status !== 'done' && (
        <Button className={BIG} disabled={busy} onClick={onPrimary}>
          {op.status === 'in_progress' ? t('finish') : t('start')}
        </Button>
      )}
    </li>
  );
}

function WorkOrderPanel({ card }: { card: Card | null }) {
  const { t } = useTranslation('shopfloor');
  if (!card)
    return (
      <aside className="rounded-xl border border-dashed border-border p-4 text-muted">{t('pickOrder')}</aside>
    );
  const done = card.operations.filter((o) => o.status === 'done').length;
  return (
    <aside
      className="rounded-xl border border-border bg-surface p-4 md:min-h-0 md:overflow-y-auto"
      aria-label={t('orderPanel', { wo: card.work_order.number })}
      data-testid="order-panel"
    >
      <h2 className="text-lg font-semibold">{card.work_order.number}</h2>
      <p className="text-sm text-muted">{card.work_order.client_name ?? '—'}</p>
      <p className="mt-2 text-sm" data-testid="order-progress">
        {t('progress', { done, total: card.operations.length })}
      </p>
      <progress
        className="h-3 w-full"
        max={card.operations.length}
        value={done}
        aria-label={t('progressLabel')}
      />
      <ol className="mt-3 grid gap-1 text-sm">
        {card.operations.map((o) => (
          <li key={o.id} className="flex justify-between gap-2">
            <span>
              {o.position}. {o.code} {o.name}
            </span>
            <span className="text-muted">{t(`status.${o.status}`)}</span>
          </li>
        ))}
      </ol>
      <h3 className="mt-4 font-semibold">{t('cuttingSheets')}</h3>
      {card.cutting_jobs.length === 0 ? (
        <p className="text-sm text-muted">{t('noCutting')}</p>
      ) : (
        <ul className="grid gap-2">
          {card.cutting_jobs.map((j) => (
            <li key={j.id}>
              {j.has_plan ? (
                <a
                  className={cn(buttonClasses('outline', 'md'), 'w-full', BIG)}
                  href={`/api/cutting/jobs/${j.id}/export/pdf`}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('cuttingSheet', { number: j.number, name: j.name })}
                </a>
              ) : (
                <span className="text-sm text-muted">{t('cuttingNotPlanned', { number: j.number })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 font-semibold">{t('drawings')}</h3>
      {card.drawings.length === 0 ? (
        <p className="text-sm text-muted">{t('noDrawings')}</p>
      ) : (
        <ul className="grid gap-2">
          {card.drawings.map((d) => (
            <li key={d.file_id}>
              <a
                className={cn(buttonClasses('outline', 'md'), 'w-full', BIG)}
                href={`/api/files/${d.file_id}`}
                target="_blank"
                rel="noreferrer"
              >
                {d.sku} · {d.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Link
        className={cn(buttonClasses('ghost', 'md'), 'mt-4 w-full', BIG)}
        to={`/documents/work-orders/${card.work_order.id}/edit`}
      >
        {t('openFull')}
      </Link>
    </aside>
  );
}

type FinishValues = { good_qty: string; scrap_qty: string; result: 'pass' | 'fail' | null; note: string };

/**
 * The finish dialog's first values: what is still open (the quantity less the good and scrap
 * reported before, `operationOpenQuantity`) as the good quantity, in the
 * language's number format (a Croatian input reads "1.125" as 1 125).
 */
export function finishDefaults(
  op: Pick<FloorOperation, 'quantity' | 'unit' | 'good_qty' | 'scrap_qty' | 'last_check'>,
  lng?: string,
): FinishValues {
  return {
    good_qty: formatNumberInput(operationOpenQuantity(op).toString(), lng),
    scrap_qty: '0',
    result: op.last_check === 'pass' ? 'pass' : null,
    note: '',
  };
}

/** Quantities good and scrap (only the quantity is typed), and the quality check where required. */
function FinishDialog({
  op,
  onClose,
  onDone,
}: {
  op: FloorOperation;
  onClose: () => void;
  onDone: (op: FloorOperation) => void;
}) {
  const { t } = useTranslation('shopfloor');
  // The recipe's schema: the typed quantities (language format) and the check, as the route takes them.
  const schema = useMemo(
    () =>
      formSchema(
        (v: FinishValues) => ({
          good_qty: numberInputToApi(v.good_qty ?? ''),
          scrap_qty: numberInputToApi(v.scrap_qty?.trim() || '0'),
          ...(op.quality_check_required && v.result
            ? { check: { result: v.result, note: v.note || null } }
            : {}),
        }),
        finishInputSchemaFor(op),
      ),
    [op],
  );
  const form = useZodForm<typeof schema, FinishValues>(schema, {
    defaultValues: finishDefaults(op),
  });
  const check = form.watch('result');
  // The good quantity has focus, selected, so typing replaces it: focused once the form has
  // filled it in (its ref), before the dialog would focus its first control.
  const good = form.register('good_qty');
  const focused = useRef(false);
  const focusGood = (el: HTMLInputElement | null) => {
    good.ref(el);
    if (el && !focused.current) {
      focused.current = true;
      el.focus();
      el.select();
    }
  };
  const [error, setError] = useState<string | null>(null);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (path === 'good_qty' ? t('good') : path === 'scrap_qty' ? t('scrap') : t('defect')),
    server: [error],
  });
  const finish = useMutation({
    mutationFn: (body: FinishInput) => finishOperation(op.id, body),
    onSuccess: onDone,
    onError: (e) => setError(errorText(t, e)),
  });
  const needsCheck = op.quality_check_required && !check;
  const submit = form.handleSubmit((body) => {
    setError(null);
    if (!needsCheck) finish.mutate(body);
  });
  const field = 'h-12 w-full rounded-md border border-border bg-surface px-3 text-lg text-right';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      {/* No small × in the corner: Odustani (48 px) and Esc close it, as a shop-floor target should. */}
      <DialogContent
        title={t('finishTitle', { op: `${op.code} ${op.name}`, wo: op.work_order_number })}
        closeIcon={false}
      >
        <form onSubmit={submit} className="grid gap-4" data-testid="finish-form">
          <div className="grid grid-cols-2 gap-3">
            <label className="grid gap-1 text-sm font-medium">
              {t('good')}
              <input
                className={field}
                inputMode="decimal"
                {...good}
                ref={focusGood}
                onFocus={(e) => e.target.select()}
              />
            </label>
            <label className="grid gap-1 text-sm font-medium">
              {t('scrap')}
              <input className={field} inputMode="decimal" {...form.register('scrap_qty')} />
            </label>
          </div>
          {op.quality_check_required && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('qualityCheck')}</legend>
              <div className="grid grid-cols-2 gap-3">
                {(['pass', 'fail'] as const).map((r) => (
                  <Button
                    key={r}
                    type="button"
                    variant={check === r ? (r === 'pass' ? 'primary' : 'danger') : 'outline'}
                    aria-pressed={check === r}
                    className={BIG}
                    onClick={() => form.setValue('result', r, { shouldDirty: true })}
                  >
                    {t(`check.${r}`)}
                  </Button>
                ))}
              </div>
              {check === 'fail' && (
                <label className="grid gap-1 text-sm font-medium">
                  {t('defect')}
                  <input
                    className="h-12 rounded-md border border-border bg-surface px-3 text-base"
                    {...form.register('note')}
                  />
                </label>
              )}
            </fieldset>
          )}
          <FormErrors messages={messages} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" className={BIG} onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              className={BIG}
              disabled={needsCheck || finish.isPending}
              data-testid="confirm-finish"
            >
              {t('finish')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
