import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';

export type SaveStatus = 'saved' | 'saving' | 'unsaved' | 'locked' | 'new';

/** The editor's visible save state, announced politely ("Spremljeno", "Spremanje…"). */
export function SaveState({ status, className }: { status: SaveStatus; className?: string }) {
  const { t } = useTranslation('ux-grid');
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-status={status}
      className={cn('text-sm', status === 'unsaved' ? 'text-warning' : 'text-muted', className)}
    >
      {t(`save.${status}`)}
    </span>
  );
}

/**
 * The state from the editor's facts: a pending save wins, then changes not yet saved. A record
 * that was never saved (`isNew`) and has nothing typed yet is "new", not "saved".
 */
export function saveStatus(opts: {
  saving: boolean;
  dirty: boolean;
  locked?: boolean;
  isNew?: boolean;
}): SaveStatus {
  if (opts.locked) return 'locked';
  if (opts.saving) return 'saving';
  if (opts.dirty) return 'unsaved';
  return opts.isNew ? 'new' : 'saved';
}

/**
 * Unsaved changes of a form: its values differ from the baseline (what was loaded, or last saved).
 * `markSaved` moves the baseline to the values at the time of the call (call it when a save succeeds).
 */
export function useDirty(value: unknown): { dirty: boolean; markSaved: () => void } {
  const now = JSON.stringify(value);
  const [base, setBase] = useState(now);
  return { dirty: now !== base, markSaved: () => setBase(now) };
}

/** The footer of a settings form: submit, cancel while there are changes, and the save state. */
export function SettingsFormActions(props: {
  saving: boolean;
  dirty: boolean;
  saveLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3">
      <Button type="submit" loading={props.saving}>
        {props.saveLabel}
      </Button>
      {props.dirty && (
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          {t('common:actions.cancel')}
        </Button>
      )}
      <SaveState status={saveStatus({ saving: props.saving, dirty: props.dirty })} />
    </div>
  );
}

/**
 * The end of a settings form (`useSettingsForm`): a refusal that names no field, then the actions
 * for those who may change the settings.
 */
export function SettingsFormFooter(props: {
  form: { message: string | null; dirty: boolean; cancel: () => void };
  saving: boolean;
  saveLabel: string;
  canManage?: boolean;
}) {
  const { form, canManage = true } = props;
  return (
    <>
      {form.message && (
        <p role="alert" className="text-sm text-danger">
          {form.message}
        </p>
      )}
      {canManage && (
        <SettingsFormActions
          saving={props.saving}
          dirty={form.dirty}
          saveLabel={props.saveLabel}
          onCancel={form.cancel}
        />
      )}
    </>
  );
}
