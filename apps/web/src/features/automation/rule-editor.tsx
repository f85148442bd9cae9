import {
  ACTIONS_FOR_TRIGGER,
  AUTOMATION_TRIGGERS,
  type AutomationRuleInput,
  type AutomationTrigger,
  CONDITION_OPERATORS,
  type Condition,
  EVENT_FIELDS,
} from '@erp/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, inputClasses } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
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
import { RunLog } from './run-log.tsx';
import { secretFromState } from './secret-state.ts';

type Draft = {
  name: string;
  trigger: AutomationTrigger;
  mode: 'all' | 'any';
  conditions: { field: string; op: Condition['op']; value: string }[];
  actions: RuleAction[];
  enabled: boolean;
};

const EMPTY: Draft = {
  name: '',
  trigger: 'quote.accepted',
  mode: 'all',
  conditions: [],
  actions: [],
  enabled: true,
};

function fromRule(r: Rule): Draft {
  return {
    name: r.name,
    trigger: r.trigger,
    mode: r.conditions.mode,
    conditions: r.conditions.items.map((c) => ({
      field: c.field,
      op: c.op,
      value: Array.isArray(c.value) ? c.value.join(', ') : c.value == null ? '' : String(c.value),
    })),
    actions: r.actions,
    enabled: r.enabled,
  };
}

/** The form's text values become the wire's: lists for "in", nothing for "exists". */
export function toInput(d: Draft): AutomationRuleInput {
  return {
    name: d.name,
    trigger: d.trigger,
    enabled: d.enabled,
    conditions: {
      mode: d.mode,
      items: d.conditions.map((c) => ({
        field: c.field.trim(),
        op: c.op,
        value:
          c.op === 'exists'
            ? undefined
            : c.op === 'in'
              ? c.value
                  .split(',')
                  .map((v) => v.trim())
                  .filter(Boolean)
              : c.value,
      })),
    },
    actions: d.actions,
  };
}

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

