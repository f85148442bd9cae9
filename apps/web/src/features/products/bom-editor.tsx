import {
  type BomInput,
  bomInputSchema,
  bomVariableNames,
  type FormulaIssue,
  formulaIssue,
} from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { Plus, Scissors, Trash2 } from 'lucide-react';
import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { decimalSeparatorOf, formatNumberInput, numberInputToApi } from '../../lib/format.ts';
import { errorMessages, fieldLabel } from './error-messages.ts';
import { type BomLine, type ItemInfo, useItemSearch, useSaveBom } from './products-api.ts';
import { moved, RowOrderButtons } from './row-order-buttons.tsx';
import { ProductionTableHead } from './table-head.tsx';

export type EditorLine = {
  key: string;
  component: Pick<ItemInfo, 'id' | 'sku' | 'name' | 'baseUnit'> | null;
  /** A plain number is a fixed quantity; anything else is a formula over W, H and the variables. */
  amount: string;
  unit: string;
  scrapPct: string;
  childWidth: string;
  childHeight: string;
  /** Cutting (sheet/bar materials): pieces per unit, bar length, sheet width and height, as formulas. */
  cutCount: string;
  cutLength: string;
  cutWidth: string;
  cutHeight: string;
  /** Bar pieces: the saw angles of both ends, "90/90", "45/45", "45/90" or "90/45". */
  cutAngles: string;
};
const CUT_ANGLE_CHOICES = ['90/90', '45/45', '45/90', '90/45'] as const;
const CUT_FIELDS = ['cutCount', 'cutLength', 'cutWidth', 'cutHeight'] as const;
type CutField = (typeof CUT_FIELDS)[number];
export type EditorState = { note: string; variables: { name: string; value: string }[]; lines: EditorLine[] };

const PLAIN_NUMBER = /^\d+([.,]\d+)?$/;
let keySeq = 0;
const nextKey = () => `l${++keySeq}`;

/**
 * A saved fixed quantity as the amount input shows it: the language's decimal mark, no thousands
 * grouping, so it still reads as a plain number and not as a formula (a Croatian input reads
 * "1.125" as 1 125).
 */
const amountInput = (quantity: string, lng?: string) => quantity.replace('.', decimalSeparatorOf(lng));

/** The saved BOM as the editor shows it; numbers in the language's format, formulas as written. */
export function editorStateFrom(
  bom: { note: string; variables: { name: string; value: string }[]; lines: BomLine[] } | undefined,
  lng?: string,
): EditorState {
  if (!bom) return { note: '', variables: [], lines: [] };
  return {
    note: bom.note,
    variables: bom.variables,
    lines: bom.lines.map((l) => ({
      key: nextKey(),
      component: l.component,
      amount: l.formula ?? amountInput(l.quantity ?? '', lng),
      unit: l.unit,
      scrapPct: formatNumberInput(l.scrapPct, lng),
      childWidth: l.childWidth ?? '',
      childHeight: l.childHeight ?? '',
      cutCount: l.cutCount ?? '',
      cutLength: l.cutLength ?? '',
      cutWidth: l.cutWidth ?? '',
      cutHeight: l.cutHeight ?? '',
      cutAngles: `${l.cutAngleStart === 45 ? 45 : 90}/${l.cutAngleEnd === 45 ? 45 : 90}`,
    })),
  };
}

export function toBomInput(state: EditorState): BomInput {
  return {
    note: state.note,
    variables: state.variables.filter((v) => v.name.trim() !== ''),
    lines: state.lines.map((l) => {
      const amount = l.amount.trim();
      const fixed = PLAIN_NUMBER.test(amount);
      return {
        componentId: l.component?.id ?? '',
        quantity: fixed ? numberInputToApi(amount) : null,
        formula: fixed ? null : amount,
        unit: l.unit.trim(),
        scrapPct: numberInputToApi(l.scrapPct.trim() || '0'),
        childWidth: l.childWidth.trim() || null,
        childHeight: l.childHeight.trim() || null,
        cutCount: l.cutCount.trim() || null,
        cutLength: l.cutLength.trim() || null,
        cutWidth: l.cutWidth.trim() || null,
        cutHeight: l.cutHeight.trim() || null,
        cutAngleStart: l.cutAngles.startsWith('45') ? 45 : 90,
        cutAngleEnd: l.cutAngles.endsWith('45') ? 45 : 90,
      };
    }),
  };
}

