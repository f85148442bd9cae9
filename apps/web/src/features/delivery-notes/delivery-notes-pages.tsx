import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { IRREVERSIBLE_ACTIONS } from '../../components/editing/irreversible.ts';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { PartnerOptions } from '../clients/partner-ui.tsx';
import { DocumentList } from '../documents/document-list.tsx';
import {
  createDeliveryNote,
  type Detail,
  errorText,
  updateDeliveryNote,
  useDocument,
  useDocumentClient,
  useDocumentMutation,
  useDocuments,
  useLocations,
  useWorkOrderProgress,
} from '../documents/documents-api.ts';
import { type EditLine, LineEditor, lineFromApi, lineToApi, newLine } from '../documents/line-editor.tsx';
import { MailLog, SendMailAction } from '../documents/mail-dialog.tsx';
import {
  DateText,
  Fact,
  Field,
  FormError,
  LinksAndHistory,
  LoadedDocument,
  NewDocumentActions,
  PdfLink,
  SELECT,
  StatusBadge,
} from '../documents/parts.tsx';
import { useDocumentStatusChange } from '../documents/status-actions.ts';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import { deliveryLinesToApi, type Quantities, WorkOrderDeliveryLines } from './delivery-lines.tsx';
import {
  chosenParties,
  type DeliveryNoteHeaderBody,
  type DeliveryNoteHeaderValues,
  deliveryNoteHeaderSchema,
  EMPTY_DELIVERY_NOTE_HEADER,
} from './delivery-note-header.ts';
import { InvoiceSelectedNotes } from './invoice-selected.tsx';

