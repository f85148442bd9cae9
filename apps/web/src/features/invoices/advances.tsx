import type { AdvanceInput } from '@erp/domain';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { formatPercent } from '../../lib/format.ts';
import {
  type Detail,
  type Doc,
  docHref,
  errorText,
  issueAdvanceInvoice,
  useDocumentMutation,
} from '../documents/documents-api.ts';
import { DateText, Field, Money, NUM, TABLE, TD, TH } from '../documents/parts.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { type AdvanceValues, advanceFormSchema } from './advance-values.ts';

// Advance invoices (račun za predujam): the action on a quote or work order that issues one (an
// amount with VAT or a percentage of the order's total), the advances of an order, and the
// advances a final invoice deducted, per VAT rate, with what is left to pay.

const OPEN: Record<string, readonly string[]> = {
  quote: ['sent', 'accepted', 'converted'],
  work_order: ['draft', 'planned', 'in_progress', 'completed'],
};

/** The "Račun za predujam" button and its dialog, on a quote or work order that can take one. */
export function AdvanceAction({ doc }: { doc: Doc }) {
  const { t } = useTranslation(['advances', 'documents']);
  const navigate = useNavigate();
  const canBill = usePermission('invoices.write');
  const [open, setOpen] = useState(false);
  const form = useZodForm<typeof advanceFormSchema, AdvanceValues>(advanceFormSchema, {
    defaultValues: { mode: 'percent', value: '' },
  });
  const mode = form.watch('mode');
  const value = form.watch('value') ?? '';
  const [error, setError] = useState<string | null>(null);
  const label = t(mode === 'percent' ? 'advances:percentLabel' : 'advances:amountLabel');
  const messages = useFormMessages(form.formState.errors, { label: (path) => (path ? label : '') });
  const issue = useDocumentMutation((body: AdvanceInput) => issueAdvanceInvoice(doc.id, body));
  if (!canBill || !OPEN[doc.kind]?.includes(doc.status)) return null;
  const submit = form.handleSubmit((body) =>
    issue.mutate(body, {
      onSuccess: (d) => {
        setOpen(false);
        navigate(docHref(d.document.kind, d.document.id));
      },
      onError: (e) => setError(errorText(t, e)),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="advance-open">
        {t('advances:action')}
      </Button>
      <DialogContent
        title={t('advances:dialogTitle', { number: doc.number ?? '' })}
        description={t('advances:dialogHint', { total: doc.total })}
        footer={
          <div className="flex justify-end gap-2 p-4">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('advances:cancel')}
            </Button>
            <Button
              type="submit"
              form="advance-form"
              disabled={issue.isPending || !value.trim()}
              data-testid="advance-issue"
            >
              {t('advances:issue')}
            </Button>
          </div>
        }
      >
        <form id="advance-form" className="space-y-3 p-5" onSubmit={submit} noValidate>
          <fieldset className="flex gap-4 text-sm">
            <legend className="sr-only">{t('advances:mode')}</legend>
            {(['percent', 'amount'] as const).map((m) => (
              <label key={m} className="flex items-center gap-1.5">
                <input type="radio" value={m} {...form.register('mode')} />
                {t(`advances:${m}`)}
              </label>
            ))}
          </fieldset>
          <Field label={label} htmlFor="advance-value">
            <Input
              id="advance-value"
              inputMode="decimal"
              className="w-40 text-right"
              invalid={messages.length > 0}
              {...form.register('value')}
            />
          </Field>
          <FormErrors messages={messages} />
          {error && (
            <p role="alert" className="text-sm text-danger" data-testid="advance-error">
              {error}
            </p>
          )}
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The h1 word of an invoice: "Račun za predujam" for an advance invoice. */
export function InvoiceKindLabel({ doc }: { doc: Doc }) {
  const { t } = useTranslation(['advances', 'documents']);
  return <>{doc.advance_for_id ? t('advances:kind') : t(`documents:kinds.${doc.kind}`)}</>;
}

function stateOf(a: NonNullable<Detail['advances']>[number]) {
  if (a.deducted_by_id) return 'deducted';
  if (new Decimal(a.credited_total).gt(0)) return 'credited';
  return 'open';
}

/**
 * The advances of an order (quote or work order), of an advance invoice itself, those a final
 * invoice deducted or a draft will deduct when issued: per VAT rate base and VAT, the total, and
 * where each stands.
 */
export function AdvancesSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation('advances');
  const advances = detail.advances ?? [];
  const doc = detail.document;
  const final = doc.kind === 'invoice' && !doc.advance_for_id;
  if (advances.length === 0) return null;
  const deducted = advances.reduce((sum, a) => sum.plus(a.total), new Decimal(0));
  const payable = final ? new Decimal(doc.total).minus(deducted).toFixed(2) : null;
  const title = !final ? 'title' : doc.status === 'draft' ? 'toDeductTitle' : 'deductedTitle';
  return (
    <section
      aria-labelledby="advances-title"
      className="rounded-md border border-border p-3"
      data-testid="advances"
    >
      <h2 id="advances-title" className="mb-2 font-semibold">
        {t(title)}
      </h2>
      <table className={cn(TABLE, 'max-w-3xl')}>
        <thead>
          <tr>
            <th className={TH}>{t('number')}</th>
            <th className={TH}>{t('date')}</th>
            <th className={TH}>{t('rate')}</th>
            <th className={cn(TH, NUM)}>{t('base')}</th>
            <th className={cn(TH, NUM)}>{t('vat')}</th>
            <th className={cn(TH, NUM)}>{t('total')}</th>
            {!final && <th className={TH}>{t('state')}</th>}
          </tr>
        </thead>
        <tbody>
          {advances.flatMap((a) =>
            a.rates.map((r, i) => (
              <tr key={`${a.id}-${r.rate}`}>
                <td className={TD}>
                  {i === 0 && (
                    <Link className="font-medium text-primary hover:underline" to={docHref('invoice', a.id)}>
                      {a.number}
                    </Link>
                  )}
                </td>
                <td className={TD}>{i === 0 && <DateText value={a.doc_date} />}</td>
                <td className={TD}>{formatPercent(r.rate)}</td>
                <td className={cn(TD, NUM)}>
                  <Money value={final ? `-${r.base}` : r.base} />
                </td>
                <td className={cn(TD, NUM)}>
                  <Money value={final ? `-${r.vat}` : r.vat} />
                </td>
                <td className={cn(TD, NUM)}>
                  {i === 0 && <Money value={final ? `-${a.total}` : a.total} />}
                </td>
                {!final && (
                  <td className={TD}>
                    {i === 0 &&
                      (a.deducted_by_id ? (
                        <Link
                          className="text-primary hover:underline"
                          to={docHref('invoice', a.deducted_by_id)}
                        >
                          {t('states.deducted', { number: a.deducted_by_number ?? '' })}
                        </Link>
                      ) : (
                        t(`states.${stateOf(a)}`)
                      ))}
                  </td>
                )}
              </tr>
            )),
          )}
        </tbody>
      </table>
      {final && payable !== null && (
        <p className="mt-2 text-sm">
          {t('payable')}:{' '}
          <strong data-testid="advance-payable">
            <Money value={payable} />
          </strong>
        </p>
      )}
    </section>
  );
}
