import {
  ACTIONS_FOR_TRIGGER,
  AUTOMATION_TRIGGERS,
  type AutomationRule,
  type AutomationTrigger,
  CONDITION_OPERATORS,
  EVENT_FIELDS,
} from '@erp/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, inputClasses } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PageHeader } from '../sections/page-header.tsx';
import {
  type Rule,
  type RuleAction,
  useDeleteRule,
  useEvents,
  useRotateSecret,
  useRule,
  useSaveRule,
  useTestRun,
} from './automation-api.ts';
import {
  type Draft,
  EMPTY,
  fromRule,
  ruleFieldLabel,
  ruleFormSchema,
  type TestEventValues,
  testRunFormSchema,
} from './rule-draft.ts';
import { RunLog } from './run-log.tsx';
import { secretFromState } from './secret-state.ts';

function newAction(type: RuleAction['type']): RuleAction {
  if (type === 'notify') return { type, title: '', body: '' };
  if (type === 'webhook') return { type, url: '' };
  return { type };
}

function errorKeys(error: unknown): string[] {
  if (!(error instanceof ApiError)) return error ? ['errors.NETWORK'] : [];
  if (error.details?.length) return error.details.map((d) => d.key);
  return [`errors.${error.code}`];
}

type RuleForm = UseFormReturn<Draft, unknown, AutomationRule>;

function ConditionRows({ form }: { form: RuleForm }) {
  const { t } = useTranslation('automation');
  const list = useFieldArray({ control: form.control, name: 'conditions' });
  const [trigger, conditions] = form.watch(['trigger', 'conditions']);
  const fields = Object.keys(EVENT_FIELDS[trigger]);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Label htmlFor="rule-mode">{t('editor.mode')}</Label>
        <select id="rule-mode" className={`${inputClasses} w-auto`} {...form.register('mode')}>
          <option value="all">{t('editor.modeAll')}</option>
          <option value="any">{t('editor.modeAny')}</option>
        </select>
      </div>
      <datalist id="event-fields">
        {fields.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      {list.fields.length === 0 ? <p className="text-sm text-muted">{t('editor.noConditions')}</p> : null}
      {list.fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_10rem_1fr_auto] gap-2" data-testid="condition-row">
          <Input
            aria-label={t('editor.field')}
            list="event-fields"
            {...form.register(`conditions.${i}.field`)}
          />
          <select
            aria-label={t('editor.operator')}
            className={inputClasses}
            {...form.register(`conditions.${i}.op`)}
          >
            {CONDITION_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {t(`ops.${op}`)}
              </option>
            ))}
          </select>
          <Input
            aria-label={t('editor.value')}
            {...form.register(`conditions.${i}.value`, { disabled: conditions[i]?.op === 'exists' })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('editor.removeCondition')}
            onClick={() => list.remove(i)}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => list.append({ field: fields[0] ?? '', op: 'eq', value: '' })}
      >
        <Plus className="size-4" aria-hidden />
        {t('editor.addCondition')}
      </Button>
    </div>
  );
}

