import { businessDay } from '@erp/domain';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { cn } from '../../lib/cn.ts';
import { PartnerOptions } from '../clients/partner-ui.tsx';
import { DocumentList } from '../documents/document-list.tsx';
import {
  createInvoice,
  type Detail,
  errorText,
  recordRefund,
  updateInvoice,
  useDocumentClient,
  useDocumentMutation,
} from '../documents/documents-api.ts';
import { type EditLine, LineEditor, lineFromApi, lineToApi } from '../documents/line-editor.tsx';
import { MailLog, SendMailAction } from '../documents/mail-dialog.tsx';
import {
  DateText,
  DocumentTabs,
  Fact,
  Field,
  FormError,
  LinksAndHistory,
  LoadedDocument,
  Money,
  NewDocumentActions,
  NUM,
  PdfLink,
  SELECT,
  StatusBadge,
  TABLE,
  TD,
  TH,
} from '../documents/parts.tsx';
import { useDocumentStatusChange } from '../documents/status-actions.ts';
import { FiscalExchangePanel } from '../fiscal-exchange/fiscal-exchange-panel.tsx';
import { FiscalSection } from '../fiscalisation/fiscal-cards.tsx';
import { usePermission } from '../team/use-permission.tsx';
import { AdvancesSection, InvoiceKindLabel } from './advances.tsx';
import { CreditNoteAction } from './credit-dialog.tsx';
import { useBillable } from './billable.ts';
import {
  EMPTY_INVOICE_HEADER,
  type InvoiceHeaderBody,
  type InvoiceHeaderValues,
  invoiceHeaderSchema,
  type PaymentValues,
  paymentSchema,
} from './invoice-form.ts';
import { DomesticReverseCharge } from './reverse-charge.tsx';

export function InvoicesListPage() {
  const { t } = useTranslation('documents');
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">{t('kindsPlural.invoice')}</h1>
      <DocumentTabs />
      <DocumentList kind="invoice" newHref="/documents/invoices/new" />
    </div>
  );
}

/** New invoice: a client's issued delivery notes (their lines) and/or lines typed in. */
export function InvoiceNewPage() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm<typeof invoiceHeaderSchema, InvoiceHeaderValues>(invoiceHeaderSchema, {
    defaultValues: { ...EMPTY_INVOICE_HEADER, client_id: params.get('client_id') ?? '' },
  });
  const clientId = form.watch('client_id');
  const [picked, setPicked] = useState<Set<string>>(
    new Set((params.get('delivery_note_ids') ?? '').split(',').filter(Boolean)),
  );
  const [pickedOrders, setPickedOrders] = useState<Set<string>>(
    new Set((params.get('work_order_ids') ?? '').split(',').filter(Boolean)),
  );
  const [lines, setLines] = useState<EditLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (path === 'client_id' ? t('invoice.buyer') : ''),
    server: [error],
  });
  // Only notes and orders with something left to bill are offered, with the net of what is left.
  const billable = useBillable(clientId);
  const notes = billable.data?.delivery_notes ?? [];
  const orders = billable.data?.work_orders ?? [];
  const save = useDocumentMutation((header: InvoiceHeaderBody) =>
    createInvoice({
      ...header,
      delivery_note_ids: [...picked],
      work_order_ids: [...pickedOrders],
      lines: lines.filter((l) => l.item_id || l.description.trim()).map(lineToApi),
    }),
  );
  const onSave = form.handleSubmit((header) =>
    save.mutate(header, {
      onSuccess: (d) => navigate(`/documents/invoices/${d.document.id}`, afterSave({ replace: true })),
      onError: (e) => setError(errorText(t, e)),
    }),
  );
  // The pickers list active clients; a client deactivated since its delivery note ("Izradi račun")
  // is still the buyer, so it is read on its own and offered, marked inactive.
  const { listed, unlisted, discount } = useDocumentClient(clientId);

  return (
    <div className="space-y-4">
      <DocumentTabs />
      <h1 className="text-2xl font-semibold">{t('new.invoice')}</h1>
      <FormErrors messages={messages} />
      <div className="grid gap-3 md:grid-cols-4">
        <Field label={t('invoice.buyer')} htmlFor="inv-client">
          <select id="inv-client" className={SELECT} {...form.register('client_id')} value={clientId}>
            <option value="">—</option>
            <PartnerOptions listed={listed} unlisted={unlisted} />
          </select>
        </Field>
        <Field label={t('form.date')} htmlFor="inv-date">
          <Input id="inv-date" type="date" {...form.register('doc_date')} />
        </Field>
        <Field label={t('invoice.deliveryDate')} htmlFor="inv-delivery">
          <Input id="inv-delivery" type="date" {...form.register('delivery_date')} />
        </Field>
        <Field label={t('invoice.dueDate')} htmlFor="inv-due">
          <Input
            id="inv-due"
            type="date"
            placeholder={t('invoice.dueFromTerms')}
            {...form.register('due_date')}
          />
        </Field>
      </div>
      {clientId && (
        <BillablePicker
          legend={t('invoice.fromDeliveryNotes')}
          empty={t('invoice.noDeliveryNotes')}
          rows={notes}
          picked={picked}
          onChange={setPicked}
        />
      )}
      {clientId && (
        <BillablePicker
          legend={t('invoice.fromWorkOrders')}
          empty={t('invoice.noWorkOrders')}
          testId="invoice-work-orders"
          rows={orders}
          picked={pickedOrders}
          onChange={setPickedOrders}
        />
      )}
      <h2 className="font-semibold">{t('invoice.extraLines')}</h2>
      <UnsavedChangesGuard when={(lines.length > 0 || form.formState.isDirty) && !save.isSuccess} />
      <LineEditor lines={lines} onChange={setLines} defaultDiscount={discount} />
      <Field label={t('form.note')} htmlFor="inv-note">
        <Textarea id="inv-note" {...form.register('note')} />
      </Field>
      <NewDocumentActions
        pending={save.isPending}
        disabled={!clientId}
        onSave={onSave}
        listHref="/documents/invoices"
      />
    </div>
  );
}

