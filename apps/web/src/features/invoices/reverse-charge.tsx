import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Detail, errorText } from '../documents/documents-api.ts';
import { useReverseCharge, useSetReverseCharge } from './reverse-charge-api.ts';

// "Prijenos porezne obveze – građevinski radovi": on a draft invoice a checkbox (the server checks
// that the buyer is a Croatian VAT payer and puts every line at 0 %); on an issued one, a note.

export function DomesticReverseCharge({
  detail,
  canWrite,
  dirty,
  onLines,
}: {
  detail: Detail;
  canWrite: boolean;
  /** Unsaved line edits: the switch waits for them to be saved (it rewrites the lines' VAT). */
  dirty: boolean;
  onLines: (lines: Detail['lines']) => void;
}) {
  const { t } = useTranslation('reverse-charge');
  const doc = detail.document;
  const state = useReverseCharge(doc.id);
  const set = useSetReverseCharge(doc.id);
  const [error, setError] = useState<string | null>(null);
  if (doc.kind !== 'invoice' || doc.advance_for_id || !state.data) return null;
  const enabled = state.data.enabled;
  if (doc.status !== 'draft')
    return enabled ? (
      <p className="text-sm" data-testid="reverse-charge-note">
        {t('issued')}
      </p>
    ) : null;
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm" htmlFor="domestic-reverse-charge">
        <input
          id="domestic-reverse-charge"
          type="checkbox"
          checked={enabled}
          disabled={!canWrite || dirty || set.isPending}
          title={dirty ? t('saveFirst') : undefined}
          onChange={(e) => {
            setError(null);
            set.mutate(e.target.checked, {
              onSuccess: (d) => onLines(d.lines),
              onError: (err) => setError(errorText(t, err)),
            });
          }}
        />
        {t('label')}
      </label>
      <p className="text-xs text-muted">{t('hint')}</p>
      {error && (
        <p role="alert" className="text-sm text-danger" data-testid="reverse-charge-error">
          {error}
        </p>
      )}
    </div>
  );
}
