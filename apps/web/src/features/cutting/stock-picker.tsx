import { angleText, type CuttingJobInput, cuttingJobInputSchema, pieceCutLength } from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { errorsOf, issueText, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatNumber, formatUnit } from '../../lib/format.ts';
import { type JobDetail, type StockRow, useSetStock, useStock } from './cutting-api.ts';

/** A whole number typed with spaces as thousands separators; NaN for none (the schema refuses it). */
export const intOf = (s: string): number => Number.parseInt(s.replace(/\s/g, ''), 10);

/** The pieces of a job as stored (read-only), e.g. the panes taken from a work order. */
export function PiecesCard({ job }: { job: JobDetail }) {
  const { t } = useTranslation('cutting');
  const is2d = job.kind === '2d';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('form.pieces')}</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm" data-testid="job-pieces">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1">{t('form.ref')}</th>
              <th>{t('form.label')}</th>
              <th className="text-right">
                {is2d ? `${t('form.width')} × ${t('form.height')}` : t('form.length')}
              </th>
              {is2d ? null : (
                <>
                  <th className="text-right">{t('form.angles')}</th>
                  <th className="text-right">{t('form.cutLength')}</th>
                </>
              )}
              <th className="text-right">{t('form.quantity')}</th>
            </tr>
          </thead>
          <tbody>
            {job.input.pieces.map((p) => (
              <tr key={p.ref} className="border-t border-border">
                <td className="py-1">{p.ref}</td>
                <td>{p.label ?? ''}</td>
                <td className="text-right">{is2d ? `${p.width} × ${p.height}` : p.length}</td>
                {is2d ? null : (
                  <>
                    <td className="text-right">{angleText(p)}</td>
                    {/* What the optimiser lays on the bar: outer length + weld allowance per mitred end. */}
                    <td className="text-right">{pieceCutLength(p, job.input.weld_allowance)}</td>
                  </>
                )}
                <td className="text-right">{p.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

export type ManualStock = { ref: string; a: string; b: string; quantity: string };
/** What the user chose as stock: inventory rows (by `stockKey`) and one size typed in. */
export type StockChoice = { picked: Set<string>; manual: ManualStock };
export const emptyStockChoice = (): StockChoice => ({
  picked: new Set(),
  manual: { ref: '', a: '', b: '', quantity: '' },
});

const stockKey = (s: StockRow) => `${s.item_id}/${s.location_id}/${s.lot_id ?? ''}`;

/**
 * The first choice for a list made from a work order: every inventory row of its material, the
 * item's own sheets/bars and the remnants cut from them. No material (an ad-hoc list, or the
 * lines' own W × H) = nothing ticked.
 */
export function preselectedStock(
  materialId: string | null | undefined,
  rows: readonly StockRow[],
): StockChoice {
  const choice = emptyStockChoice();
  if (!materialId) return choice;
  for (const s of rows)
    if (s.item_id === materialId || s.material_id === materialId) choice.picked.add(stockKey(s));
  return choice;
}

/**
 * The stock a list may cut from: for a list of one material (made from a work order), only that
 * item's sheets/bars and the remnants cut from them, never another glass type; without a material
 * (an ad-hoc list) every row.
 */
export function stockForMaterial(
  materialId: string | null | undefined,
  rows: readonly StockRow[],
): StockRow[] {
  if (!materialId) return [...rows];
  return rows.filter((s) => s.item_id === materialId || s.material_id === materialId);
}

/** The job's stock lines for a choice: picked inventory rows first, then the typed size. */
export function stockLines(
  kind: '1d' | '2d',
  rows: readonly StockRow[],
  { picked, manual }: StockChoice,
): CuttingJobInput['stock'] {
  return [
    ...rows
      .filter((s) => picked.has(stockKey(s)))
      .map((s) => ({
        ref: `${s.sku}${s.lot_number ? `/${s.lot_number}` : ''}@${s.location_code}`.slice(0, 40),
        label: s.name,
        item_id: s.item_id,
        lot_id: s.lot_id,
        location_id: s.location_id,
        ...(kind === '1d' ? { length: s.length } : { width: s.length, height: s.width ?? 0 }),
        quantity: s.quantity,
        remnant: s.remnant,
      })),
    ...(manual.ref.trim()
      ? [
          {
            ref: manual.ref.trim(),
            ...(kind === '1d'
              ? { length: intOf(manual.a) }
              : { width: intOf(manual.a), height: intOf(manual.b) }),
            quantity: manual.quantity.trim() ? intOf(manual.quantity) : null,
            remnant: false,
          },
        ]
      : []),
  ];
}

/** A refused save as one line: each field with its translated problem, or the generic message. */
export function saveErrorText(t: TFunction<'cutting'>, e: unknown, fallback = 'errors.save'): string {
  return e instanceof ApiError && e.details?.length
    ? e.details.map((d) => `${d.field}: ${t(`common:${d.key}`, d.params ?? {})}`).join(' · ')
    : t(fallback);
}

/**
 * A stock row's pieces and measure: "10 kom · 72,225 m²", or the free pieces of those on hand when
 * some are reserved (by a confirmed list, or another order's reservation at the location):
 * "slobodno 8 od 10 kom · 72,225 m²".
 */
export function stockPiecesText(t: TFunction<'cutting'>, lng: string, s: StockRow): string {
  const measure = formatNumber(s.on_hand, lng, { maximumFractionDigits: 4 });
  const values = { n: s.quantity, of: s.pieces_on_hand, measure, unit: formatUnit(s.unit) };
  return s.quantity === s.pieces_on_hand
    ? t('form.stockPieces', values)
    : t('form.stockPiecesReserved', values);
}

/** Inventory sheets/bars to tick and one size to type in (the new-list form and the stock picker). */
export function StockChoiceFields({
  kind,
  rows,
  value,
  onChange,
}: {
  kind: '1d' | '2d';
  rows: readonly StockRow[] | undefined;
  value: StockChoice;
  onChange: (next: StockChoice) => void;
}) {
  const { t, i18n } = useTranslation('cutting');
  const { picked, manual } = value;
  const dimA = kind === '1d' ? t('form.length') : t('form.width');
  const setManual = (patch: Partial<ManualStock>) => onChange({ picked, manual: { ...manual, ...patch } });
  const toggle = (key: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(key);
    else next.delete(key);
    onChange({ picked: next, manual });
  };
  return (
    <>
      {rows && rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('form.noInventoryStock')}</p>
      ) : null}
      {(rows ?? []).map((s) => (
        <label key={stockKey(s)} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={picked.has(stockKey(s))}
            onChange={(e) => toggle(stockKey(s), e.target.checked)}
          />
          {`${s.sku} · ${s.name} · ${s.length}${s.width ? ` × ${s.width}` : ''} mm · ${s.location_code}${s.lot_number ? ` · ${s.lot_number}` : ''} · `}
          <span data-testid="stock-pieces">{stockPiecesText(t, i18n.language, s)}</span>
          {s.remnant ? <span className="rounded bg-accent px-1.5 text-xs">{t('form.remnant')}</span> : null}
        </label>
      ))}
      <p className="text-sm text-muted-foreground">{t('form.manualStock')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Input
          aria-label={t('form.stockRef')}
          placeholder={t('form.stockRef')}
          value={manual.ref}
          onChange={(e) => setManual({ ref: e.target.value })}
        />
        <Input
          aria-label={`${t('form.stockRef')} ${dimA}`}
          placeholder={dimA}
          inputMode="numeric"
          value={manual.a}
          onChange={(e) => setManual({ a: e.target.value })}
        />
        {kind === '2d' ? (
          <Input
            aria-label={`${t('form.stockRef')} ${t('form.height')}`}
            placeholder={t('form.height')}
            inputMode="numeric"
            value={manual.b}
            onChange={(e) => setManual({ b: e.target.value })}
          />
        ) : (
          <span />
        )}
        <Input
          aria-label={t('form.stockQuantity')}
          placeholder={t('form.stockQuantity')}
          inputMode="numeric"
          value={manual.quantity}
          onChange={(e) => setManual({ quantity: e.target.value })}
        />
      </div>
    </>
  );
}

/** The stock picker's typed values: the ticked rows by `stockKey` (a list, so a change marks the form dirty) and the typed size. */
export type StockPickerValues = { picked: string[]; manual: ManualStock };
const choiceOf = (v: StockPickerValues): StockChoice => ({ picked: new Set(v.picked), manual: v.manual });

/**
 * The job a stock choice makes, as the server checks it (`setStock` parses the stored input with
 * the new stock by `cuttingJobInputSchema`): the form validates the same thing before saving.
 */
export function stockPickerBody(job: JobDetail, rows: readonly StockRow[], values: StockPickerValues) {
  return { ...job.input, stock: stockLines(job.kind, rows, choiceOf(values)) };
}

/**
 * Picking the stock of a job that has none yet (a list made from a work order): sheets from
 * inventory and/or one size typed in, as on the new-list form. Saving stores it on the job.
 */
export function StockPicker({ job }: { job: JobDetail }) {
  const { t } = useTranslation('cutting');
  const { t: tc } = useTranslation('common');
  // The list's own work order's reservation of its material is free for it (taken over at confirmation).
  const stock = useStock(job.kind, job.id);
  const save = useSetStock(job.id);
  const materialId = job.input.material_id;
  // Only the list's material is offered (its sheets/bars and remnants), and at first all of it is ticked.
  const rows = useMemo(
    () => (stock.data ? stockForMaterial(materialId, stock.data) : undefined),
    [materialId, stock.data],
  );
  const preselected = useMemo(() => preselectedStock(materialId, rows ?? []), [materialId, rows]);
  const schema = useMemo(
    () => formSchema((v: StockPickerValues) => stockPickerBody(job, rows ?? [], v), cuttingJobInputSchema),
    [job, rows],
  );
  // The preselection arrives with the stock rows; what the user already changed is kept.
  const initial = useMemo(
    () => ({ picked: [...preselected.picked], manual: preselected.manual }),
    [preselected],
  );
  const form = useZodForm<typeof schema, StockPickerValues>(schema, {
    defaultValues: initial,
    values: initial,
    resetOptions: { keepDirtyValues: true },
  });
  const values = form.watch();
  const dirty = form.formState.isDirty;
  const [serverError, setServerError] = useState<string | null>(null);
  const pick = t(job.kind === '1d' ? 'workOrder.pickBars' : 'workOrder.pickStock');
  // No stock at all reads as the picker's own request; a bad row names its field, as the server's refusal does.
  const messages = errorsOf(form.formState.errors).map((issue) =>
    issue.path === 'stock' ? pick : `${issue.path}: ${issueText(tc, issue)}`,
  );

  const change = (next: StockChoice) => {
    form.setValue('picked', [...next.picked], { shouldDirty: true });
    form.setValue('manual', next.manual, { shouldDirty: true });
  };
  const submit = form.handleSubmit((body) => {
    setServerError(null);
    save.mutate(body.stock, { onError: (e) => setServerError(saveErrorText(t, e)) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <UnsavedChangesGuard when={dirty && !save.isSuccess} />
      <Card data-testid="stock-picker">
        <CardHeader>
          <CardTitle className="text-base">{t('form.stock')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm">{pick}</p>
          {preselected.picked.size > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="stock-preselected">
              {t('workOrder.preselected')}
            </p>
          ) : null}
          <StockChoiceFields kind={job.kind} rows={rows} value={choiceOf(values)} onChange={change} />
          {[...new Set([...messages, serverError])].filter(Boolean).map((m) => (
            <p key={m} role="alert" className="text-sm text-danger">
              {m}
            </p>
          ))}
          <Button type="submit" disabled={save.isPending}>
            {t(job.kind === '1d' ? 'workOrder.saveBars' : 'workOrder.saveStock')}
          </Button>
        </CardContent>
      </Card>
    </form>
  );
}