/** Everything under /delivery-notes: list, new (seed routes) and one note. */
export function DeliveryNotesRoutes() {
  return (
    <Routes>
      <Route index element={<DeliveryNotesPage />} />
      <Route
        path="new"
        element={
          <IfAllowed permission="delivery.write">
            <DeliveryNoteNewPage />
          </IfAllowed>
        }
      />
      <Route path=":id" element={<DeliveryNoteDetailPage />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

export function DeliveryNotesPage() {
  const { t } = useTranslation('documents');
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">{t('kindsPlural.delivery_note')}</h1>
      <DocumentList
        kind="delivery_note"
        newHref="/delivery-notes/new"
        bulkActions={(selected) => <InvoiceSelectedNotes selected={selected} />}
      />
    </div>
  );
}

/**
 * New delivery note: from a completed work order (each of its lines, services included, with the
 * quantity to deliver now: partial notes until everything is delivered) or with lines typed in.
 */
export function DeliveryNoteNewPage() {
  const { t, i18n } = useTranslation('documents');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm<typeof deliveryNoteHeaderSchema, DeliveryNoteHeaderValues>(
    deliveryNoteHeaderSchema,
    {
      defaultValues: { ...EMPTY_DELIVERY_NOTE_HEADER, work_order_id: params.get('work_order_id') ?? '' },
    },
  );
  const header = form.watch();
  const workOrderId = header.work_order_id;
  const workOrder = useDocument(workOrderId || undefined);
  const progress = useWorkOrderProgress(workOrderId || undefined);
  const [typed, setTyped] = useState<Quantities>({});
  const fromOrder =
    workOrderId && progress.data ? deliveryLinesToApi(progress.data.lines, typed, i18n.language) : null;
  const completed = useDocuments(
    'work_order',
    new URLSearchParams({ status: 'completed', page_size: '100' }),
  );
  const locations = useLocations();
  // One empty line to type into; its key stays the same across renders, so focus stays in it.
  const [lines, setLines] = useState<EditLine[]>(() => [newLine()]);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wo = workOrder.data?.document;
  // A work order fills in what the user has not chosen: its client and output location.
  const orderClient = wo?.client_id ?? '';
  const orderLocation = wo?.output_location_id ?? '';
  const { setValue } = form;
  useEffect(() => {
    setValue('order_client_id', orderClient);
    setValue('order_location_id', orderLocation);
  }, [setValue, orderClient, orderLocation]);
  const { client_id: clientId, source_location_id: sourceId } = chosenParties(header);
  // The client's default discount: the editor's totals apply it to lines without one, as the server
  // does. A work order's client deactivated since is still the note's client: offered, marked inactive.
  const { listed, unlisted, discount: clientDiscount } = useDocumentClient(clientId);
  const messages = useFormMessages(form.formState.errors, {
    label: (path) =>
      path === 'client_id' ? t('form.client') : path === 'source_location_id' ? t('dn.sourceLocation') : '',
    server: [error],
  });
  const save = useDocumentMutation((head: DeliveryNoteHeaderBody) =>
    createDeliveryNote({
      ...head,
      lines: workOrderId
        ? (fromOrder ?? [])
        : lines.filter((l) => l.item_id || l.description.trim()).map(lineToApi),
    }),
  );
  const onSave = form.handleSubmit((head) =>
    save.mutate(head, {
      onSuccess: (d) => navigate(`/delivery-notes/${d.document.id}`, afterSave({ replace: true })),
      onError: (e) => setError(errorText(t, e)),
    }),
  );
  // From a work order: every quantity valid and at least one line to deliver (an empty list would
  // ask the server for everything left).
  const blocked = !!workOrderId && (!fromOrder || fromOrder.length === 0);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('new.delivery_note')}</h1>
      <UnsavedChangesGuard when={(dirty || form.formState.isDirty) && !save.isSuccess} />
      <FormErrors messages={messages} />
      <div className="grid gap-3 md:grid-cols-3">
        <Field label={t('dn.workOrder')} htmlFor="dn-wo">
          <select
            id="dn-wo"
            className={SELECT}
            value={workOrderId}
            onChange={(e) => {
              form.setValue('work_order_id', e.target.value);
              setTyped({});
              setDirty(true);
            }}
          >
            <option value="">{t('dn.direct')}</option>
            {completed.data?.items.map((w) => (
              <option key={w.id} value={w.id}>
                {w.number} · {w.client_name ?? ''}
              </option>
            ))}
            {wo && !completed.data?.items.some((w) => w.id === wo.id) && (
              <option value={wo.id}>{wo.number}</option>
            )}
          </select>
        </Field>
        <Field label={t('form.client')} htmlFor="dn-client">
          <select id="dn-client" className={SELECT} {...form.register('client_id')} value={clientId}>
            <option value="">—</option>
            <PartnerOptions listed={listed} unlisted={unlisted} />
          </select>
        </Field>
        <Field label={t('dn.sourceLocation')} htmlFor="dn-source">
          <select id="dn-source" className={SELECT} {...form.register('source_location_id')} value={sourceId}>
            <option value="">—</option>
            {locations.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.code} · {l.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('dn.deliveryAddress')} htmlFor="dn-address">
          <Input
            id="dn-address"
            placeholder={t('dn.addressFromClient')}
            {...form.register('delivery_address')}
          />
        </Field>
        <Field label={t('form.date')} htmlFor="dn-date">
          <Input id="dn-date" type="date" {...form.register('doc_date')} />
        </Field>
      </div>
      {workOrderId ? (
        progress.data ? (
          <WorkOrderDeliveryLines
            progress={progress.data}
            typed={typed}
            onChange={(next) => {
              setTyped(next);
              setDirty(true);
            }}
          />
        ) : (
          <p role="status">{progress.error ? t('list.loadError') : t('list.loading')}</p>
        )
      ) : (
        <LineEditor
          lines={lines}
          onChange={(next) => {
            setLines(next);
            setDirty(true);
          }}
          defaultDiscount={clientDiscount}
        />
      )}
      <Field label={t('form.note')} htmlFor="dn-note">
        <Textarea id="dn-note" {...form.register('note')} />
      </Field>
      <NewDocumentActions
        pending={save.isPending}
        disabled={blocked}
        onSave={onSave}
        listHref="/delivery-notes"
      />
    </div>
  );
}

export function DeliveryNoteDetailPage() {
  return <LoadedDocument render={(detail) => <DeliveryNoteView detail={detail} />} />;
}

