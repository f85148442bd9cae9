import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { useCurrentCompany } from '../team/current-company.tsx';
import {
  errorText,
  type Item,
  postWithKey,
  type StockDocument,
  useInventoryMutation,
  useLocations,
} from './inventory-api.ts';
import {
  type Draft,
  emptyDraft,
  emptyLine,
  isDirty,
  type Line,
  OPS,
  type Op,
  outgoing,
  SCHEMAS,
} from './operation-values.ts';
import { Field, ItemPicker, LocationSelect } from './parts.tsx';
import { LotChoice, ReasonFields } from './stock-work-fields.tsx';

/** A stock line on a phone (< sm): a bordered two-column card instead of a table row. */
const PHONE_LINE =
  'max-sm:grid max-sm:grid-cols-2 max-sm:gap-2 max-sm:rounded-md max-sm:border max-sm:border-border max-sm:p-2';
const PHONE_CELL = 'max-sm:block max-sm:w-auto max-sm:min-w-0 max-sm:p-0';

/** A field's name above it on a phone, where the table header is hidden (screen readers use the field's own label). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span className="mb-1 block text-xs text-muted sm:hidden" aria-hidden>
      {children}
    </span>
  );
}
const PATHS: Record<Op, string> = {
  receipt: '/api/inventory/receipts',
  issue: '/api/inventory/issues',
  transfer: '/api/inventory/transfers',
  adjustment: '/api/inventory/adjustments',
};
type OpForm = UseFormReturn<Draft, unknown, Record<string, unknown>>;

/** The name of a field of the body as the form shows it ("Stavka 2, Količina"). */
function useFieldLabel(lines: Line[]) {
  const { t } = useTranslation('inventory');
  const top: Record<string, string> = {
    location_id: t('items.location'),
    from_location_id: t('ops.from'),
    to_location_id: t('ops.to'),
    reference: t('movements.reference'),
    reason: t('ops.reason'),
    note: t('ops.note'),
    lines: t('ops.item'),
  };
  const ofLine: Record<string, string> = {
    item_id: t('ops.item'),
    quantity: t('items.quantity'),
    unit_cost: t('movements.unitCost'),
    lot_number: t('lots.lot'),
    expires_on: t('lots.expires'),
    lot_id: t('ops.lotOut'),
  };
  // The body holds only the lines with an item: its n-th line is the n-th such row on screen.
  const rows = lines.flatMap((l, i) => (l.item ? [i] : []));
  return (path: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
    if (!m) return top[path] ?? '';
    return t('ops.lineField', { line: (rows[Number(m[1])] ?? 0) + 1, field: ofLine[m[2] ?? ''] ?? '' });
  };
}

/**
 * Receipt, issue, transfer and adjustment as one multi-line form; the operation is in the URL.
 * Each tab keeps what was typed into it while the user switches tabs; leaving the page with
 * anything typed in any tab asks first.
 */
export function OperationsPage() {
  const { t } = useTranslation(['inventory', 'ux-grid']);
  const [params, setParams] = useSearchParams();
  const op = (OPS as readonly string[]).includes(params.get('op') ?? '')
    ? (params.get('op') as Op)
    : 'receipt';
  // One form per operation, all kept while the user switches tabs (what was typed stays).
  const forms: Record<Op, OpForm> = {
    receipt: useZodForm<typeof SCHEMAS.receipt, Draft>(SCHEMAS.receipt, { defaultValues: emptyDraft() }),
    issue: useZodForm<typeof SCHEMAS.issue, Draft>(SCHEMAS.issue, { defaultValues: emptyDraft() }),
    transfer: useZodForm<typeof SCHEMAS.transfer, Draft>(SCHEMAS.transfer, { defaultValues: emptyDraft() }),
    adjustment: useZodForm<typeof SCHEMAS.adjustment, Draft>(SCHEMAS.adjustment, {
      defaultValues: emptyDraft(),
    }),
  };
  const dirty = OPS.filter((o) => isDirty(forms[o].watch()));
  return (
    <div className="space-y-4">
      <UnsavedChangesGuard when={dirty.length > 0} />
      <div role="tablist" aria-label={t('ops.label')} className="flex flex-wrap gap-1">
        {OPS.map((o) => (
          <button
            key={o}
            type="button"
            role="tab"
            aria-selected={o === op}
            data-testid={`op-tab-${o}`}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm',
              o === op ? 'bg-primary text-primary-foreground' : 'bg-surface-2',
            )}
            onClick={() => setParams({ op: o })}
          >
            {t(`ops.${o}`)}
            {dirty.includes(o) && o !== op && (
              <>
                <span aria-hidden className="ml-1">
                  •
                </span>
                <span className="sr-only">({t('ux-grid:save.unsaved')})</span>
              </>
            )}
          </button>
        ))}
      </div>
      <OperationForm op={op} key={op} form={forms[op]} othersDirty={dirty.some((o) => o !== op)} />
    </div>
  );
}

