import {
  CONSUMPTION_CORRECTION_REASONS,
  type ConsumptionCorrectionInput,
  consumptionCorrectionSchema,
} from '@erp/domain';
import { formSchema } from '@erp/domain/form-schema';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDate, formatNumber, formatQuantity, formatUnit, numberInputToApi } from '../../lib/format.ts';
import {
  type Correction,
  correctConsumption,
  type Detail,
  errorText,
  useDocumentMutation,
} from './documents-api.ts';
import { Field, Money, NUM, SELECT, TABLE, TD, TH } from './parts.tsx';

// "Korekcija potrošnje" of a completed work order (issue 17, deliverable 9): one material line,
// returned to stock (less was used) or issued on top (more was used), with a reason. The server
// (POST …/consumption-corrections) checks it against what the order consumed and posts it at the
// order's source location; the movements screen then shows it under the order.

type Direction = 'return' | 'issue';
export type CorrectionValues = {
  item_id: string;
  direction: Direction;
  /** '' = none chosen (issued more: the server picks; returned: required for a lot-tracked item). */
  lot_id: string;
  quantity: string;
  reason: string;
  note: string;
};
/** One material line as the correction route takes it: the direction gives the quantity's sign. */
export const correctionFormSchema = (lng: string) =>
  formSchema((v: CorrectionValues) => {
    // A typed minus is not a second sign.
    const unsigned = numberInputToApi(v.quantity ?? '', lng).replace(/^-/, '');
    return {
      reason: v.reason || undefined,
      note: v.note?.trim() || null,
      lines: [
        {
          item_id: v.item_id,
          ...(v.lot_id ? { lot_id: v.lot_id } : {}),
          // The API's sign: > 0 returns to stock, < 0 issues more.
          quantity: v.direction === 'return' ? unsigned : `-${unsigned}`,
        },
      ],
    };
  }, consumptionCorrectionSchema);

