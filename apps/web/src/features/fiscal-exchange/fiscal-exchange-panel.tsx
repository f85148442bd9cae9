import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { formatCurrency, formatDate } from '../../lib/format.ts';
import { errorText, useDocument } from '../documents/documents-api.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type FiscalMessage,
  fiscalKeys,
  useDocumentFiscal,
  useDocumentFiscalAction,
  useFiscalSettings,
  usePurchaseInvoiceFiscal,
  useRetryMessage,
} from './fiscal-exchange-api.ts';
import { STATE_CLASS } from './fiscal-todo-list.tsx';

// What Fiskalizacija 2.0 knows of an issued invoice (its messages to the fiscalisation system and
// its delivery through the intermediary). The dashboard's to-do is in fiscal-todo-list.tsx.

function MessageLine({ m, queryKey }: { m: FiscalMessage; queryKey: readonly string[] }) {
  const { t, i18n } = useTranslation('fiscal-exchange');
  const canWrite = usePermission('invoices.write');
  const retry = useRetryMessage(queryKey);
  return (
    <li
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1"
      data-testid={`fiscal-message-${m.kind}`}
    >
      <span className="font-medium">{t(`kinds.${m.kind}`)}</span>
      {m.amount && m.kind === 'payment' && <span>{formatCurrency(m.amount, 'EUR', i18n.language)}</span>}
      <span className={STATE_CLASS[m.state] ?? 'text-muted'} data-testid="fiscal-message-state">
        {t(`states.${m.state}`)}
      </span>
      <span className="text-muted">
        {m.state === 'accepted' && m.accepted_at
          ? t('acceptedOn', { date: formatDate(m.accepted_at, i18n.language) })
          : t('dueOn', { date: formatDate(m.due_on, i18n.language) })}
      </span>
      {m.error_text && m.state !== 'accepted' && <span className="text-sm text-danger">{m.error_text}</span>}
      {canWrite && m.state === 'failed' && (
        <Button size="sm" variant="outline" loading={retry.isPending} onClick={() => retry.mutate(m.id)}>
          {t('retry')}
        </Button>
      )}
    </li>
  );
}

/** The invoice page's section (issued invoices and credit notes). */
export function FiscalExchangePanel({ documentId }: { documentId: string }) {
  const { t, i18n } = useTranslation('fiscal-exchange');
  const canWrite = usePermission('invoices.write');
  // The document's own detail (already loaded by its page): a recorded payment changes it.
  const doc = useDocument(documentId).data?.document;
  const state = useDocumentFiscal(documentId, `${doc?.outstanding ?? ''}`);
  const settings = useFiscalSettings();
  const action = useDocumentFiscalAction(documentId);
  const [error, setError] = useState<string | null>(null);
  const data = state.data;
  if (!data || !settings.data) return null;
  const fiscalised = data.messages.some((m) => m.kind === 'eracun_issued' || m.kind === 'no_eracun');
  const intermediary = settings.data.intermediary_kind !== 'none';
  if (!settings.data.enabled && !intermediary && data.messages.length === 0 && !data.delivery) return null;
  const run = (name: 'send-einvoice' | 'report-without-eracun') =>
    action.mutate(name, { onSuccess: () => setError(null), onError: (e) => setError(errorText(t, e)) });
  return (
    <section
      aria-labelledby="fiscal-exchange"
      className="rounded-md border border-border p-3"
      data-testid="fiscal-exchange"
    >
      <h2 id="fiscal-exchange" className="mb-2 font-semibold">
        {t('panel.title')}
      </h2>
      {data.messages.length === 0 ? (
        <p className="text-sm text-muted">{t('panel.none')}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {data.messages.map((m) => (
            <MessageLine key={m.id} m={m} queryKey={fiscalKeys.document(documentId)} />
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <span className="font-medium">{t('panel.delivery')}:</span>
        <span
          data-testid="delivery-state"
          className={data.delivery ? (STATE_CLASS[data.delivery.state] ?? '') : 'text-muted'}
        >
          {data.delivery ? t(`delivery.${data.delivery.state}`) : t('delivery.none')}
        </span>
        {data.delivery?.delivered_at && (
          <span className="text-muted">{formatDate(data.delivery.delivered_at, i18n.language)}</span>
        )}
        {data.delivery?.error_text && <span className="text-danger">{data.delivery.error_text}</span>}
        {canWrite && intermediary && (!data.delivery || data.delivery.state === 'failed') && (
          <Button
            size="sm"
            data-testid="send-einvoice"
            loading={action.isPending}
            onClick={() => run('send-einvoice')}
          >
            {t('panel.send')}
          </Button>
        )}
        {canWrite && settings.data.enabled && !fiscalised && (
          <Button
            size="sm"
            variant="outline"
            loading={action.isPending}
            onClick={() => run('report-without-eracun')}
          >
            {t('panel.reportWithout')}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </section>
  );
}

/** A received eRačun's page: its fiscalisation (as recipient) and rejection report. */
export function PurchaseInvoiceFiscalPanel({ purchaseInvoiceId }: { purchaseInvoiceId: string }) {
  const { t } = useTranslation('fiscal-exchange');
  const messages = usePurchaseInvoiceFiscal(purchaseInvoiceId);
  if (!messages.data || messages.data.length === 0) return null;
  return (
    <section
      aria-labelledby="purchase-fiscal"
      className="rounded-md border border-border p-3"
      data-testid="fiscal-exchange"
    >
      <h2 id="purchase-fiscal" className="mb-2 font-semibold">
        {t('panel.title')}
      </h2>
      <ul className="divide-y divide-border text-sm">
        {messages.data.map((m) => (
          <MessageLine key={m.id} m={m} queryKey={fiscalKeys.purchase(purchaseInvoiceId)} />
        ))}
      </ul>
    </section>
  );
}
