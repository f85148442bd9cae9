import { parseGlassMakeup, type WindowLineField, windowSpecSchema, windowSpecText } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormMessages, useZodForm } from '../../components/editing/zod-form.ts';
import type { GridColumn } from '../../components/line-grid/line-grid.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { getDocumentSettings } from './documents-api.ts';
import { Field } from './parts.tsx';

/**
 * Window and door lines (docs/documents.md "Window lines"): profile system, glass make-up, colour
 * and hardware set of a line, next to its W × H. The grid shows them compactly in one column; a
 * button opens a small dialog to edit them (the glass make-up is checked with the domain parser
 * as it is typed, the profile system offers the company's list and takes free text too).
 */
export type WindowEdit = Record<WindowLineField, string>;

const EMPTY: WindowEdit = { profile_system: '', glass_makeup: '', colour: '', hardware_set: '' };

/** The stored line's fields as the editor keeps them (empty text = none). */
export function windowFromApi(l: Partial<Record<WindowLineField, string | null>>): WindowEdit {
  return {
    profile_system: l.profile_system ?? '',
    glass_makeup: l.glass_makeup ?? '',
    colour: l.colour ?? '',
    hardware_set: l.hardware_set ?? '',
  };
}

/** The fields as the API takes them: empty = null. */
export function windowToApi(v: Partial<WindowEdit>): Record<WindowLineField, string | null> {
  return {
    profile_system: v.profile_system?.trim() || null,
    glass_makeup: v.glass_makeup?.trim() || null,
    colour: v.colour?.trim() || null,
    hardware_set: v.hardware_set?.trim() || null,
  };
}

/** The fields live on the editor's line itself (flat, like the API's). */
type Row = Partial<WindowEdit> & { key: string; item_kind?: string | null };
const specOf = (l: Row): WindowEdit => ({ ...EMPTY, ...windowFromApi(l) });

/** A line of a product (window or door) may carry the fields; a line that has them keeps showing them. */
const offers = (l: Row) => l.item_kind === 'product' || windowSpecText(specOf(l), LABELS_ANY) !== '';
const LABELS_ANY = { profile_system: '', glass_makeup: '', colour: '', hardware_set: '' };

/** The company's profile systems (document settings), offered as choices. */
function useProfileSystems(enabled: boolean) {
  return useQuery({
    queryKey: ['documents', 'settings'],
    queryFn: ({ signal }) => getDocumentSettings(signal),
    enabled,
    staleTime: 5 * 60_000,
    select: (s) => s.profile_systems ?? [],
  });
}

/**
 * The grid column and the dialog that edits it. `onChange` absent = read-only (the column shows
 * the text only).
 */
export function useWindowSpecEditor<L extends Row>(lines: L[], onChange?: (lines: L[]) => void) {
  const { t } = useTranslation('documents');
  const [editing, setEditing] = useState<string | null>(null);
  // The grid memoises its rows: the column's button reads the latest lines through refs.
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const readOnly = !onChange;
  const open = useCallback((key: string) => setEditing(key), []);

  const column = useMemo<GridColumn<L>>(() => {
    const labels = {
      profile_system: t('window.profileShort'),
      glass_makeup: t('window.glassShort'),
      colour: t('window.colourShort'),
      hardware_set: t('window.hardwareShort'),
    };
    return {
      id: 'window',
      header: t('window.column'),
      kind: 'display',
      width: '12rem',
      render: (l, index) => {
        const text = windowSpecText(specOf(l), labels);
        return (
          <span className="flex items-start gap-1 px-1.5 text-xs text-muted">
            <span className="min-w-0 flex-1 break-words" data-testid="line-window">
              {text}
            </span>
            {!readOnly && offers(l) && (
              <button
                type="button"
                className="shrink-0 rounded border border-border px-1.5 text-xs text-foreground hover:bg-surface-2"
                aria-label={t('window.editOf', { row: index + 1 })}
                onClick={() => open(l.key)}
              >
                {t('window.edit')}
              </button>
            )}
          </span>
        );
      },
    };
  }, [t, readOnly, open]);

  const line = editing ? lines.find((l) => l.key === editing) : undefined;
  const dialog = (
    <Dialog open={Boolean(line)} onOpenChange={(o) => !o && setEditing(null)}>
      {line && (
        <WindowSpecDialog
          row={lines.indexOf(line) + 1}
          initial={specOf(line)}
          onSave={(w) => {
            const current = linesRef.current;
            changeRef.current?.(current.map((l) => (l.key === line.key ? { ...l, ...w } : l)));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </Dialog>
  );
  return { column, dialog };
}

const FIELD_LABELS: Record<WindowLineField, string> = {
  profile_system: 'window.profile',
  glass_makeup: 'window.glass',
  colour: 'window.colour',
  hardware_set: 'window.hardware',
};

function WindowSpecDialog({
  row,
  initial,
  onSave,
  onCancel,
}: {
  row: number;
  initial: WindowEdit;
  onSave: (w: WindowEdit) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('documents');
  const id = useId();
  const form = useZodForm<typeof windowSpecSchema, WindowEdit>(windowSpecSchema, { defaultValues: initial });
  const w = form.watch();
  const profiles = useProfileSystems(true);
  // The make-up is checked as it is typed (the parser's message names the bad token); the schema
  // checks the whole dialog again on Apply and keeps the make-up in its canonical notation.
  const parsed = w.glass_makeup?.trim() ? parseGlassMakeup(w.glass_makeup) : null;
  const glassError = parsed && !parsed.ok ? t(`common:${parsed.key}`, parsed.params) : null;
  const messages = useFormMessages(form.formState.errors, {
    label: (path) => (FIELD_LABELS[path as WindowLineField] ? t(FIELD_LABELS[path as WindowLineField]) : ''),
  });
  const field = (f: WindowLineField, label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} htmlFor={`${id}-${f}`}>
      <Input id={`${id}-${f}`} maxLength={f === 'glass_makeup' ? 60 : 100} {...form.register(f)} {...extra} />
    </Field>
  );
  const save = form.handleSubmit((spec) => onSave(windowFromApi(spec)));
  return (
    <DialogContent
      title={t('window.title', { row })}
      description={t('window.description')}
      closeIcon={false}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="button" onClick={() => void save()} disabled={Boolean(glassError)}>
            {t('window.apply')}
          </Button>
        </>
      }
    >
      <form className="grid gap-3" onSubmit={save}>
        {field('profile_system', t('window.profile'), { list: `${id}-profiles` })}
        <datalist id={`${id}-profiles`}>
          {(profiles.data ?? []).map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <Field label={t('window.glass')} htmlFor={`${id}-glass_makeup`}>
          <Input
            id={`${id}-glass_makeup`}
            maxLength={60}
            placeholder={t('window.glassPlaceholder')}
            invalid={Boolean(glassError)}
            aria-describedby={`${id}-glass-hint`}
            {...form.register('glass_makeup')}
          />
          <span
            id={`${id}-glass-hint`}
            className={glassError ? 'text-xs text-danger' : 'text-xs text-muted'}
            role={glassError ? 'alert' : undefined}
          >
            {glassError ?? (parsed?.ok ? parsed.makeup.normalized : t('window.glassHint'))}
          </span>
        </Field>
        {field('colour', t('window.colour'))}
        {field('hardware_set', t('window.hardware'))}
        {!glassError && <FormErrors messages={messages} />}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </DialogContent>
  );
}