export function ConsumptionCorrectionDialog({ detail, onClose }: { detail: Detail; onClose: () => void }) {
  const { t, i18n } = useTranslation('documents');
  const materials = detail.materials ?? [];
  const schema = useMemo(() => correctionFormSchema(i18n.language), [i18n.language]);
  const form = useZodForm<typeof schema, CorrectionValues>(schema, {
    defaultValues: {
      item_id: materials[0]?.item_id ?? '',
      direction: 'return',
      lot_id: '',
      quantity: '',
      reason: '',
      note: '',
    },
  });
  const { item_id: itemId, direction, lot_id: lotId, quantity, reason } = form.watch();
  const [error, setError] = useState<string | null>(null);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) =>
      path === 'note' ? t('woCorrection.note') : path === 'reason' ? t('woCorrection.reason') : '',
    server: [error],
  });
  const material = materials.find((m) => m.item_id === itemId);
  const lots = material?.consumed_lots ?? [];
  const mutation = useDocumentMutation((body: ConsumptionCorrectionInput) =>
    correctConsumption(detail.document.id, body),
  );
  const submit = form.handleSubmit((body) => {
    setError(null);
    mutation.mutate(body, { onSuccess: onClose, onError: (e) => setError(errorText(t, e)) });
  });
  const lotNeeded = material?.lot_tracked && direction === 'return';
  const ready = itemId && quantity.trim() && reason && (!lotNeeded || lotId);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t('woCorrection.title', { number: detail.document.number ?? '' })}
        description={t('woCorrection.intro')}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {t('woCorrection.cancel')}
            </Button>
            <Button
              data-testid="correction-submit"
              disabled={!ready || mutation.isPending}
              onClick={() => void submit()}
            >
              {t('woCorrection.post')}
            </Button>
          </>
        }
      >
        <div className="grid gap-3" data-testid="correction-form">
          <Field label={t('wo.item')} htmlFor="corr-item">
            <select
              id="corr-item"
              className={SELECT}
              {...form.register('item_id', { onChange: () => form.setValue('lot_id', '') })}
            >
              {materials.map((m) => (
                <option key={m.item_id} value={m.item_id}>
                  {m.sku} · {m.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('woCorrection.direction')} htmlFor="corr-direction">
            <select
              id="corr-direction"
              className={SELECT}
              {...form.register('direction', { onChange: () => form.setValue('lot_id', '') })}
            >
              <option value="return">{t('woCorrection.return')}</option>
              <option value="issue">{t('woCorrection.issue')}</option>
            </select>
          </Field>
          {material?.lot_tracked && (
            <Field label={t('woCorrection.lot')} htmlFor="corr-lot">
              <select id="corr-lot" className={SELECT} {...form.register('lot_id')}>
                <option value="">
                  {direction === 'return' ? t('woCorrection.chooseLot') : t('woCorrection.lotAuto')}
                </option>
                {lots.map((l) => (
                  <option key={l.lot_id} value={l.lot_id}>
                    {t('woCorrection.lotConsumed', {
                      lot: l.lot_number,
                      quantity: formatQuantity(l.quantity, i18n.language),
                      unit: formatUnit(material.unit),
                    })}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field
            label={t('woCorrection.quantity', { unit: formatUnit(material?.unit ?? '') })}
            htmlFor="corr-qty"
          >
            <Input
              id="corr-qty"
              inputMode="decimal"
              className="w-40 text-right"
              {...form.register('quantity')}
            />
          </Field>
          <Field label={t('woCorrection.reason')} htmlFor="corr-reason">
            <select id="corr-reason" className={cn(SELECT)} {...form.register('reason')}>
              <option value="">{t('woCorrection.chooseReason')}</option>
              {CONSUMPTION_CORRECTION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`woCorrection.reasons.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={reason === 'other' ? t('woCorrection.noteRequired') : t('woCorrection.note')}
            htmlFor="corr-note"
          >
            <Input id="corr-note" {...form.register('note')} />
          </Field>
          <FormErrors messages={messages} />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The order's corrections under its materials: when, what (+ returned, − issued more), why, cost. */
export function CorrectionList({ corrections }: { corrections: readonly Correction[] }) {
  const { t, i18n } = useTranslation('documents');
  if (corrections.length === 0) return null;
  return (
    <table className={cn(TABLE, 'mt-3')} data-testid="corrections">
      <caption className="mb-1 text-left font-semibold">{t('woCorrection.listTitle')}</caption>
      <thead>
        <tr>
          <th className={TH}>{t('woCorrection.date')}</th>
          <th className={TH}>{t('wo.item')}</th>
          <th className={cn(TH, NUM)}>{t('woCorrection.change')}</th>
          <th className={TH}>{t('woCorrection.reason')}</th>
          <th className={cn(TH, NUM)}>{t('woCorrection.value')}</th>
        </tr>
      </thead>
      <tbody>
        {corrections.map((c) => (
          <tr key={c.id}>
            <td className={TD}>{formatDate(c.document_date, i18n.language)}</td>
            <td className={TD}>
              {c.lines.map((l) => (
                <span key={l.line_no} className="block">
                  <span className="font-medium">{l.sku}</span>
                  {l.lot_number ? ` (${l.lot_number})` : ''}
                </span>
              ))}
            </td>
            <td className={cn(TD, NUM)}>
              {c.lines.map((l) => (
                <span key={l.line_no} className="block">
                  {formatNumber(l.quantity, i18n.language, {
                    maximumFractionDigits: 4,
                    signDisplay: 'exceptZero',
                  })}
                </span>
              ))}
            </td>
            <td className={TD}>
              {c.reason ? t(`woCorrection.reasons.${c.reason}`) : ''}
              {c.note ? ` · ${c.note}` : ''}
            </td>
            <td className={cn(TD, NUM)}>
              <Money value={c.value} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