function DeliveryNoteView({ detail }: { detail: Detail }) {
  const { t } = useTranslation('documents');
  const doc = detail.document;
  // The client's discount, a client deactivated since the note was made included (the server applies it).
  const clientDiscount = useDocumentClient(doc.client_id).discount;
  const { t: tg } = useTranslation('ux-grid');
  const [lines, setLines] = useState<EditLine[]>(() => detail.lines.map(lineFromApi));
  const [dirty, setDirty] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const saveRef = useSaveShortcut();
  const canWrite = usePermission('delivery.write');
  const canInvoice = usePermission('invoices.write');
  const draft = canWrite && doc.status === 'draft';
  // Issue / deliver / cancel answer at once; a refusal puts the status back with a toast.
  const action = useDocumentStatusChange(doc.id, 'delivery_note');
  const save = useDocumentMutation(() =>
    updateDeliveryNote(doc.id, {
      client_id: doc.client_id ?? '',
      source_location_id: doc.source_location_id ?? '',
      delivery_address: doc.delivery_address,
      note: doc.note,
      lines: lines.filter((l) => l.item_id || l.description.trim()).map(lineToApi),
    }),
  );
  const onError = (e: unknown) => setError(errorText(t, e));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="document-title">
          {t('kinds.delivery_note')} {doc.number}
        </h1>
        <StatusBadge status={doc.status} kind="delivery_note" />
        <SaveState status={saveStatus({ saving: save.isPending, dirty, locked: !draft })} />
        <UnsavedChangesGuard when={draft && dirty} />
        {confirmElement}
        <div className="ml-auto flex flex-wrap gap-2">
          {(canWrite ? doc.actions : []).map((a, i) => (
            <Button
              key={a}
              variant={a === 'cancel' ? 'outline' : i === 0 ? 'primary' : 'outline'}
              disabled={action.pending || dirty}
              onClick={async () => {
                if (
                  IRREVERSIBLE_ACTIONS.has(a) &&
                  !(await confirm({
                    title: tg('confirm.title', {
                      action: t(`actions.${a}`),
                      record: `${t('kinds.delivery_note')} ${doc.number ?? ''}`,
                    }),
                    text: tg('confirm.irreversible'),
                    confirm: t(`actions.${a}`),
                  }))
                )
                  return;
                action.run({ type: 'action', action: a }, { onSuccess: () => setError(null) });
              }}
            >
              {t(`actions.${a}`)}
            </Button>
          ))}
          {canInvoice && (doc.status === 'issued' || doc.status === 'delivered') && doc.client_id && (
            <Link
              to={`/documents/invoices/new?client_id=${doc.client_id}&delivery_note_ids=${doc.id}`}
              className={buttonClasses('outline', 'md')}
            >
              {t('dn.createInvoice')}
            </Link>
          )}
          <SendMailAction doc={doc} disabled={action.pending || dirty} />
          <PdfLink id={doc.id} />
        </div>
      </div>
      <FormError error={error} />
      <dl className="grid gap-2 text-sm md:grid-cols-4">
        <Fact label={t('form.client')}>{doc.client_name}</Fact>
        <Fact label={t('dn.deliveryAddress')}>{doc.delivery_address}</Fact>
        <Fact label={t('form.date')}>
          <DateText value={doc.doc_date} />
        </Fact>
        <Fact label={t('dn.stock')}>{doc.stock_document_id ? t('dn.posted') : t('dn.notPosted')}</Fact>
      </dl>
      <LineEditor
        lines={lines}
        onChange={(next) => {
          setLines(next);
          setDirty(true);
        }}
        readOnly={!draft}
        showLots
        defaultDiscount={clientDiscount}
      />
      {draft && (
        <Button
          ref={saveRef}
          data-testid="save"
          disabled={save.isPending}
          onClick={() =>
            save.mutate(undefined, {
              onSuccess: () => {
                setError(null);
                setDirty(false);
              },
              onError,
            })
          }
        >
          {t('form.save')}
        </Button>
      )}
      <MailLog id={doc.id} />
      <LinksAndHistory id={doc.id} kind="delivery_note" links={detail.links} />
    </div>
  );
}