function ActionRows({ form }: { form: RuleForm }) {
  const { t } = useTranslation('automation');
  const list = useFieldArray({ control: form.control, name: 'actions' });
  const allowed = ACTIONS_FOR_TRIGGER[form.watch('trigger')];
  return (
    <div className="space-y-3">
      {list.fields.map((a, i) => (
        <div key={a.id} className="space-y-2 rounded-md border border-border p-3" data-testid="action-row">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium">{t(`actions.${a.type}`)}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={t('editor.removeAction')}
              onClick={() => list.remove(i)}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
          {a.type === 'notify' ? (
            <>
              <Label htmlFor={`action-${i}-title`}>{t('editor.notifyTitle')}</Label>
              <Input id={`action-${i}-title`} {...form.register(`actions.${i}.title` as 'actions.0.title')} />
              <Label htmlFor={`action-${i}-body`}>{t('editor.notifyBody')}</Label>
              <Input id={`action-${i}-body`} {...form.register(`actions.${i}.body` as 'actions.0.body')} />
              <p className="text-xs text-muted">
                {t('editor.placeholders', {
                  number: '{{number}}',
                  clientName: '{{clientName}}',
                  total: '{{total}}',
                })}
              </p>
            </>
          ) : null}
          {a.type === 'webhook' ? (
            <>
              <Label htmlFor={`action-${i}-url`}>{t('editor.webhookUrl')}</Label>
              <Input
                id={`action-${i}-url`}
                type="url"
                {...form.register(`actions.${i}.url` as 'actions.0.url')}
              />
            </>
          ) : null}
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {allowed.map((type) => (
          <Button
            key={type}
            type="button"
            variant="outline"
            size="sm"
            data-testid={`add-action-${type}`}
            onClick={() => list.append(newAction(type))}
          >
            <Plus className="size-4" aria-hidden />
            {t(`actions.${type}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

function TestRunPanel({ rule }: { rule: RuleForm }) {
  const { t, i18n } = useTranslation('automation');
  const events = useEvents(rule.watch('trigger'));
  // The test event's form checks the draft with it, as the test-run route does.
  const schema = useMemo(() => testRunFormSchema(() => rule.getValues()), [rule]);
  const form = useZodForm<typeof schema, TestEventValues>(schema, { defaultValues: { event_id: '' } });
  const test = useTestRun();
  const result = test.data;
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (ruleFieldLabel(path) ? t(ruleFieldLabel(path)) : ''),
    server: errorKeys(test.error).map((k) => t(k, { ns: 'common' })),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('test.title')}</CardTitle>
        <CardDescription>{t('test.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="flex flex-wrap items-end gap-2"
          noValidate
          onSubmit={form.handleSubmit((body) => test.mutate(body))}
        >
          <div className="min-w-64 flex-1">
            <Label htmlFor="test-event">{t('test.event')}</Label>
            <select id="test-event" className={inputClasses} {...form.register('event_id')}>
              <option value="">{t('test.sample')}</option>
              {(events.data ?? []).map((e) => (
                <option key={e.id} value={e.id}>
                  {`${String(e.data.number ?? e.data.sku ?? e.entity_id ?? '')} · ${formatDateTime(e.created_at, i18n.language)}`}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" data-testid="test-run" disabled={test.isPending}>
            {t('test.run')}
          </Button>
        </form>
        <FormErrors messages={messages} />
        {result ? (
          <div className="space-y-3 text-sm" data-testid="test-result">
            <p className={result.matches ? 'font-medium text-success' : 'font-medium text-muted'}>
              {result.matches ? t('test.matches') : t('test.noMatch')}
            </p>
            {result.conditions.length > 0 ? (
              <ul className="space-y-1">
                {result.conditions.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions are listed in rule order
                  <li key={i}>
                    {t('test.condition', {
                      field: c.field,
                      op: t(`ops.${c.op}`),
                      value: c.value == null ? '' : String(c.value),
                      actual: c.actual == null ? '—' : String(c.actual),
                    })}{' '}
                    <strong className={c.holds ? 'text-success' : 'text-danger'}>
                      {c.holds ? t('test.holds') : t('test.fails')}
                    </strong>
                  </li>
                ))}
              </ul>
            ) : null}
            {result.matches ? (
              <ul className="list-disc space-y-1 pl-5">
                {result.actions.map((a) => (
                  <li key={a.index}>
                    {a.type === 'notify'
                      ? t('test.wouldNotify', { n: a.recipients ?? 0, title: a.title ?? '' })
                      : a.type === 'webhook'
                        ? a.problem
                          ? t('test.webhookRefused', { url: a.url ?? '', problem: a.problem })
                          : t('test.wouldPost', { url: a.url ?? '' })
                        : t(`test.would.${a.type}`, { reference: a.reference ?? '' })}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The webhook secret, shown once: it stays until the user closes it (issue 22). */
function SecretNotice({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation('automation');
  return (
    <div role="status" className="space-y-1 rounded-md border border-warning bg-warning/10 p-3 text-sm">
      <p className="font-medium">{t('secret.shownOnce')}</p>
      <code className="block break-all" data-testid="webhook-secret">
        {secret}
      </code>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={onClose}
        data-testid="webhook-secret-close"
      >
        {t('secret.close')}
      </Button>
    </div>
  );
}

function Editor({ rule }: { rule: Rule | null }) {
  const { t } = useTranslation('automation');
  const navigate = useNavigate();
  // The loaded rule (again after a save refreshes it); what the user already changed is kept.
  const loaded = useMemo(() => (rule ? fromRule(rule) : EMPTY), [rule]);
  const form = useZodForm<typeof ruleFormSchema, Draft>(ruleFormSchema, {
    defaultValues: loaded,
    values: loaded,
    resetOptions: { keepDirtyValues: true },
  });
  // A new rule's secret comes along when saving opens the saved rule's page (a new editor).
  const location = useLocation();
  const [secret, setSecret] = useState<string | null>(secretFromState(location.state));
  const [rotatedClosed, setRotatedClosed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveRule(rule?.id);
  const remove = useDeleteRule();
  const rotate = useRotateSecret(rule?.id ?? '');
  const saveRef = useSaveShortcut();
  const dirty = form.formState.isDirty;
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (ruleFieldLabel(path) ? t(ruleFieldLabel(path)) : ''),
    server: errorKeys(save.error).map((k) => t(k, { ns: 'common' })),
  });
  // Actions that do not fit a new trigger go; conditions stay (fields may be shared).
  const trigger = form.register('trigger', {
    onChange: (e: { target: { value: AutomationTrigger } }) =>
      form.setValue(
        'actions',
        form.getValues('actions').filter((a) => ACTIONS_FOR_TRIGGER[e.target.value].includes(a.type)),
        { shouldDirty: true },
      ),
  });
  const submit = form.handleSubmit((body) => {
    const sent = form.getValues();
    const hasWebhook = body.actions.some((a) => a.type === 'webhook');
    save.mutate(body, {
      onSuccess: (r) => {
        // What was saved is the new unchanged state (Save again sends nothing new).
        form.reset(sent);
        if (r.webhook_secret && hasWebhook) setSecret(r.webhook_secret);
        if (!rule) {
          const shown = r.webhook_secret && hasWebhook ? r.webhook_secret : null;
          const after = afterSave({ replace: true });
          navigate(`../${r.rule.id}`, {
            ...after,
            state: { ...after.state, webhookSecret: shown },
            relative: 'path',
          });
        }
      },
    });
  });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={rule ? rule.name : t('editor.newTitle')}
        description={t('editor.description')}
        actions={
          <Link to="/settings/automation" className="text-sm text-primary hover:underline">
            {t('editor.back')}
          </Link>
        }
      />
      <UnsavedChangesGuard when={dirty} />
      <SaveState status={saveStatus({ saving: save.isPending, dirty })} className="block" />
      {secret ? <SecretNotice secret={secret} onClose={() => setSecret(null)} /> : null}
      {rotate.data && !rotatedClosed ? (
        <SecretNotice secret={rotate.data.webhook_secret} onClose={() => setRotatedClosed(true)} />
      ) : null}
      <Card>
        <CardContent className="pt-6">
          <form className="space-y-6" noValidate onSubmit={submit}>
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <Label htmlFor="rule-name">{t('editor.name')}</Label>
                <Input id="rule-name" {...form.register('name')} />
              </div>
              <div>
                <Label htmlFor="rule-trigger">{t('editor.trigger')}</Label>
                <select id="rule-trigger" className={inputClasses} {...trigger}>
                  {AUTOMATION_TRIGGERS.map((tr) => (
                    <option key={tr} value={tr}>
                      {t(`triggers.${tr}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <section className="space-y-2">
              <h2 className="font-semibold">{t('editor.conditions')}</h2>
              <ConditionRows form={form} />
            </section>
            <section className="space-y-2">
              <h2 className="font-semibold">{t('editor.actions')}</h2>
              <ActionRows form={form} />
            </section>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" {...form.register('enabled')} />
              {t('editor.enabled')}
            </label>
            <FormErrors messages={messages} />
            <div className="flex flex-wrap gap-2">
              <Button ref={saveRef} type="submit" disabled={save.isPending} data-testid="rule-save">
                {t('editor.save')}
              </Button>
              {rule ? (
                <>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => rotate.mutate()}
                    disabled={rotate.isPending}
                  >
                    {t('secret.rotate')}
                  </Button>
                  <Button
                    type="button"
                    variant="danger"
                    onClick={() =>
                      confirmDelete
                        ? remove.mutate(rule.id, {
                            onSuccess: () => navigate('/settings/automation', afterSave()),
                          })
                        : setConfirmDelete(true)
                    }
                  >
                    {confirmDelete ? t('editor.confirmDelete') : t('editor.delete')}
                  </Button>
                </>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>
      <TestRunPanel rule={form} />
      {rule ? <RunLog ruleId={rule.id} /> : null}
    </div>
  );
}

export function RuleEditorPage() {
  const { t } = useTranslation('automation');
  const { id } = useParams();
  const rule = useRule(id);
  if (!id) return <Editor rule={null} />;
  if (rule.isPending) return <Spinner />;
  if (rule.isError)
    return (
      <p role="alert" className="text-danger">
        {t('loadError')}
      </p>
    );
  return <Editor key={rule.data.id} rule={rule.data} />;
}
