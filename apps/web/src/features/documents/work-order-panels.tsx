import Decimal from 'decimal.js';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { errorsOf, useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatNumberInput, formatUnit } from '../../lib/format.ts';
import { RoutingWarnings } from '../processes/routing-warnings.tsx';
import { usePermission } from '../team/use-permission.tsx';
import {
  type Detail,
  errorText,
  logOperationTime,
  recordQualityCheck,
  useDocumentMutation,
  useLocations,
} from './documents-api.ts';
import { Field, Money, NUM, Qty, SELECT, StatusBadge, TABLE, TD, TH } from './parts.tsx';
import { useDocumentStatusChange } from './status-actions.ts';
import { CompletionDialog } from './work-order-completion.tsx';
import { ConsumptionCorrectionDialog, CorrectionList } from './work-order-correction.tsx';
import { OperationCheckForm, OperationTimeForm, type OperationWrite } from './work-order-op-forms.tsx';
import {
  type CompletionBody,
  type CompletionValues,
  completionSchema,
  lineOfIssue,
} from './work-order-values.ts';

const OP_ACTIONS: Record<string, readonly ('start' | 'pause' | 'finish' | 'reopen')[]> = {
  pending: ['start'],
  in_progress: ['pause', 'finish'],
  paused: ['start', 'finish'],
  done: ['reopen'],
};

/**
 * The shop-floor half of a work order: material requirements with availability, operations with
 * status, logged time and quality checks, completion with actual quantities, planned vs actual cost.
 */
