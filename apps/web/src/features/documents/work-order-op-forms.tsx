import type { qualityCheckInputSchema, timeLogInputSchema } from '@erp/domain';
import { useTranslation } from 'react-i18next';
import type { output } from 'zod';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { SELECT } from './parts.tsx';
import { type CheckValues, checkSchema, type TimeValues, timeSchema } from './work-order-values.ts';

/** What one of these forms writes: minutes on an operation or its quality check. */
export type OperationWrite =
  | { type: 'time'; opId: string; body: TimeBody }
  | { type: 'check'; opId: string; body: CheckBody };
type TimeBody = output<typeof timeLogInputSchema>;
type CheckBody = output<typeof qualityCheckInputSchema>;
type Send = (write: OperationWrite, onSuccess: () => void) => void;
/** Both forms sit in an operation's row: its id and code, whether a write is running, how to send. */
type OperationFormProps = { opId: string; code: string; busy: boolean; send: Send };

/** Minutes logged on one operation of a work order (logOperationTime). */
export function OperationTimeForm({ opId, code, busy, send }: OperationFormProps) {
  const { t } = useTranslation('documents');
  const form = useZodForm<typeof timeSchema, TimeValues>(timeSchema, { defaultValues: { minutes: '' } });
  const messages = useFormMessages(form.formState.errors, { label: () => t('wo.minutesOf', { op: code }) });
  const submit = form.handleSubmit((body) =>
    send({ type: 'time', opId, body }, () => form.reset({ minutes: '' })),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <Input
        className="h-8 w-16 text-right"
        inputMode="decimal"
        aria-label={t('wo.minutesOf', { op: code })}
        placeholder={t('wo.min')}
        invalid={Boolean(form.formState.errors.minutes)}
        {...form.register('minutes')}
      />
      <Button type="submit" size="sm" variant="outline" disabled={!form.watch('minutes') || busy}>
        {t('wo.logTime')}
      </Button>
      <FormErrors messages={messages} className="w-full" />
    </form>
  );
}

/** The quality check of one operation: pass, fail or a note (recordQualityCheck). */
export function OperationCheckForm({ opId, code, busy, send }: OperationFormProps) {
  const { t } = useTranslation('documents');
  const form = useZodForm<typeof checkSchema, CheckValues>(checkSchema, {
    defaultValues: { result: 'pass', note: '' },
  });
  const messages = useFormMessages(form.formState.errors, {
    label: (field) => (field === 'note' ? t('wo.checkNoteOf', { op: code }) : t('wo.checkOf', { op: code })),
  });
  // The fields keep what was recorded (the last check stays on screen to be changed and saved again).
  const submit = form.handleSubmit((body) =>
    send({ type: 'check', opId, body }, () => form.reset(form.getValues())),
  );
  return (
    <form onSubmit={submit} noValidate className="contents">
      <select
        className={cn(SELECT, 'h-8')}
        aria-label={t('wo.checkOf', { op: code })}
        {...form.register('result')}
      >
        {(['pass', 'fail', 'note'] as const).map((r) => (
          <option key={r} value={r}>
            {t(`wo.check.${r}`)}
          </option>
        ))}
      </select>
      <Input
        className="h-8 w-40"
        aria-label={t('wo.checkNoteOf', { op: code })}
        placeholder={t('wo.checkNote')}
        invalid={Boolean(form.formState.errors.note)}
        {...form.register('note')}
      />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        {t('wo.saveCheck')}
      </Button>
      <FormErrors messages={messages} className="w-full" />
    </form>
  );
}
