import { documentMailInputSchema, mailTemplate } from '@erp/domain/documents/mail';
import type { Permission } from '@erp/domain/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePermission } from '../team/use-permission.tsx';
import {
  type Doc,
  documentKeys,
  errorText,
  getMailDraft,
  isMailedKind,
  sendDocumentMail,
} from './documents-api.ts';
import { Field, TABLE, TD, TH } from './parts.tsx';

// Documents e-mailed from the app (issue 22, deliverable 5): the "Pošalji" dialog (to, cc, subject
// and message prefilled by the server in the document's language, the attached files listed) and
// the sent log on the document. The server sends through the company's SMTP server.

const PERMISSION: Record<string, Permission> = {
  quote: 'documents.write',
  delivery_note: 'delivery.write',
  invoice: 'invoices.write',
  credit_note: 'invoices.write',
};

const mailKey = (id: string) => [...documentKeys.all, 'mail', id] as const;

function useMailDraft(id: string, enabled = true) {
  return useQuery({
    queryKey: mailKey(id),
    queryFn: ({ signal }) => getMailDraft(id, signal),
    enabled,
  });
}

/** A refusal's text: the send errors are keys of this namespace, the rest the documents' usual ones. */
function mailErrorText(t: (key: string, opts?: Record<string, unknown>) => string, error: unknown): string {
  const key = error instanceof ApiError ? error.details?.[0]?.key : undefined;
  if (key?.startsWith('mail:')) return t(key);
  return errorText(t, error);
}

/**
 * "Pošalji" on a document that can be e-mailed. On a draft quote it also offers to mark the quote
 * sent without e-mail (`markSent`), as the button did before.
 */
export function SendMailAction({
  doc,
  disabled,
  markSent,
}: {
  doc: Doc;
  disabled?: boolean;
  markSent?: () => void;
}) {
  const { t } = useTranslation(['mail', 'documents', 'common']);
  const allowed = usePermission(PERMISSION[doc.kind] ?? 'documents.write');
  const [open, setOpen] = useState(false);
  const sendable = mailTemplate(doc.kind, doc.status) !== null;
  if (!allowed || !sendable || !isMailedKind(doc.kind)) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant={doc.status === 'draft' ? 'primary' : 'outline'}
        disabled={disabled}
        onClick={() => setOpen(true)}
        data-testid="mail-open"
      >
        {t('mail:send')}
      </Button>
      {open && <MailForm doc={doc} onDone={() => setOpen(false)} markSent={markSent} />}
    </Dialog>
  );
}

type MailValues = { to: string; cc: string; subject: string; message: string };
const MAIL_FIELDS: readonly (keyof MailValues)[] = ['to', 'cc', 'subject', 'message'];

