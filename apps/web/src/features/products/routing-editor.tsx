import { checkRoutingOrder, routingInputSchema } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { formatCurrency, formatNumber, formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import { useProcessOptions } from '../processes/processes-api.ts';
import { RoutingWarnings } from '../processes/routing-warnings.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { errorMessages, fieldLabel } from './error-messages.ts';
import { type RoutingStep, useSaveRouting } from './products-api.ts';
import { moved, RowOrderButtons } from './row-order-buttons.tsx';
import { ProductionTableHead } from './table-head.tsx';

type Step = { key: string; processId: string; setupMinutes: string; minutesPerUnit: string; note: string };
let seq = 0;
/** The saved steps as the editor shows them: times in the language's format, empty = the process's. */
export const toSteps = (routing: RoutingStep[], lng?: string): Step[] =>
  routing.map((s) => ({
    key: `s${++seq}`,
    processId: s.processId,
    setupMinutes: formatNumberInput(s.setupMinutes, lng),
    minutesPerUnit: formatNumberInput(s.minutesPerUnit, lng),
    note: s.note,
  }));

/** What the editor would save, without the row keys: equal fingerprints = nothing to save. */
const fingerprint = (steps: Step[]) => JSON.stringify(steps.map(({ key: _key, ...rest }) => rest));

const decimal = (s: string) => (s.trim() === '' ? null : numberInputToApi(s));
type RoutingValues = { steps: Step[] };
/** The steps as typed (times in the language's format, empty = the process's), checked as the route does. */
export const routingFormSchema = formSchema(
  (v: RoutingValues) => ({
    steps: v.steps.map((s) => ({
      processId: s.processId,
      setupMinutes: decimal(s.setupMinutes),
      minutesPerUnit: decimal(s.minutesPerUnit),
      note: s.note,
    })),
  }),
  routingInputSchema,
);

/** Ordered operations of the product; empty times take the process's defaults. */
export function RoutingEditor({ productId, routing }: { productId: string; routing: RoutingStep[] }) {
  const { t } = useTranslation('production');
  const { toast } = useToast();
  const processes = useProcessOptions();
  const save = useSaveRouting(productId);
  const saveRef = useSaveShortcut();
  const canWrite = usePermission('production.write');
  const form = useZodForm<typeof routingFormSchema, RoutingValues>(routingFormSchema, {
    defaultValues: { steps: toSteps(routing) },
  });
  useEffect(() => form.reset({ steps: toSteps(routing) }), [routing, form]);
  const steps = form.watch('steps');
  const setSteps = (change: (s: Step[]) => Step[]) => {
    form.setValue('steps', change(form.getValues('steps')), { shouldDirty: true });
    // After a refused save the messages follow the edits.
    if (form.formState.isSubmitted) void form.trigger();
  };
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => fieldLabel(path, t),
    server: errorMessages(save.error, t),
  });
  // Dirty: the steps differ from what was loaded and from what was last saved (until the reload).
  const now = fingerprint(steps);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const dirty = canWrite && now !== fingerprint(toSteps(routing)) && now !== savedAs;
  const byId = new Map((processes.data?.items ?? []).map((p) => [p.id, p]));
  // The processing order of the steps as they stand now (saved or not), by the shared domain rule;
  // a step's category comes from the process (an inactive one: from the loaded routing).
  const categoryOf = (processId: string) =>
    byId.get(processId)?.category ?? routing.find((s) => s.processId === processId)?.category ?? 'other';
  const warnings = checkRoutingOrder(
    steps.flatMap((s, i) => (s.processId ? [{ position: i + 1, category: categoryOf(s.processId) }] : [])),
  );
  const set = (key: string, patch: Partial<Step>) =>
    setSteps((s) => s.map((x) => (x.key === key ? { ...x, ...patch } : x)));
  const move = (index: number, by: -1 | 1) => setSteps((s) => moved(s, index, by));
  const submit = form.handleSubmit(async (body) => {
    const sent = now;
    const ok = await save.mutateAsync(body).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    setSavedAs(sent);
    toast({ type: 'success', title: t('saved') });
  });

  return (
    <div className="space-y-3">
      <UnsavedChangesGuard when={dirty} />
      {canWrite && <SaveState status={saveStatus({ saving: save.isPending, dirty })} className="block" />}
      <table className="w-full text-left text-sm">
        <ProductionTableHead
          cell="px-2 py-2"
          columns={[
            '#',
            { key: 'fields.processId' },
            { key: 'fields.category' },
            { key: 'fields.setupMinutes' },
            { key: 'fields.minutesPerUnit' },
            { key: 'fields.costPerHour' },
            { key: 'bom.lineActions', srOnly: true },
          ]}
        />
        <tbody>
          {steps.map((step, index) => {
            const process = byId.get(step.processId);
            return (
              <tr key={step.key} className="border-b border-border" data-testid="routing-step">
                <td className="px-2 py-1 text-muted tabular-nums">{index + 1}</td>
                <td className="px-2 py-1">
                  <select
                    aria-label={t('routing.processOfStep', { n: index + 1 })}
                    className="h-8 w-full rounded-md border border-input bg-surface px-2 text-sm"
                    value={step.processId}
                    onChange={(e) => set(step.key, { processId: e.target.value })}
                  >
                    <option value="">{t('routing.pickProcess')}</option>
                    {processes.data?.items.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.code} · {p.name}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="px-2 py-1 text-muted" data-testid="routing-step-category">
                  {step.processId ? t(`categories.${categoryOf(step.processId)}`) : ''}
                </td>
                <td className="w-32 px-2 py-1">
                  <Input
                    aria-label={t('routing.setupOfStep', { n: index + 1 })}
                    className="h-8"
                    inputMode="decimal"
                    placeholder={process ? formatNumber(process.setupMinutes) : ''}
                    value={step.setupMinutes}
                    onChange={(e) => set(step.key, { setupMinutes: e.target.value })}
                  />
                </td>
                <td className="w-32 px-2 py-1">
                  <Input
                    aria-label={t('routing.perUnitOfStep', { n: index + 1 })}
                    className="h-8"
                    inputMode="decimal"
                    placeholder={process ? formatNumber(process.minutesPerUnit) : ''}
                    value={step.minutesPerUnit}
                    onChange={(e) => set(step.key, { minutesPerUnit: e.target.value })}
                  />
                </td>
                <td className="px-2 py-1 tabular-nums">
                  {process ? formatCurrency(process.costPerHour) : ''}
                </td>
                <td className="whitespace-nowrap px-2 py-1">
                  {canWrite && (
                    <RowOrderButtons
                      index={index}
                      count={steps.length}
                      onMove={(by) => move(index, by)}
                      onRemove={() => setSteps((s) => s.filter((x) => x.key !== step.key))}
                    />
                  )}
                </td>
              </tr>
            );
          })}
          {steps.length === 0 && (
            <tr>
              <td colSpan={7} className="px-2 py-6 text-center text-muted">
                {t('routing.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="text-xs text-muted">{t('routing.hint')}</p>
      <RoutingWarnings warnings={warnings} />
      <FormErrors messages={messages} />
      {canWrite && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() =>
              setSteps((s) => [
                ...s,
                { key: `s${++seq}`, processId: '', setupMinutes: '', minutesPerUnit: '', note: '' },
              ])
            }
          >
            <Plus className="size-4" aria-hidden />
            {t('routing.addStep')}
          </Button>
          <Button
            ref={saveRef}
            loading={save.isPending}
            disabled={steps.some((s) => s.processId === '')}
            onClick={() => void submit()}
          >
            {t('routing.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
