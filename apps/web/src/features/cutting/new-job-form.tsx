import { angleText, jobSettingsFromDefaults } from '@erp/domain';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { errorsOf, issueText, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { type StockRow, useCreateJob, useCuttingDefaults, useStock } from './cutting-api.ts';
import {
  ANGLE_CHOICES,
  anglesOf,
  EMPTY_JOB,
  type NewJobValues,
  newJobSchema,
  newPiece,
} from './new-job-values.ts';
import { type StockChoice, StockChoiceFields, saveErrorText } from './stock-picker.tsx';

const selectClasses = 'h-10 w-full rounded-md border border-border bg-surface px-2';

/** A new ad-hoc cutting list: its settings, the pieces typed in and the stock to cut them from. */
export function NewJob() {
  const { t } = useTranslation('cutting');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const create = useCreateJob();
  // The stock rows offered follow the kind; the schema reads the current ones when it builds the body.
  const rowsRef = useRef<readonly StockRow[]>([]);
  const [schema] = useState(() => newJobSchema(() => rowsRef.current));
  const form = useZodForm<typeof schema, NewJobValues>(schema, { defaultValues: EMPTY_JOB });
  const values = form.watch();
  const { kind } = values;
  const stock = useStock(kind);
  rowsRef.current = stock.data ?? [];
  const pieces = useFieldArray({ control: form.control, name: 'pieces' });
  // The list starts from the company's cutting defaults for its kind (settings page); choosing the
  // other kind starts from that kind's defaults. A typed bar size starts at the standard bar length.
  const defaults = useCuttingDefaults();
  useEffect(() => {
    if (!defaults.data) return;
    const d = jobSettingsFromDefaults(defaults.data, kind);
    form.setValue('kerf', String(d.kerf));
    form.setValue('trim', String(d.trim.left));
    form.setValue('trimTail', String(d.trim.right));
    form.setValue('minLen', String(d.min_remnant_length));
    form.setValue('minWid', String(d.min_remnant_width));
    form.setValue('weld', String(d.weld_allowance));
    form.setValue('manual.a', kind === '1d' ? String(defaults.data.bar_length_1d) : '');
  }, [defaults.data, kind, form]);
  const messages = [
    // A refused field is named by its path, as the server's refusal names it.
    ...errorsOf(form.formState.errors).map((i) => `${i.path}: ${issueText(tc, i)}`),
    ...(create.error ? [saveErrorText(t, create.error)] : []),
  ];

  const changeStock = (next: StockChoice) => {
    form.setValue('picked', [...next.picked], { shouldDirty: true });
    form.setValue('manual', next.manual, { shouldDirty: true });
  };
  const submit = form.handleSubmit((body) =>
    create.mutate(body, { onSuccess: (job) => navigate(`/cutting/${job.id}`, afterSave()) }),
  );

  const dimA = kind === '1d' ? t('form.length') : t('form.width');
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <UnsavedChangesGuard when={form.formState.isDirty && !create.isSuccess} />
      <h1 className="text-2xl font-semibold">{t('form.title')}</h1>
      <Card>
        <CardContent className="grid gap-3 pt-6 sm:grid-cols-3">
          <div>
            <Label htmlFor="cut-name">{t('form.name')}</Label>
            <Input id="cut-name" {...form.register('name')} />
          </div>
          <div>
            <Label htmlFor="cut-kind">{t('form.kind')}</Label>
            <select
              id="cut-kind"
              className={selectClasses}
              {...form.register('kind', { onChange: () => form.setValue('picked', []) })}
            >
              <option value="2d">{t('kind.2d')}</option>
              <option value="1d">{t('kind.1d')}</option>
            </select>
          </div>
          <div>
            <Label htmlFor="cut-kerf">{t('form.kerf')}</Label>
            <Input id="cut-kerf" inputMode="numeric" {...form.register('kerf')} />
          </div>
          <div>
            <Label htmlFor="cut-trim">{kind === '1d' ? t('form.trimHead') : t('form.trim')}</Label>
            <Input id="cut-trim" inputMode="numeric" {...form.register('trim')} />
          </div>
          {kind === '1d' ? (
            <div>
              <Label htmlFor="cut-trim-tail">{t('form.trimTail')}</Label>
              <Input id="cut-trim-tail" inputMode="numeric" {...form.register('trimTail')} />
            </div>
          ) : null}
          <div>
            <Label htmlFor="cut-min-len">{t('form.minRemnantLength')}</Label>
            <Input id="cut-min-len" inputMode="numeric" {...form.register('minLen')} />
          </div>
          {kind === '2d' ? (
            <div>
              <Label htmlFor="cut-min-wid">{t('form.minRemnantWidth')}</Label>
              <Input id="cut-min-wid" inputMode="numeric" {...form.register('minWid')} />
            </div>
          ) : (
            <div>
              <Label htmlFor="cut-weld">{t('form.weldAllowance')}</Label>
              <Input id="cut-weld" inputMode="numeric" {...form.register('weld')} />
            </div>
          )}
          <div>
            <Label htmlFor="cut-seconds">{t('form.seconds')}</Label>
            <Input id="cut-seconds" inputMode="decimal" {...form.register('seconds')} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('form.pieces')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          {pieces.fields.map((row, i) => (
            <div key={row.id} className="grid grid-cols-2 gap-2 sm:grid-cols-7" data-testid="piece-row">
              <Input
                aria-label={t('form.ref')}
                placeholder={t('form.ref')}
                {...form.register(`pieces.${i}.ref`)}
              />
              <Input
                aria-label={t('form.label')}
                placeholder={t('form.label')}
                {...form.register(`pieces.${i}.label`)}
              />
              <Input
                aria-label={t('form.order')}
                placeholder={t('form.order')}
                {...form.register(`pieces.${i}.order_ref`)}
              />
              <Input
                aria-label={dimA}
                placeholder={dimA}
                inputMode="numeric"
                {...form.register(`pieces.${i}.a`)}
              />
              {kind === '2d' ? (
                <Input
                  aria-label={t('form.height')}
                  placeholder={t('form.height')}
                  inputMode="numeric"
                  {...form.register(`pieces.${i}.b`)}
                />
              ) : (
                <span />
              )}
              <Input
                aria-label={t('form.quantity')}
                placeholder={t('form.quantity')}
                inputMode="numeric"
                {...form.register(`pieces.${i}.quantity`)}
              />
              {kind === '2d' ? (
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" {...form.register(`pieces.${i}.rotate`)} />
                  {t('form.rotate')}
                </label>
              ) : (
                <select
                  aria-label={t('form.angles')}
                  className={selectClasses}
                  {...form.register(`pieces.${i}.angles`)}
                >
                  {ANGLE_CHOICES.map((a) => (
                    <option key={a} value={a}>
                      {angleText(anglesOf(a))}
                    </option>
                  ))}
                </select>
              )}
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => pieces.append(newPiece(pieces.fields.length + 1))}
          >
            {t('form.addPiece')}
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('form.stock')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <StockChoiceFields
            kind={kind}
            rows={stock.data}
            value={{ picked: new Set(values.picked), manual: values.manual }}
            onChange={changeStock}
          />
        </CardContent>
      </Card>
      {messages.map((m) => (
        <p key={m} role="alert" className="text-sm text-danger">
          {m}
        </p>
      ))}
      <Button type="submit" disabled={create.isPending}>
        {t('form.save')}
      </Button>
    </form>
  );
}