export function InvoiceDetailPage() {
  return <LoadedDocument render={(detail) => <InvoiceView detail={detail} />} />;
}

function InvoiceView({ detail }: { detail: Detail }) {
  const { t } = useTranslation('documents');
  const doc = detail.document;
  const draft = doc.status === 'draft';
  const canWrite = usePermission('invoices.write');
  const { t: tg } = useTranslation('ux-grid');
  const [lines, setLines] = useState<EditLine[]>(() => detail.lines.map(lineFromApi));
  const [dirty, setDirty] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const record = `${t(`kinds.${doc.kind}`)} ${doc.number ?? t('detail.draftNumber')}`;
  const [error, setError] = useState<string | null>(null);
  const saveRef = useSaveShortcut();
  const onError = (e: unknown) => setError(errorText(t, e));
  const call = useDocumentMutation((run: () => Promise<Detail>) => run());
  const base = `/api/invoices/${doc.id}`;
  const run = (request: () => Promise<Detail>, then?: (d: Detail) => void) =>
    call.mutate(request, {
      onSuccess: (d) => {
        setError(null);
        then?.(d);
      },
      onError,
    });
  const isCredit = doc.kind === 'credit_note';
  // The client's discount applies to lines without one: the editor's totals price them as the server
  // does, a client deactivated since included.
  const clientDiscount = useDocumentClient(doc.client_id).discount;
  // Issuing and payments answer at once (status and payment badge); a refusal puts them back.
  const status = useDocumentStatusChange(doc.id, doc.kind);
  // Credit notes took back more than was left to pay: the client is owed the difference.
  const refundOwed = refundOwedOf(doc.outstanding);

  return (
    <div className="space-y-4">
      <DocumentTabs />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="document-title">
          <InvoiceKindLabel doc={doc} /> {doc.number ?? t('detail.draftNumber')}
        </h1>
        <StatusBadge status={doc.status} kind={doc.kind} />
        {doc.payment_status && <StatusBadge status={doc.payment_status} scope="payment" />}
        <SaveState status={saveStatus({ saving: call.isPending && draft, dirty, locked: !draft })} />
        <UnsavedChangesGuard when={draft && dirty} />
        {confirmElement}
        <div className="ml-auto flex flex-wrap gap-2">
          {canWrite && draft && (
            <Button
              disabled={call.isPending || status.pending || dirty}
              onClick={async () => {
                const ok = await confirm({
                  title: tg('confirm.title', { action: t('actions.issue'), record }),
                  text: tg('confirm.irreversible'),
                  confirm: t('actions.issue'),
                });
                if (ok) status.run({ type: 'action', action: 'issue' }, { onSuccess: () => setError(null) });
              }}
            >
              {t('actions.issue')}
            </Button>
          )}
          {canWrite && !draft && !isCredit && <CreditNoteAction detail={detail} disabled={call.isPending} />}
          <SendMailAction doc={doc} disabled={call.isPending || status.pending} />
          {!draft && (
            <a className={buttonClasses('outline', 'md')} href={`${base}/ubl`} data-testid="ubl">
              {t('invoice.ubl')}
            </a>
          )}
          <PdfLink id={doc.id} />
        </div>
      </div>
      <FormError error={error} />
      <dl className="grid gap-2 text-sm md:grid-cols-4">
        <Fact label={t('invoice.buyer')}>{doc.client_name}</Fact>
        <Fact label={t('form.date')}>
          <DateText value={doc.doc_date} />
        </Fact>
        <Fact label={t('invoice.dueDate')}>
          <DateText value={doc.due_date} />
        </Fact>
        <Fact label={t('invoice.reference')} testId="payment-reference">
          {doc.payment_reference ? `${doc.reference_model} ${doc.payment_reference}` : '—'}
        </Fact>
      </dl>
      <DomesticReverseCharge
        detail={detail}
        canWrite={canWrite}
        dirty={dirty}
        onLines={(next) => setLines(next.map(lineFromApi))}
      />
      <LineEditor
        lines={lines}
        onChange={(next) => {
          setLines(next);
          setDirty(true);
        }}
        readOnly={!canWrite || !draft}
        defaultDiscount={clientDiscount}
      />
      {canWrite && draft && (
        <Button
          ref={saveRef}
          data-testid="save"
          variant="outline"
          disabled={call.isPending}
          onClick={() =>
            run(
              () =>
                updateInvoice(doc.id, {
                  client_id: doc.client_id ?? '',
                  due_date: doc.due_date,
                  delivery_date: doc.delivery_date,
                  note: doc.note,
                  lines: lines.filter((l) => l.item_id || l.description.trim()).map(lineToApi),
                }),
              () => setDirty(false),
            )
          }
        >
          {t('form.save')}
        </Button>
      )}
      <AdvancesSection detail={detail} />
      {!draft && <FiscalExchangePanel documentId={doc.id} />}
      {!draft && <FiscalSection documentId={doc.id} />}
      {doc.kind === 'invoice' && doc.status === 'issued' && (
        <section aria-labelledby="inv-payments" className="rounded-md border border-border p-3">
          <h2 id="inv-payments" className="mb-2 font-semibold">
            {t('invoice.payments')}
          </h2>
          {refundOwed ? (
            <p className="mb-2 text-sm">
              {t('invoice.refundOwed')}:{' '}
              <strong data-testid="refund-owed">
                <Money value={refundOwed} />
              </strong>
            </p>
          ) : (
            <p className="mb-2 text-sm">
              {t('invoice.outstanding')}:{' '}
              <strong data-testid="outstanding">
                <Money value={doc.outstanding} />
              </strong>
            </p>
          )}
          {(detail.payments ?? []).length > 0 && (
            <table className={cn(TABLE, 'mb-2 max-w-md')}>
              <thead>
                <tr>
                  <th className={TH}>{t('invoice.paidOn')}</th>
                  <th className={cn(TH, NUM)}>{t('invoice.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.payments?.map((p) => (
                  <tr key={p.id}>
                    <td className={TD}>
                      <DateText value={p.paid_on} />
                    </td>
                    <td className={cn(TD, NUM)}>
                      <Money value={p.amount} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {canWrite && Number(doc.outstanding ?? '0') > 0 && (
            <PaymentEntry busy={call.isPending || status.pending} onPay={status.run} />
          )}
          {canWrite && refundOwed && (
            <RefundEntry
              busy={call.isPending || status.pending}
              onRefund={(body) => run(() => recordRefund(doc.id, body))}
            />
          )}
        </section>
      )}
      <MailLog id={doc.id} />
      <LinksAndHistory id={doc.id} kind={doc.kind} links={detail.links} />
    </div>
  );
}

/** A client's documents with something left to bill (delivery notes or work orders), each one ticked in or out. */
function BillablePicker({
  legend,
  empty,
  testId,
  rows,
  picked,
  onChange,
}: {
  legend: string;
  empty: string;
  testId?: string;
  rows: readonly { id: string; number: string | null; doc_date: string; net_left: string }[];
  picked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const { t } = useTranslation('documents');
  const toggle = (id: string) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <fieldset className="rounded-md border border-border p-3" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="space-y-1">
          {rows.map((r) => (
            <li key={r.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={picked.has(r.id)} onChange={() => toggle(r.id)} />
                {r.number} · <DateText value={r.doc_date} /> · {t('invoice.leftToBill')}{' '}
                <Money value={r.net_left} />
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

type RunStatus = ReturnType<typeof useDocumentStatusChange>['run'];

/** What an issued invoice owes back to the client (its outstanding below zero), else null. */
function refundOwedOf(outstanding: string | null | undefined): string | null {
  if (!outstanding || !new Decimal(outstanding).isNegative()) return null;
  return new Decimal(outstanding).neg().toFixed(2);
}

/**
 * A date and an amount, checked with the payment route's schema: a payment received or a refund
 * paid back. `onEntry` gets the values and the form (a payment clears its amount at once).
 */
function DatedAmountEntry({
  idPrefix,
  dateLabel,
  amountLabel,
  actionLabel,
  busy,
  testId,
  onEntry,
}: {
  idPrefix: string;
  dateLabel: string;
  amountLabel: string;
  actionLabel: string;
  busy: boolean;
  testId?: string;
  onEntry: (body: PaymentValues, form: ReturnType<typeof usePaymentForm>) => void;
}) {
  const form = usePaymentForm();
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (path === 'paid_on' ? dateLabel : amountLabel),
  });
  const typed = form.watch('amount');
  return (
    <div className="space-y-2">
      <FormErrors messages={messages} />
      <div className="flex flex-wrap items-end gap-2">
        <Field label={dateLabel} htmlFor={`${idPrefix}-date`}>
          <Input id={`${idPrefix}-date`} type="date" {...form.register('paid_on')} />
        </Field>
        <Field label={amountLabel} htmlFor={`${idPrefix}-amount`}>
          <Input
            id={`${idPrefix}-amount`}
            inputMode="decimal"
            className="w-32 text-right"
            {...form.register('amount')}
          />
        </Field>
        <Button
          disabled={busy || !typed}
          onClick={form.handleSubmit((body) => onEntry(body, form))}
          data-testid={testId}
        >
          {actionLabel}
        </Button>
      </div>
    </div>
  );
}

function usePaymentForm() {
  return useZodForm<typeof paymentSchema, PaymentValues>(paymentSchema, {
    defaultValues: { paid_on: businessDay(), amount: '' },
  });
}

/** A refund paid back to the client; the server caps it at what is owed back. */
function RefundEntry({
  busy,
  onRefund,
}: {
  busy: boolean;
  onRefund: (body: Parameters<typeof recordRefund>[1]) => void;
}) {
  const { t } = useTranslation('documents');
  return (
    <DatedAmountEntry
      idPrefix="refund"
      dateLabel={t('invoice.refundedOn')}
      amountLabel={t('invoice.refundAmount')}
      actionLabel={t('invoice.addRefund')}
      busy={busy}
      testId="refund-add"
      onEntry={(body) => onRefund(body)}
    />
  );
}

/** A payment received. It is listed at once; a refused one comes back into the field. */
function PaymentEntry({ busy, onPay }: { busy: boolean; onPay: RunStatus }) {
  const { t } = useTranslation('documents');
  return (
    <DatedAmountEntry
      idPrefix="pay"
      dateLabel={t('invoice.paidOn')}
      amountLabel={t('invoice.amount')}
      actionLabel={t('invoice.addPayment')}
      busy={busy}
      onEntry={(body, form) => {
        const typed = form.getValues('amount'); // as typed, not as the schema read it
        onPay({ type: 'payment', ...body }, { onError: () => form.setValue('amount', typed) });
        form.setValue('amount', '');
      }}
    />
  );
}
