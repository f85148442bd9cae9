import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/editing/confirm-dialog.tsx';
import { DelayedSkeleton } from '../../components/editing/delayed.tsx';
import { IRREVERSIBLE_ACTIONS } from '../../components/editing/irreversible.ts';
import { useSaveShortcut } from '../../components/editing/save-shortcut.ts';
import { SaveState, saveStatus } from '../../components/editing/save-state.tsx';
import { afterSave, UnsavedChangesGuard } from '../../components/editing/unsaved-changes.tsx';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import { focusFirstOpenLine } from '../../components/line-grid/grid-focus.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { UnknownPath } from '../../components/unknown-path.tsx';
import { cn } from '../../lib/cn.ts';
import { PartnerOptions } from '../clients/partner-ui.tsx';
import { WorkOrderCutting } from '../cutting/work-order-cutting.tsx';
import { WorkOrderFulfilment } from '../delivery-notes/delivery-lines.tsx';
import { AdvanceAction, AdvancesSection } from '../invoices/advances.tsx';
import { InvoiceDetailPage, InvoiceNewPage, InvoicesListPage } from '../invoices/invoices-pages.tsx';
import { IfAllowed, usePermission } from '../team/use-permission.tsx';
import {
  type HeaderBody,
  type HeaderSchema,
  type HeaderValues,
  headerOf,
  quoteHeaderSchema,
  workOrderHeaderSchema,
} from './document-header.ts';
import { DocumentList } from './document-list.tsx';
import {
  type Detail,
  docHref,
  documentAction,
  duplicateDocument,
  errorText,
  saveDocument,
  useDocument,
  useDocumentClient,
  useDocumentMutation,
  useLiveDocuments,
  useLocations,
} from './documents-api.ts';
import { type EditLine, LineEditor, lineFromApi, lineToApi, newLine, repriceAll } from './line-editor.tsx';
import { MailLog, SendMailAction } from './mail-dialog.tsx';
import { DocumentTabs, Field, LinksAndHistory, SELECT, StatusBadge } from './parts.tsx';
import { useProductionLocations } from './production-locations-card.tsx';
import { DocumentSettingsPage } from './settings-page.tsx';
import { useDocumentStatusChange } from './status-actions.ts';
import { WorkOrderPanels } from './work-order-panels.tsx';
import { WorkOrderVersions } from './work-order-versions.tsx';

export type DocumentKind = 'work-orders' | 'quotes';
/** The header fields' labels, for the form's list of problems (keyed by the body's field). */
const HEADER_LABELS: Record<string, string> = {
  client_id: 'form.client',
  doc_date: 'form.date',
  valid_until: 'form.validUntil',
  due_date: 'form.dueDate',
  source_location_id: 'form.sourceLocation',
  output_location_id: 'form.outputLocation',
  note: 'form.note',
};
const KIND = { 'work-orders': 'work_order', quotes: 'quote' } as const;

/**
 * Everything under /documents: work orders and quotes (shared screens, seed section 2) and invoices.
 * `/documents` itself opens the work orders (seed); any other path is unknown (seed: → /landing).
 */
export function DocumentsRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/documents/work-orders" replace />} />
      <Route path="work-orders" element={<DocumentsListPage kind="work-orders" />} />
      <Route
        path="work-orders/new"
        element={
          <IfAllowed permission="documents.write">
            <DocumentEditPage kind="work-orders" />
          </IfAllowed>
        }
      />
      <Route path="work-orders/:id/edit" element={<DocumentEditPage kind="work-orders" />} />
      <Route path="quotes" element={<DocumentsListPage kind="quotes" />} />
      <Route
        path="quotes/new"
        element={
          <IfAllowed permission="documents.write">
            <DocumentEditPage kind="quotes" />
          </IfAllowed>
        }
      />
      <Route path="quotes/:id/edit" element={<DocumentEditPage kind="quotes" />} />
      <Route path="invoices" element={<InvoicesListPage />} />
      <Route
        path="invoices/new"
        element={
          <IfAllowed permission="invoices.write">
            <InvoiceNewPage />
          </IfAllowed>
        }
      />
      <Route path="invoices/:id" element={<InvoiceDetailPage />} />
      <Route path="settings" element={<DocumentSettingsPage />} />
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