function OperationForm({ op, form, othersDirty }: { op: Op; form: OpForm; othersDirty: boolean }) {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const { data: locations = [] } = useLocations();
  const draft = form.watch();
  const { location, toLocation, reference, lines } = draft;
  const set = (patch: Partial<Draft>) => {
    for (const [k, v] of Object.entries(patch)) form.setValue(k as keyof Draft, v, { shouldDirty: true });
    // After a refused post the messages follow what is typed (the body's paths are not the fields').
    if (form.formState.isSubmitted) void form.trigger();
  };
  // Another location has other lots: the chosen lots go back to the suggestion.
  const setLocation = (v: string) =>
    set({ location: v, lines: form.getValues('lines').map((l) => ({ ...l, lot_id: '' })) });
  const setToLocation = (v: string) => set({ toLocation: v });
  const setLines = (f: (ls: Line[]) => Line[]) => set({ lines: f(form.getValues('lines')) });
  const { companyId } = useCurrentCompany();
  const post = useInventoryMutation((body: unknown) =>
    postWithKey<StockDocument>(PATHS[op], body, form.getValues('idemKey'), companyId),
  );
  const dirty = isDirty(draft);
  const fieldLabel = useFieldLabel(lines);
  const messages = useFormMessages(form.formState.errors, {
    label: fieldLabel,
    server: [post.error ? errorText(t, post.error) : null],
  });
  const update = (key: string, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const pick = (key: string, item: Item | null) =>
    setLines((ls) =>
      ls.map((l) => (l.key === key ? { ...l, item, lot_id: item?.id === l.item?.id ? l.lot_id : '' } : l)),
    );

  const submit = form.handleSubmit((body) =>
    post.mutate(body, {
      onSuccess: (doc) => {
        form.reset(emptyDraft());
        const first = doc.lines[0];
        // To the item's page; when another tab still holds typed input, the guard asks first.
        if (first) navigate(`/inventory/items/${first.item_id}`, othersDirty ? undefined : afterSave());
      },
    }),
  );

  const anyLot = lines.some((l) => l.item?.lot_tracked);
  const anyOutgoing = lines.some((l) => outgoing(op, l));
  return (
    <form onSubmit={submit} className="max-w-5xl space-y-4" noValidate>
      <SaveState status={saveStatus({ saving: post.isPending, dirty })} className="block" />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={op === 'transfer' ? t('ops.from') : t('items.location')}>
          {(id) => <LocationSelect id={id} locations={locations} value={location} onChange={setLocation} />}
        </Field>
        {op === 'transfer' && (
          <Field label={t('ops.to')}>
            {(id) => (
              <LocationSelect id={id} locations={locations} value={toLocation} onChange={setToLocation} />
            )}
          </Field>
        )}
        <Field label={t('movements.reference')}>
          {(id) => <Input id={id} value={reference} onChange={(e) => set({ reference: e.target.value })} />}
        </Field>
        {op !== 'receipt' && (
          <ReasonFields
            reason={draft.reason}
            note={draft.note}
            onReason={(v) => set({ reason: v })}
            onNote={(v) => set({ note: v })}
          />
        )}
      </div>
      {/* On a phone each line is a card of labelled fields (no sideways scrolling); a table from sm up. */}
      <table className="w-full text-sm max-sm:block">
        <thead className="max-sm:hidden">
          <tr className="text-left text-muted">
            <th className="py-1 font-medium">{t('ops.item')}</th>
            <th className="py-1 font-medium">
              {op === 'adjustment' ? t('ops.signedQuantity') : t('items.quantity')}
            </th>
            {(op === 'receipt' || op === 'adjustment') && (
              <th className="py-1 font-medium">{t('movements.unitCost')}</th>
            )}
            {(op === 'receipt' || op === 'adjustment') && anyLot && (
              <th className="py-1 font-medium">{t('lots.lot')}</th>
            )}
            {(op === 'receipt' || op === 'adjustment') && anyLot && (
              <th className="py-1 font-medium">{t('lots.expires')}</th>
            )}
            {anyOutgoing && <th className="py-1 font-medium">{t('ops.lotOut')}</th>}
            <th>
              <span className="sr-only">{t('movements.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:space-y-3">
          {lines.map((l, i) => (
            <tr key={l.key} className={PHONE_LINE} data-testid="op-line">
              <td className={cn(PHONE_CELL, 'py-1 pr-2 max-sm:col-span-2')}>
                <PhoneLabel>{t('ops.item')}</PhoneLabel>
                <ItemPicker
                  id={`line-${i}-item`}
                  label={t('ops.itemOfLine', { line: i + 1 })}
                  value={l.item}
                  onChange={(item) => pick(l.key, item)}
                  text={l.item_text}
                  onTextChange={(text) => update(l.key, { item_text: text })}
                />
              </td>
              <td className={cn(PHONE_CELL, 'w-32 py-1 pr-2')}>
                <PhoneLabel>{op === 'adjustment' ? t('ops.signedQuantity') : t('items.quantity')}</PhoneLabel>
                <Input
                  aria-label={t('items.quantity')}
                  name={`line-${i}-quantity`}
                  inputMode="decimal"
                  value={l.quantity}
                  onChange={(e) => update(l.key, { quantity: e.target.value })}
                />
              </td>
              {(op === 'receipt' || op === 'adjustment') && (
                <td className={cn(PHONE_CELL, 'w-32 py-1 pr-2')}>
                  <PhoneLabel>{t('movements.unitCost')}</PhoneLabel>
                  <Input
                    aria-label={t('movements.unitCost')}
                    inputMode="decimal"
                    value={l.unit_cost}
                    onChange={(e) => update(l.key, { unit_cost: e.target.value })}
                  />
                </td>
              )}
              {(op === 'receipt' || op === 'adjustment') && anyLot && (
                <td className={cn(PHONE_CELL, 'w-36 py-1 pr-2', !l.item?.lot_tracked && 'max-sm:hidden')}>
                  <PhoneLabel>{t('lots.lot')}</PhoneLabel>
                  {l.item?.lot_tracked && (
                    <Input
                      aria-label={t('lots.lot')}
                      value={l.lot_number}
                      onChange={(e) => update(l.key, { lot_number: e.target.value })}
                    />
                  )}
                </td>
              )}
              {(op === 'receipt' || op === 'adjustment') && anyLot && (
                <td className={cn(PHONE_CELL, 'w-40 py-1 pr-2', !l.item?.lot_tracked && 'max-sm:hidden')}>
                  <PhoneLabel>{t('lots.expires')}</PhoneLabel>
                  {l.item?.lot_tracked && (
                    <Input
                      type="date"
                      aria-label={t('lots.expires')}
                      value={l.expires_on}
                      onChange={(e) => update(l.key, { expires_on: e.target.value })}
                    />
                  )}
                </td>
              )}
              {anyOutgoing && (
                <td
                  className={cn(
                    PHONE_CELL,
                    'w-64 py-1 pr-2 max-sm:col-span-2',
                    !outgoing(op, l) && 'max-sm:hidden',
                  )}
                >
                  {outgoing(op, l) && l.item && location && (
                    <LotChoice
                      label={t('ops.lotOfLine', { line: i + 1 })}
                      itemId={l.item.id}
                      locationId={location}
                      quantity={l.quantity.replace(/^-/, '')}
                      value={l.lot_id}
                      onChange={(lotId) => update(l.key, { lot_id: lotId })}
                    />
                  )}
                </td>
              )}
              <td className={cn(PHONE_CELL, 'py-1 max-sm:col-span-2')}>
                {lines.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setLines((ls) => ls.filter((x) => x.key !== l.key))}
                  >
                    {t('common.remove')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setLines((ls) => [...ls, emptyLine()])}
      >
        {t('ops.addLine')}
      </Button>
      <FormErrors messages={messages} />
      <div>
        <Button type="submit" loading={post.isPending}>
          {t(`ops.post_${op}`)}
        </Button>
      </div>
    </form>
  );
}