export function WorkOrderPanels({
  detail,
  onError,
}: {
  detail: Detail;
  onError: (text: string | null) => void;
}) {
  const { t } = useTranslation('documents');
  const doc = detail.document;
  // Without production.write the panels are read-only: the in-progress controls are not shown.
  const canProduce = usePermission('production.write');
  const inProgress = canProduce && doc.status === 'in_progress';
  const [correcting, setCorrecting] = useState(false);
  const materials = detail.materials ?? [];
  const itemIds = materials.map((m) => m.item_id);
  // Completion: the actual quantities (typed in the materials table), output location and lot.
  const completion = useZodForm<ReturnType<typeof completionSchema>, CompletionValues>(
    completionSchema(itemIds),
    {
      defaultValues: {
        quantities: itemIds.map(() => ''),
        output_location_id: doc.output_location_id ?? '',
        lot_number: '',
      },
    },
  );
  const completionMessages = useFormMessages(completion.formState.errors, {
    label: (path) => {
      const line = lineOfIssue(path, completion.getValues('quantities'));
      if (line !== null) return t('wo.actualOf', { item: materials[line]?.sku ?? '' });
      return path === 'lot_number'
        ? t('wo.lotNumber')
        : path === 'output_location_id'
          ? t('wo.outputLocation')
          : '';
    },
  });
  const badLines = new Set(
    errorsOf(completion.formState.errors).map((e) => lineOfIssue(e.path, completion.getValues('quantities'))),
  );
  // The body checked by the form, waiting in the confirmation dialog.
  const [completing, setCompleting] = useState<CompletionBody | null>(null);
  const complete = completion.handleSubmit((body) => setCompleting(body));
  const locations = useLocations();
  const mutation = useDocumentMutation((v: OperationWrite) =>
    v.type === 'time' ? logOperationTime(doc.id, v.opId, v.body) : recordQualityCheck(doc.id, v.opId, v.body),
  );
  const send = (write: OperationWrite, onSuccess: () => void) =>
    mutation.mutate(write, {
      onSuccess: () => {
        onError(null);
        onSuccess();
      },
      onError: (e) => onError(errorText(t, e)),
    });
  // Operation status and completion answer at once; a refusal puts them back with a toast
  // (components/editing/status-change.ts). Finishing an operation offers Undo.
  const status = useDocumentStatusChange(doc.id, 'work_order');
  const { t: tg } = useTranslation('ux-grid');
  const source = locations.data?.find((l) => l.id === doc.source_location_id);
  const sourceName = source ? `${source.code} ${source.name}` : '—';
  const operations = detail.operations ?? [];
  const operationWarnings = detail.operation_warnings ?? [];

  return (
    <div className="space-y-4">
      <section aria-labelledby="wo-materials" className="rounded-md border border-border p-3">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 id="wo-materials" className="font-semibold">
            {t('wo.materials')}
          </h3>
          {canProduce && doc.status === 'completed' && materials.length > 0 && (
            <Button size="sm" variant="outline" onClick={() => setCorrecting(true)}>
              {t('woCorrection.action')}
            </Button>
          )}
        </div>
        {correcting && <ConsumptionCorrectionDialog detail={detail} onClose={() => setCorrecting(false)} />}
        {materials.length === 0 ? (
          <p className="text-sm text-muted">
            {doc.status === 'draft' ? t('wo.materialsAfterPlan') : t('wo.noMaterials')}
          </p>
        ) : (
          <table className={TABLE} data-testid="materials">
            <thead>
              <tr>
                <th className={TH}>{t('wo.item')}</th>
                <th className={cn(TH, NUM)}>{t('wo.planned')}</th>
                <th className={cn(TH, NUM)} title={t('wo.atLocationHint')}>
                  {t('wo.atLocation', { location: sourceName })}
                </th>
                <th className={cn(TH, NUM)} title={t('wo.availableAtLocationHint')}>
                  {t('wo.availableAtLocation', { location: sourceName })}
                </th>
                <th className={cn(TH, NUM)} title={t('wo.availableHint')}>
                  {t('wo.available')}
                </th>
                <th className={TH}>{t('wo.reservation')}</th>
                <th className={cn(TH, NUM)}>{t('wo.actual')}</th>
              </tr>
            </thead>
            <tbody>
              {materials.map((m, i) => {
                // Short when what is free for this order at its production location does not cover the plan.
                const short = new Decimal(m.available_at_location).lt(m.planned_qty);
                return (
                  <tr key={m.id}>
                    <td className={TD}>
                      <span className="font-medium">{m.sku}</span> {m.name}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={m.planned_qty} /> {formatUnit(m.unit)}
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={m.on_hand_at_location} />
                    </td>
                    <td className={cn(TD, NUM, short && 'font-semibold text-danger')}>
                      <Qty value={m.available_at_location} />
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Qty value={m.available} />
                    </td>
                    <td className={TD}>
                      {m.reservation_status ? t(`wo.reservationStatus.${m.reservation_status}`) : '—'}
                    </td>
                    <td className={cn(TD, NUM)}>
                      {inProgress ? (
                        <Input
                          className="h-8 w-24 text-right"
                          inputMode="decimal"
                          aria-label={t('wo.actualOf', { item: m.sku })}
                          placeholder={formatNumberInput(m.planned_qty)}
                          invalid={badLines.has(i)}
                          {...completion.register(`quantities.${i}`)}
                        />
                      ) : (
                        <Qty value={m.actual_qty} />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <CorrectionList corrections={detail.corrections ?? []} />
      </section>

      <section aria-labelledby="wo-operations" className="rounded-md border border-border p-3">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 id="wo-operations" className="font-semibold">
            {t('wo.operations')}
          </h3>
          {canProduce &&
            operations.length > 0 &&
            (doc.status === 'planned' || doc.status === 'in_progress') && (
              <Link
                to={`/shop-floor?wo=${doc.id}`}
                className={buttonClasses('outline', 'sm')}
                data-testid="open-shop-floor"
              >
                {t('wo.openShopFloor')}
              </Link>
            )}
        </div>
        {operations.length === 0 ? (
          <p className="text-sm text-muted">
            {doc.status === 'draft' ? t('wo.operationsAfterPlan') : t('wo.noOperations')}
          </p>
        ) : (
          <table className={TABLE} data-testid="operations">
            <thead>
              <tr>
                <th className={TH}>#</th>
                <th className={TH}>{t('wo.process')}</th>
                <th className={TH}>{t('wo.opStatus')}</th>
                <th className={cn(TH, NUM)}>{t('wo.plannedMin')}</th>
                <th className={cn(TH, NUM)}>{t('wo.loggedMin')}</th>
                <th className={TH}>{t('wo.quality')}</th>
                <th className={TH}>{t('wo.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {operations.map((o) => (
                <tr key={o.id} data-testid="operation-row">
                  <td className={TD}>{o.position}</td>
                  <td className={TD}>
                    <span className="font-medium">{o.code}</span> {o.name}
                  </td>
                  <td className={TD}>
                    <StatusBadge status={`op_${o.status}`} />
                  </td>
                  <td className={cn(TD, NUM)}>
                    <Qty value={o.planned_minutes} />
                  </td>
                  <td className={cn(TD, NUM)}>
                    <Qty value={o.logged_minutes} />
                  </td>
                  <td className={TD} data-testid="quality-cell">
                    {o.quality_check_required ? (
                      o.last_check ? (
                        <span className={cn(o.last_check === 'fail' && 'font-semibold text-danger')}>
                          {t(`wo.check.${o.last_check}`)}
                          {o.last_check_note ? ` – ${o.last_check_note}` : ''}
                        </span>
                      ) : (
                        t('wo.checkRequired')
                      )
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={TD}>
                    {inProgress && (
                      <div className="flex flex-wrap items-center gap-1">
                        {OP_ACTIONS[o.status]?.map((a) => (
                          <Button
                            key={a}
                            size="sm"
                            variant={a === 'finish' ? 'primary' : 'outline'}
                            disabled={mutation.isPending || status.pending}
                            onClick={() => status.run({ type: 'operation', opId: o.id, action: a })}
                          >
                            {t(`wo.op.${a}`)}
                          </Button>
                        ))}
                        <OperationTimeForm opId={o.id} code={o.code} busy={mutation.isPending} send={send} />
                        {o.quality_check_required && (
                          <OperationCheckForm
                            opId={o.id}
                            code={o.code}
                            busy={mutation.isPending}
                            send={send}
                          />
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {operationWarnings.length > 0 && (
          // The texts live in the production namespace, loaded here without holding up the page.
          <Suspense fallback={null}>
            <div className="mt-2">
              <RoutingWarnings warnings={operationWarnings} />
            </div>
          </Suspense>
        )}
      </section>

      {inProgress && (
        <section aria-labelledby="wo-complete" className="rounded-md border border-border p-3">
          <h3 id="wo-complete" className="mb-2 font-semibold">
            {t('wo.completeTitle')}
          </h3>
          <form onSubmit={complete} noValidate className="flex flex-wrap items-end gap-3">
            <UnsavedChangesGuard when={completion.formState.isDirty} />
            <Field label={t('wo.outputLocation')} htmlFor="wo-output">
              <select
                id="wo-output"
                className={cn(SELECT, 'w-56')}
                {...completion.register('output_location_id')}
              >
                <option value="">{t('form.chooseLocation')}</option>
                {locations.data?.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.code} · {l.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('wo.lotNumber')} htmlFor="wo-lot">
              <Input
                id="wo-lot"
                className="w-48"
                placeholder={t('wo.lotAuto')}
                invalid={Boolean(completion.formState.errors.lot_number)}
                {...completion.register('lot_number')}
              />
            </Field>
            <Button type="submit" disabled={mutation.isPending || status.pending}>
              {t('actions.complete')}
            </Button>
            {completing && (
              // The preview of what is consumed now and what each product costs, then the posting.
              <CompletionDialog
                workOrderId={doc.id}
                title={tg('confirm.title', {
                  action: t('actions.complete'),
                  record: `${t('kinds.work_order')} ${doc.number ?? ''}`,
                })}
                actual={completing.actual}
                onClose={() => setCompleting(null)}
                onConfirm={() =>
                  status.run(
                    { type: 'action', action: 'complete', body: completing },
                    { onSuccess: () => onError(null) },
                  )
                }
              />
            )}
          </form>
          <FormErrors messages={completionMessages} className="mt-2" />
        </section>
      )}

      <section aria-labelledby="wo-costs" className="rounded-md border border-border p-3">
        <h3 id="wo-costs" className="mb-2 font-semibold">
          {t('wo.costs')}
        </h3>
        <table className={cn(TABLE, 'max-w-md')} data-testid="costs">
          <thead>
            <tr>
              <th className={TH} />
              <th className={cn(TH, NUM)}>{t('wo.planned')}</th>
              <th className={cn(TH, NUM)}>{t('wo.actual')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className={TD}>{t('wo.materialCost')}</td>
              <td className={cn(TD, NUM)}>
                <Money value={detail.costs?.planned_material} />
              </td>
              <td className={cn(TD, NUM)}>
                <Money value={detail.costs?.actual_material} />
              </td>
            </tr>
            {detail.costs?.material_correction && (
              // Included in the actual material cost above; the produced lots keep their cost.
              <tr data-testid="cost-correction">
                <td className={cn(TD, 'pl-4 text-muted')}>{t('woCorrection.costLine')}</td>
                <td className={TD} />
                <td className={cn(TD, NUM, 'text-muted')}>
                  <Money value={detail.costs.material_correction} />
                </td>
              </tr>
            )}
            <tr>
              <td className={TD}>{t('wo.labourCost')}</td>
              <td className={cn(TD, NUM)}>
                <Money value={detail.costs?.planned_labour} />
              </td>
              <td className={cn(TD, NUM)}>
                <Money value={detail.costs?.actual_labour} />
              </td>
            </tr>
          </tbody>
        </table>
      </section>

      {doc.status === 'completed' && (
        <div className="flex flex-wrap gap-2">
          <Link to={`/delivery-notes/new?work_order_id=${doc.id}`} className={buttonClasses('primary', 'md')}>
            {t('wo.createDeliveryNote')}
          </Link>
          {doc.client_id && (
            <Link
              to={`/documents/invoices/new?client_id=${doc.client_id}&work_order_ids=${doc.id}`}
              className={buttonClasses('secondary', 'md')}
            >
              {t('wo.createInvoice')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