export function DocumentsListPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('documents');
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">{t(`kindsPlural.${KIND[kind]}`)}</h1>
      <DocumentTabs />
      <DocumentList kind={KIND[kind]} newHref={`/documents/${kind}/new`} />
    </div>
  );
}

export function DocumentEditPage({ kind }: { kind: DocumentKind }) {
  const { t } = useTranslation('documents');
  const { id } = useParams();
  useLiveDocuments();
  const detail = useDocument(id);
  if (id && !detail.data) {
    return detail.error ? (
      <p role="alert" className="text-sm text-danger">
        {t('list.loadError')}
      </p>
    ) : (
      <DelayedSkeleton loading rows={6} />
    );
  }
  return <DocumentForm key={id ?? 'new'} kind={kind} detail={detail.data ?? null} />;
}

/**
 * One screen for new and existing quotes and work orders: header, line grid and the one primary
 * next action of the current status. Drafts are saved explicitly (Save shows "Saved"; Discard
 * returns to the last saved state); after the draft stage the content is fixed.
 */
function DocumentForm({ kind, detail }: { kind: DocumentKind; detail: Detail | null }) {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const toast = useToast();
  const locations = useLocations();
  // A new work order left without a location gets the company's default (server side): say which;
  // without one (several locations, none set) the location is to be chosen.
  const defaults = useProductionLocations(kind === 'work-orders' && !detail);
  const emptyLocation = (side: 'effective_source_location_id' | 'effective_output_location_id') => {
    const l = detail ? undefined : locations.data?.find((x) => x.id === defaults.data?.[side]);
    return l ? t('form.companyDefault', { location: `${l.code} · ${l.name}` }) : t('form.chooseLocation');
  };
  const isWo = kind === 'work-orders';
  const docKind = KIND[kind];
  // The header on the recipe (route schema less the lines); the grid holds the lines.
  const form = useZodForm<HeaderSchema, HeaderValues>(isWo ? workOrderHeaderSchema : quoteHeaderSchema, {
    defaultValues: headerOf(detail),
  });
  const header = form.watch();
  const setHeader = (next: HeaderValues) => form.reset(next);
  const headerMessages = useFormMessages(form.formState.errors, {
    label: (path) => (HEADER_LABELS[path] ? t(HEADER_LABELS[path]) : ''),
  });
  const [lines, setLines] = useState<EditLine[]>(() =>
    detail ? detail.lines.map(lineFromApi) : [newLine()],
  );
  // A new, untouched draft has nothing to lose: leaving it needs no warning (UX.md: discard freely).
  const [dirty, setDirty] = useState(false);
  const [confirmElement, confirm] = useConfirm();
  const { t: tg } = useTranslation('ux-grid');
  const [error, setError] = useState<string | null>(null);
  const doc = detail?.document;
  const saveRef = useSaveShortcut();
  const canWrite = usePermission('documents.write');
  const canAct = usePermission(isWo ? 'production.write' : 'documents.write');
  const editable = canWrite && (!doc || doc.status === 'draft');
  // A draft's client deactivated since is still offered (marked) and its discount still applies, as on the server.
  const { listed, unlisted, discount } = useDocumentClient(header.client_id);

  const save = useDocumentMutation(async (head: HeaderBody) => {
    const body = { ...head, lines: lines.filter((l) => l.item_id || l.description.trim()).map(lineToApi) };
    return saveDocument(docKind, doc?.id, body);
  });
  // Duplicate and convert open another document; the status actions answer at once (optimistic).
  const action = useDocumentMutation((name: 'duplicate' | 'convert') =>
    name === 'duplicate' ? duplicateDocument(doc?.id ?? '') : documentAction(docKind, doc?.id ?? '', name),
  );
  const status = useDocumentStatusChange(doc?.id ?? '', docKind);

  const onSave = form.handleSubmit((head) =>
    save.mutate(head, {
      onSuccess: (saved) => {
        setError(null);
        setDirty(false);
        setHeader(headerOf(saved));
        setLines(saved.lines.map(lineFromApi));
        toast.toast({ title: t('form.saved'), type: 'success' });
        if (!doc) navigate(`/documents/${kind}/${saved.document.id}/edit`, afterSave({ replace: true }));
      },
      onError: (e) => setError(errorText(t, e)),
    }),
  );

  // A work order is called off ("Otkaži nalog"), a delivery note reversed: the word follows the kind.
  const actionLabel = (name: string) => t(`actions.${name}`, { context: doc?.kind });
  const runAction = async (name: string) => {
    if (!doc) return;
    if (
      IRREVERSIBLE_ACTIONS.has(name) &&
      !(await confirm({
        title: tg('confirm.title', { action: actionLabel(name), record: title }),
        text: tg('confirm.irreversible'),
        confirm: actionLabel(name),
      }))
    )
      return;
    if (name !== 'duplicate' && name !== 'convert') {
      // The badge and the offered actions move now; a refusal puts them back with a toast.
      status.run(
        { type: 'action', action: name },
        {
          onSuccess: (next) => {
            setError(null);
            setHeader(headerOf(next));
            setLines(next.lines.map(lineFromApi));
          },
        },
      );
      return;
    }
    action.mutate(name, {
      onSuccess: (next) => {
        setError(null);
        if (next.document.id !== doc.id) navigate(docHref(next.document.kind, next.document.id), afterSave());
        else {
          setHeader(headerOf(next));
          setLines(next.lines.map(lineFromApi));
        }
      },
      onError: (e) => setError(errorText(t, e)),
    });
  };
  const set = (patch: Partial<HeaderValues>) => {
    for (const [name, value] of Object.entries(patch))
      form.setValue(name as keyof HeaderValues, value as never, { shouldDirty: true });
    setDirty(true);
  };
  // Completion needs its inputs (actual quantities, lot): it lives in the work-order panel.
  // A quote's "Pošalji" opens the e-mail dialog (SendMailAction), which can also only mark it sent.
  const actions = (doc?.actions ?? []).filter(
    (a) => a !== 'complete' && a !== 'expire' && !(kind === 'quotes' && a === 'send'),
  );
  const title = doc ? `${t(`kinds.${doc.kind}`)} ${doc.number ?? ''}` : t(`new.${KIND[kind]}`);

  return (
    <div className="space-y-4">
      <DocumentTabs />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="document-title">
          {title}
        </h1>
        {doc && <StatusBadge status={doc.status} kind={doc.kind} />}
        {(doc || dirty) && (
          <SaveState status={saveStatus({ saving: save.isPending, dirty, locked: !editable })} />
        )}
        <UnsavedChangesGuard when={editable && dirty} />
        {confirmElement}
        <div className="ml-auto flex flex-wrap gap-2">
          {(canAct ? actions : []).map((a, i) => (
            <Button
              key={a}
              variant={a === 'cancel' || a === 'reject' ? 'outline' : i === 0 ? 'primary' : 'outline'}
              disabled={action.isPending || status.pending || (dirty && editable)}
              title={dirty && editable ? t('form.saveFirst') : undefined}
              onClick={() => void runAction(a)}
            >
              {actionLabel(a)}
            </Button>
          ))}
          {doc && (
            <>
              {canAct && (
                <SendMailAction
                  doc={doc}
                  disabled={action.isPending || status.pending || (dirty && editable)}
                  markSent={() => void runAction('send')}
                />
              )}
              <AdvanceAction doc={doc} />
              {canWrite && (
                <Button
                  variant="outline"
                  disabled={action.isPending || status.pending}
                  onClick={() => void runAction('duplicate')}
                >
                  {t('actions.duplicate')}
                </Button>
              )}
              <a
                className={buttonClasses('outline', 'md')}
                href={`/api/documents/${doc.id}/pdf`}
                target="_blank"
                rel="noreferrer"
              >
                {t('actions.pdf')}
              </a>
            </>
          )}
        </div>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-md border border-danger p-2 text-sm text-danger"
          data-testid="form-error"
        >
          {error}
        </p>
      )}
      <FormErrors messages={headerMessages} />
      {/* Enter in a header field (client, dates, rush) goes on to the lines: the header is done. */}
      {/* No <form> here: Enter goes on to the lines (not a submit), and Save sends header and lines. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegated from the header's own fields */}
      <div
        className="grid gap-3 md:grid-cols-4"
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.ctrlKey || e.altKey || e.metaKey || e.shiftKey) return;
          if (editable && focusFirstOpenLine()) e.preventDefault();
        }}
      >
        <Field label={t('form.client')} htmlFor="doc-client">
          <select
            id="doc-client"
            // A new document starts at its client; Enter then goes on to the lines.
            // biome-ignore lint/a11y/noAutofocus: keyboard entry of a new document starts here (issue 22)
            autoFocus={!doc}
            className={SELECT}
            disabled={!editable}
            value={header.client_id}
            onChange={(e) => set({ client_id: e.target.value })}
          >
            <option value="">{t('form.noClient')}</option>
            <PartnerOptions listed={listed} unlisted={unlisted} />
          </select>
        </Field>
        <Field label={t('form.date')} htmlFor="doc-date">
          <Input
            id="doc-date"
            type="date"
            disabled={!editable}
            value={header.doc_date}
            onChange={(e) => set({ doc_date: e.target.value })}
          />
        </Field>
        {isWo ? (
          <>
            <Field label={t('form.dueDate')} htmlFor="doc-due">
              <Input
                id="doc-due"
                type="date"
                disabled={!editable}
                value={header.due_date}
                onChange={(e) => set({ due_date: e.target.value })}
              />
            </Field>
            <Field label={t('form.sourceLocation')} htmlFor="doc-source">
              <select
                id="doc-source"
                className={SELECT}
                disabled={!editable}
                value={header.source_location_id}
                onChange={(e) => set({ source_location_id: e.target.value })}
              >
                <option value="">{emptyLocation('effective_source_location_id')}</option>
                {locations.data?.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.code} · {l.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('form.outputLocation')} htmlFor="doc-output">
              <select
                id="doc-output"
                className={SELECT}
                disabled={!editable}
                value={header.output_location_id}
                onChange={(e) => set({ output_location_id: e.target.value })}
              >
                <option value="">{emptyLocation('effective_output_location_id')}</option>
                {locations.data?.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.code} · {l.name}
                  </option>
                ))}
              </select>
            </Field>
          </>
        ) : (
          <Field label={t('form.validUntil')} htmlFor="doc-valid">
            <Input
              id="doc-valid"
              type="date"
              disabled={!editable}
              value={header.valid_until}
              onChange={(e) => set({ valid_until: e.target.value })}
            />
          </Field>
        )}
        <label className="flex items-center gap-2 self-end pb-2 text-sm" htmlFor="doc-rush">
          <input
            id="doc-rush"
            type="checkbox"
            disabled={!editable}
            checked={header.rush}
            onChange={(e) => {
              set({ rush: e.target.checked });
              // The rush surcharge changes every price the rule set: price them again.
              setLines(repriceAll(lines));
            }}
          />
          {t('form.rush')}
        </label>
      </div>
      <LineEditor
        lines={lines}
        rush={header.rush}
        readOnly={!editable}
        showLots={isWo && doc?.status === 'completed'}
        defaultDiscount={discount}
        onChange={(next) => {
          setLines(next);
          setDirty(true);
        }}
      />
      <Field label={t('form.note')} htmlFor="doc-note">
        <Textarea
          id="doc-note"
          disabled={!editable}
          value={header.note}
          onChange={(e) => set({ note: e.target.value })}
        />
      </Field>
      {editable && (
        <div className="flex gap-2">
          <Button ref={saveRef} onClick={onSave} disabled={save.isPending} data-testid="save">
            {save.isPending ? t('form.saving') : t('form.save')}
          </Button>
          <Button
            variant="ghost"
            data-discard={doc ? undefined : true}
            onClick={() => {
              if (!doc) navigate(`/documents/${kind}`);
              else {
                setHeader(headerOf(detail));
                setLines(detail ? detail.lines.map(lineFromApi) : []);
                setDirty(false);
              }
            }}
          >
            {t('form.discard')}
          </Button>
        </div>
      )}
      {isWo && detail && doc && doc.status !== 'draft' && (
        <WorkOrderPanels detail={detail} onError={setError} />
      )}
      {isWo && doc && doc.status === 'completed' && <WorkOrderFulfilment workOrderId={doc.id} />}
      {isWo && detail && doc && doc.status === 'draft' && (
        <p className={cn('text-sm text-muted')}>{t('wo.planHint')}</p>
      )}
      {isWo && doc && doc.status !== 'draft' && <WorkOrderVersions workOrderId={doc.id} />}
      {isWo && doc && <WorkOrderCutting workOrderId={doc.id} />}
      {detail && <AdvancesSection detail={detail} />}
      {doc && <MailLog id={doc.id} />}
      {doc && detail && <LinksAndHistory id={doc.id} kind={doc.kind} links={detail.links} />}
    </div>
  );
}