/** The editor's state as the BOM routes take it, checked with their schema before saving. */
const bomFormSchema = formSchema(toBomInput, bomInputSchema);

/** The BOM editor: variables, lines with live formula checks, save. Read-only unless `editable`. */
export function BomEditor({
  productId,
  bomId,
  initial,
  editable,
  onSaved,
}: {
  productId: string;
  bomId: string | undefined;
  initial: EditorState;
  editable: boolean;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation('production');
  const form = useZodForm<typeof bomFormSchema, EditorState>(bomFormSchema, { defaultValues: initial });
  const save = useSaveBom(productId);
  const saveRef = useSaveShortcut();
  const [cutOpen, setCutOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => form.reset(initial), [initial, form]);
  const state = form.watch();
  const setState = (change: (s: EditorState) => EditorState) => {
    const next = change(form.getValues());
    form.setValue('note', next.note, { shouldDirty: true });
    form.setValue('variables', next.variables, { shouldDirty: true });
    form.setValue('lines', next.lines, { shouldDirty: true });
    // After a refused save the messages follow the edits.
    if (form.formState.isSubmitted) void form.trigger();
  };
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => fieldLabel(path, t),
    server: errorMessages(save.error, t),
  });
  // Unsaved = differs from the BOM as loaded and from what was last saved here (until it is re-read).
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const now = JSON.stringify(toBomInput(state));
  const dirty = editable && now !== JSON.stringify(toBomInput(initial)) && now !== savedAs;
  const names = bomVariableNames(state);
  const setLine = (key: string, patch: Partial<EditorLine>) =>
    setState((s) => ({ ...s, lines: s.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
  const move = (index: number, by: -1 | 1) => setState((s) => ({ ...s, lines: moved(s.lines, index, by) }));
  const issueText = (issue: FormulaIssue | null) =>
    issue ? t(issue.key, { ns: 'common', position: issue.position, name: issue.name ?? '' }) : null;
  const lineIssues = state.lines.map((l) => ({
    amount: PLAIN_NUMBER.test(l.amount.trim()) ? null : formulaIssue(l.amount, names),
    childWidth: l.childWidth.trim() ? formulaIssue(l.childWidth, names) : null,
    childHeight: l.childHeight.trim() ? formulaIssue(l.childHeight, names) : null,
    cut: Object.fromEntries(
      CUT_FIELDS.map((f) => [f, l[f].trim() ? formulaIssue(l[f], names) : null]),
    ) as Record<CutField, FormulaIssue | null>,
  }));
  const submit = form.handleSubmit(async (input) => {
    const sent = now;
    const saved = await save.mutateAsync({ bomId, input }).catch(() => null);
    if (saved) {
      setSavedAs(sent);
      onSaved(saved.id);
    }
  });
  const hasIssues =
    lineIssues.some((i) => i.amount || i.childWidth || i.childHeight || CUT_FIELDS.some((f) => i.cut[f])) ||
    state.lines.some((l) => !l.component);

  return (
    <div className="space-y-4">
      <UnsavedChangesGuard when={dirty} />
      {editable && <SaveState status={saveStatus({ saving: save.isPending, dirty })} className="block" />}
      <fieldset disabled={!editable} className="space-y-2">
        <legend className="text-sm font-medium">{t('bom.variables')}</legend>
        <p className="text-xs text-muted">{t('bom.variablesHint')}</p>
        <div className="flex flex-wrap items-center gap-2">
          {state.variables.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: variables have no id; order is their identity
            <div key={i} className="flex items-center gap-1">
              <Input
                aria-label={t('bom.variableName')}
                className="h-8 w-20 font-mono"
                value={v.name}
                onChange={(e) =>
                  setState((s) => ({
                    ...s,
                    variables: s.variables.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)),
                  }))
                }
              />
              <span aria-hidden>=</span>
              <Input
                aria-label={t('bom.variableValue')}
                className="h-8 w-24"
                inputMode="decimal"
                value={v.value}
                onChange={(e) =>
                  setState((s) => ({
                    ...s,
                    variables: s.variables.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)),
                  }))
                }
              />
              {editable && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('actions.remove')}
                  onClick={() =>
                    setState((s) => ({ ...s, variables: s.variables.filter((_, j) => j !== i) }))
                  }
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              )}
            </div>
          ))}
          {editable && (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                setState((s) => ({ ...s, variables: [...s.variables, { name: '', value: '0' }] }))
              }
            >
              <Plus className="size-4" aria-hidden />
              {t('bom.addVariable')}
            </Button>
          )}
        </div>
      </fieldset>

      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <ProductionTableHead
            cell="px-2 py-2"
            columns={[
              '#',
              { key: 'fields.componentId' },
              { key: 'fields.amount' },
              { key: 'fields.unit' },
              { key: 'fields.scrapPct' },
              { key: 'fields.childSize' },
              { key: 'bom.lineActions', srOnly: true },
            ]}
          />
          <tbody>
            {state.lines.map((line, index) => {
              const issues = lineIssues[index];
              // Cut sizes in a row of their own below the line: shown when set, or opened with the scissors.
              const hasCut = CUT_FIELDS.some((f) => line[f].trim() !== '') || line.cutAngles !== '90/90';
              const showCut = hasCut || cutOpen.has(line.key);
              return (
                <Fragment key={line.key}>
                  <tr className="border-b border-border align-top" data-testid="bom-line">
                    <td className="px-2 py-2 tabular-nums text-muted">{index + 1}</td>
                    <td className="min-w-56 px-2 py-1">
                      <ComponentPicker
                        value={line.component}
                        disabled={!editable}
                        label={t('bom.componentOfLine', { n: index + 1 })}
                        onPick={(c) => setLine(line.key, { component: c, unit: line.unit || c.baseUnit })}
                      />
                    </td>
                    <td className="min-w-52 px-2 py-1">
                      <FormulaInput
                        label={t('bom.amountOfLine', { n: index + 1 })}
                        value={line.amount}
                        disabled={!editable}
                        error={issueText(issues?.amount ?? null)}
                        onChange={(amount) => setLine(line.key, { amount })}
                      />
                    </td>
                    <td className="w-24 px-2 py-1">
                      <Input
                        aria-label={t('bom.unitOfLine', { n: index + 1 })}
                        className="h-8"
                        value={line.unit}
                        disabled={!editable}
                        onChange={(e) => setLine(line.key, { unit: e.target.value })}
                      />
                    </td>
                    <td className="w-24 px-2 py-1">
                      <Input
                        aria-label={t('bom.scrapOfLine', { n: index + 1 })}
                        className="h-8"
                        inputMode="decimal"
                        value={line.scrapPct}
                        disabled={!editable}
                        onChange={(e) => setLine(line.key, { scrapPct: e.target.value })}
                      />
                    </td>
                    <td className="min-w-48 px-2 py-1">
                      <div className="flex gap-1">
                        <FormulaInput
                          label={t('bom.childWidthOfLine', { n: index + 1 })}
                          placeholder={t('bom.childWidthPlaceholder')}
                          value={line.childWidth}
                          disabled={!editable}
                          error={issueText(issues?.childWidth ?? null)}
                          onChange={(childWidth) => setLine(line.key, { childWidth })}
                        />
                        <FormulaInput
                          label={t('bom.childHeightOfLine', { n: index + 1 })}
                          placeholder={t('bom.childHeightPlaceholder')}
                          value={line.childHeight}
                          disabled={!editable}
                          error={issueText(issues?.childHeight ?? null)}
                          onChange={(childHeight) => setLine(line.key, { childHeight })}
                        />
                      </div>
                    </td>
                    <td className="whitespace-nowrap px-2 py-1">
                      {editable && (
                        <>
                          {!hasCut && (
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t('bom.cutOfLine', { n: index + 1 })}
                              aria-expanded={showCut}
                              onClick={() =>
                                setCutOpen((open) => {
                                  const next = new Set(open);
                                  if (next.has(line.key)) next.delete(line.key);
                                  else next.add(line.key);
                                  return next;
                                })
                              }
                            >
                              <Scissors className="size-4" aria-hidden />
                            </Button>
                          )}
                          <RowOrderButtons
                            index={index}
                            count={state.lines.length}
                            onMove={(by) => move(index, by)}
                            onRemove={() =>
                              setState((s) => ({ ...s, lines: s.lines.filter((l) => l.key !== line.key) }))
                            }
                          />
                        </>
                      )}
                    </td>
                  </tr>
                  {showCut && (
                    <tr className="border-b border-border align-top" data-testid="bom-line-cut">
                      <td />
                      <td colSpan={6} className="px-2 pb-2">
                        <div className="flex flex-wrap items-start gap-2">
                          <span className="pt-5 text-xs font-medium text-muted">{t('fields.cutSize')}</span>
                          {CUT_FIELDS.map((f) => (
                            <div key={f} className="w-32">
                              <span className="text-xs text-muted" aria-hidden>
                                {t(`fields.${f}`)}
                              </span>
                              <FormulaInput
                                label={t(`bom.${f}OfLine`, { n: index + 1 })}
                                placeholder={t(`bom.${f}Placeholder`)}
                                value={line[f]}
                                disabled={!editable}
                                error={issueText(issues?.cut[f] ?? null)}
                                onChange={(value) => setLine(line.key, { [f]: value })}
                              />
                            </div>
                          ))}
                          <div className="w-32">
                            <span className="text-xs text-muted" aria-hidden>
                              {t('fields.cutAngles')}
                            </span>
                            <select
                              aria-label={t('bom.cutAnglesOfLine', { n: index + 1 })}
                              className="h-8 w-full rounded-md border border-border bg-surface px-2 text-sm"
                              value={line.cutAngles}
                              disabled={!editable}
                              onChange={(e) => setLine(line.key, { cutAngles: e.target.value })}
                            >
                              {CUT_ANGLE_CHOICES.map((a) => (
                                <option key={a} value={a}>
                                  {a.replace('/', '° / ')}°
                                </option>
                              ))}
                            </select>
                          </div>
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {state.lines.length === 0 && (
              <tr>
                <td colSpan={7} className="px-2 py-6 text-center text-muted">
                  {t('bom.noLines')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted">{t('bom.formulaHelp')}</p>
      <p className="text-xs text-muted">{t('bom.cutHelp')}</p>
      <FormErrors messages={messages} />
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              setState((s) => ({
                ...s,
                lines: [
                  ...s.lines,
                  {
                    key: nextKey(),
                    component: null,
                    amount: '1',
                    unit: '',
                    scrapPct: '0',
                    childWidth: '',
                    childHeight: '',
                    cutCount: '',
                    cutLength: '',
                    cutWidth: '',
                    cutHeight: '',
                    cutAngles: '90/90',
                  },
                ],
              }))
            }
          >
            <Plus className="size-4" aria-hidden />
            {t('bom.addLine')}
          </Button>
          <Button ref={saveRef} loading={save.isPending} disabled={hasIssues} onClick={() => void submit()}>
            {t('bom.save')}
          </Button>
        </div>
      )}
    </div>
  );
}

function FormulaInput({
  label,
  value,
  error,
  disabled,
  placeholder,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  disabled: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="w-full">
      <Input
        aria-label={label}
        className="h-8 font-mono"
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Type a SKU or name, pick from the list (keyboard: arrows + Enter). */
function ComponentPicker({
  value,
  disabled,
  label,
  onPick,
}: {
  value: EditorLine['component'];
  disabled: boolean;
  label: string;
  onPick: (item: ItemInfo) => void;
}) {
  const { t } = useTranslation('production');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useItemSearch(debounced);
  const listId = useId();
  const options = open ? (results.data ?? []) : [];
  const pick = (item: ItemInfo) => {
    onPick(item);
    setOpen(false);
    setText('');
  };
  if (disabled || (value && !open))
    return (
      <button
        type="button"
        className="w-full rounded px-1 py-1 text-left hover:bg-surface-muted disabled:hover:bg-transparent"
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={label}
      >
        <span className="font-mono">{value?.sku}</span> <span className="text-muted">{value?.name}</span>
      </button>
    );
  return (
    <div className="relative">
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        className="h-8"
        placeholder={t('bom.searchItem')}
        value={text}
        autoFocus={value !== null}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {options.length > 0 && (
        <div
          id={listId}
          role="listbox"
          className="absolute z-20 mt-1 max-h-64 w-80 overflow-auto rounded-md border border-border bg-surface shadow-lg"
        >
          {options.map((item, i) => (
            <div
              key={item.id}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={`cursor-pointer px-2 py-1.5 text-sm ${i === active ? 'bg-surface-muted' : ''}`}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(item);
              }}
            >
              <span className="font-mono">{item.sku}</span> <span className="text-muted">{item.name}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