function MailForm({ doc, onDone, markSent }: { doc: Doc; onDone: () => void; markSent?: () => void }) {
  const { t } = useTranslation(['mail', 'documents', 'common']);
  const toast = useToast();
  const qc = useQueryClient();
  const draft = useMailDraft(doc.id);
  // The send route's own schema checks the addresses and the subject before anything is sent.
  const form = useZodForm<typeof documentMailInputSchema, MailValues>(documentMailInputSchema, {
    defaultValues: { to: '', cc: '', subject: '', message: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const loaded = draft.data;
  useEffect(() => {
    if (loaded)
      form.reset({ to: loaded.to, cc: loaded.cc, subject: loaded.subject, message: loaded.message });
  }, [loaded, form]);
  const values = form.watch();
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (MAIL_FIELDS.includes(path as keyof MailValues) ? t(`mail:${path}`) : ''),
  });

  // The request takes the addresses as typed (a comma- or semicolon-separated text), so the
  // checked values are sent as they are, not the schema's parsed lists.
  const send = form.handleSubmit(async () => {
    const typed = form.getValues();
    setSending(true);
    setError(null);
    try {
      await sendDocumentMail(doc.kind, doc.id, typed);
      toast.toast({ title: t('mail:sentToast', { to: typed.to }), type: 'success' });
      onDone();
    } catch (e) {
      setError(mailErrorText(t, e));
    } finally {
      setSending(false);
      // The log (a failure is logged too) and the document's status are read again.
      await qc.invalidateQueries({ queryKey: documentKeys.all });
    }
  });

  return (
    <DialogContent
      title={t('mail:dialogTitle', { document: `${t(`documents:kinds.${doc.kind}`)} ${doc.number ?? ''}` })}
      description={t('mail:dialogHint')}
      footer={
        <div className="flex flex-wrap justify-end gap-2 p-4">
          {markSent && doc.status === 'draft' && (
            <Button
              variant="outline"
              disabled={sending}
              onClick={() => {
                markSent();
                onDone();
              }}
              data-testid="mail-mark-sent"
            >
              {t('mail:markSentOnly')}
            </Button>
          )}
          <Button variant="outline" onClick={onDone}>
            {t('mail:cancel')}
          </Button>
          <Button
            disabled={sending || !loaded?.configured || !values.to?.trim() || !values.subject?.trim()}
            onClick={() => void send()}
            data-testid="mail-send"
          >
            {sending ? t('mail:sending') : t('mail:sendNow')}
          </Button>
        </div>
      }
    >
      <div className="space-y-3 p-5">
        {loaded && !loaded.configured && (
          <p
            role="alert"
            className="rounded-md border border-border bg-surface p-2 text-sm"
            data-testid="mail-not-configured"
          >
            {t('mail:errors.notConfigured')}
          </p>
        )}
        <Field label={t('mail:to')} htmlFor="mail-to">
          <Input id="mail-to" type="text" inputMode="email" {...form.register('to')} />
        </Field>
        <Field label={t('mail:cc')} htmlFor="mail-cc">
          <Input id="mail-cc" type="text" inputMode="email" {...form.register('cc')} />
        </Field>
        <Field label={t('mail:subject')} htmlFor="mail-subject">
          <Input id="mail-subject" {...form.register('subject')} />
        </Field>
        <Field label={t('mail:message')} htmlFor="mail-message">
          <Textarea id="mail-message" rows={7} {...form.register('message')} />
        </Field>
        {loaded && loaded.attachments.length > 0 && (
          <p className="text-sm text-muted" data-testid="mail-attachments">
            {t('mail:attachments')}: {loaded.attachments.join(', ')}
          </p>
        )}
        <FormErrors messages={messages} />
        {error && (
          <p role="alert" className="text-sm text-danger" data-testid="mail-error">
            {error}
          </p>
        )}
      </div>
    </DialogContent>
  );
}

/** The sent log on a document: who sent it when, to whom, with what result. Hidden while empty. */
export function MailLog({ id }: { id: string }) {
  const { t } = useTranslation('mail');
  const draft = useMailDraft(id);
  const log = draft.data?.log ?? [];
  if (log.length === 0) return null;
  return (
    <section aria-labelledby="mail-log-title" className="space-y-2" data-testid="mail-log">
      <h2 id="mail-log-title" className="text-lg font-semibold">
        {t('logTitle')}
      </h2>
      <div className="overflow-x-auto">
        <table className={TABLE}>
          <thead>
            <tr>
              <th className={TH}>{t('when')}</th>
              <th className={TH}>{t('who')}</th>
              <th className={TH}>{t('to')}</th>
              <th className={TH}>{t('subject')}</th>
              <th className={TH}>{t('result')}</th>
              <th className={TH}>{t('messageId')}</th>
            </tr>
          </thead>
          <tbody>
            {log.map((entry) => (
              <tr key={entry.id}>
                <td className={TD}>{formatDateTime(entry.sent_at)}</td>
                <td className={TD}>{entry.sent_by_name ?? ''}</td>
                <td className={TD}>{[...entry.to_addresses, ...entry.cc_addresses].join(', ')}</td>
                <td className={TD}>{entry.subject}</td>
                <td className={entry.result === 'sent' ? TD : `${TD} text-danger`}>
                  {entry.result === 'sent'
                    ? t('results.sent')
                    : `${t('results.failed')}: ${t(entry.error_key ?? 'errors.failed')}`}
                </td>
                <td className={`${TD} break-all text-muted`}>{entry.message_id ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