function ConditionRows({ draft, set }: { draft: Draft; set: (d: Draft) => void }) {
  const { t } = useTranslation('automation');
  const fields = Object.keys(EVENT_FIELDS[draft.trigger]);
  const update = (i: number, patch: Partial<Draft['conditions'][number]>) =>
    set({ ...draft, conditions: draft.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Label htmlFor="rule-mode">{t('editor.mode')}</Label>
        <select
          id="rule-mode"
          className={`${inputClasses} w-auto`}
          value={draft.mode}
          onChange={(e) => set({ ...draft, mode: e.target.value as Draft['mode'] })}
        >
          <option value="all">{t('editor.modeAll')}</option>
          <option value="any">{t('editor.modeAny')}</option>
        </select>
      </div>
      <datalist id="event-fields">
        {fields.map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      {draft.conditions.length === 0 ? (
        <p className="text-sm text-muted">{t('editor.noConditions')}</p>
      ) : null}
      {draft.conditions.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; order is the identity
        <div key={i} className="grid grid-cols-[1fr_10rem_1fr_auto] gap-2" data-testid="condition-row">
          <Input
            aria-label={t('editor.field')}
            list="event-fields"
            value={c.field}
            onChange={(e) => update(i, { field: e.target.value })}
          />
          <select
            aria-label={t('editor.operator')}
            className={inputClasses}
            value={c.op}
            onChange={(e) => update(i, { op: e.target.value as Condition['op'] })}
          >
            {CONDITION_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {t(`ops.${op}`)}
              </option>
            ))}
          </select>
          <Input
            aria-label={t('editor.value')}
            value={c.value}
            disabled={c.op === 'exists'}
            onChange={(e) => update(i, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('editor.removeCondition')}
            onClick={() => set({ ...draft, conditions: draft.conditions.filter((_, j) => j !== i) })}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          set({
            ...draft,
            conditions: [...draft.conditions, { field: fields[0] ?? '', op: 'eq', value: '' }],
          })
        }
      >
        <Plus className="size-4" aria-hidden />
        {t('editor.addCondition')}
      </Button>
    </div>
  );
}

function ActionRows({ draft, set }: { draft: Draft; set: (d: Draft) => void }) {
  const { t } = useTranslation('automation');
  const allowed = ACTIONS_FOR_TRIGGER[draft.trigger];
  const update = (i: number, a: RuleAction) =>
    set({ ...draft, actions: draft.actions.map((x, j) => (j === i ? a : x)) });
  return (
    <div className="space-y-3">
      {draft.actions.map((a, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; order is the identity
        <div key={i} className="space-y-2 rounded-md border border-border p-3" data-testid="action-row">
          <div className="flex items-center justify-between gap-2">
            <span className="font-medium">{t(`actions.${a.type}`)}</span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('editor.removeAction')}
              onClick={() => set({ ...draft, actions: draft.actions.filter((_, j) => j !== i) })}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
          {a.type === 'notify' ? (
            <>
              <Label htmlFor={`action-${i}-title`}>{t('editor.notifyTitle')}</Label>
              <Input
                id={`action-${i}-title`}
                value={a.title}
                onChange={(e) => update(i, { ...a, title: e.target.value })}
              />
              <Label htmlFor={`action-${i}-body`}>{t('editor.notifyBody')}</Label>
              <Input
                id={`action-${i}-body`}
                value={a.body ?? ''}
                onChange={(e) => update(i, { ...a, body: e.target.value })}
              />
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
                value={a.url}
                onChange={(e) => update(i, { ...a, url: e.target.value })}
              />
            </>
          ) : null}
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {allowed.map((type) => (
          <Button
            key={type}
            variant="outline"
            size="sm"
            data-testid={`add-action-${type}`}
            onClick={() => set({ ...draft, actions: [...draft.actions, newAction(type)] })}
          >
            <Plus className="size-4" aria-hidden />
            {t(`actions.${type}`)}
          </Button>
        ))}
      </div>
    </div>
  );
}

function TestRunPanel({ draft }: { draft: Draft }) {
  const { t, i18n } = useTranslation('automation');
  const events = useEvents(draft.trigger);
  const [eventId, setEventId] = useState('');
  const test = useTestRun();
  const result = test.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('test.title')}</CardTitle>
        <CardDescription>{t('test.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-64 flex-1">
            <Label htmlFor="test-event">{t('test.event')}</Label>
            <select
              id="test-event"
              className={inputClasses}
              value={eventId}
              onChange={(e) => setEventId(e.target.value)}
            >
              <option value="">{t('test.sample')}</option>
              {(events.data ?? []).map((e) => (
                <option key={e.id} value={e.id}>
                  {`${String(e.data.number ?? e.data.sku ?? e.entity_id ?? '')} · ${formatDate(e.created_at, i18n.language, { dateStyle: 'short', timeStyle: 'short' })}`}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            data-testid="test-run"
            disabled={test.isPending}
            onClick={() => test.mutate({ rule: toInput(draft), event_id: eventId || null })}
          >
            {t('test.run')}
          </Button>
        </div>
        <FormErrors messages={errorKeys(test.error).map((k) => t(k, { ns: 'common' }))} />
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
  const [draft, setDraft] = useState<Draft>(rule ? fromRule(rule) : EMPTY);
  // A new rule's secret comes along when saving opens the saved rule's page (a new editor).
  const location = useLocation();
  const [secret, setSecret] = useState<string | null>(secretFromState(location.state));
  const [rotatedClosed, setRotatedClosed] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveRule(rule?.id);
  const remove = useDeleteRule();
  const rotate = useRotateSecret(rule?.id ?? '');
  useEffect(() => {
    if (rule) setDraft(fromRule(rule));
  }, [rule]);
  // Dirty: what Save would send differs from the loaded rule and from what was last saved.
  const now = JSON.stringify(toInput(draft));
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const dirty = now !== JSON.stringify(toInput(rule ? fromRule(rule) : EMPTY)) && now !== savedAs;
  const changeTrigger = (trigger: AutomationTrigger) =>
    setDraft({
      ...draft,
      trigger,
      // Actions that do not fit the new trigger go; conditions stay (fields may be shared).
      actions: draft.actions.filter((a) => ACTIONS_FOR_TRIGGER[trigger].includes(a.type)),
    });
  const submit = () => {
    const sent = now;
    save.mutate(toInput(draft), {
      onSuccess: (r) => {
        setSavedAs(sent);
        if (r.webhook_secret && draft.actions.some((a) => a.type === 'webhook')) setSecret(r.webhook_secret);
        if (!rule) {
          const shown =
            r.webhook_secret && draft.actions.some((a) => a.type === 'webhook') ? r.webhook_secret : null;
          const after = afterSave({ replace: true });
          navigate(`../${r.rule.id}`, {
            ...after,
            state: { ...after.state, webhookSecret: shown },
            relative: 'path',
          });
        }
      },
    });
  };
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
        <CardContent className="space-y-6 pt-6">
          <div className="grid gap-4 md:grid-cols-2">
            <div>
              <Label htmlFor="rule-name">{t('editor.name')}</Label>
              <Input
                id="rule-name"
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </div>
            <div>
              <Label htmlFor="rule-trigger">{t('editor.trigger')}</Label>
              <select
                id="rule-trigger"
                className={inputClasses}
                value={draft.trigger}
                onChange={(e) => changeTrigger(e.target.value as AutomationTrigger)}
              >
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
            <ConditionRows draft={draft} set={setDraft} />
          </section>
          <section className="space-y-2">
            <h2 className="font-semibold">{t('editor.actions')}</h2>
            <ActionRows draft={draft} set={setDraft} />
          </section>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
            />
            {t('editor.enabled')}
          </label>
          <FormErrors messages={errorKeys(save.error).map((k) => t(k, { ns: 'common' }))} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={submit} disabled={save.isPending} data-testid="rule-save">
              {t('editor.save')}
            </Button>
            {rule ? (
              <>
                <Button variant="outline" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
                  {t('secret.rotate')}
                </Button>
                <Button
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
        </CardContent>
      </Card>
      <TestRunPanel draft={draft} />
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
