import { STOCK_REASONS } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Input } from '../../components/ui/input.tsx';
import { formatDate, formatNumber, formatQuantity, numberInputToApi } from '../../lib/format.ts';
import { getLotPicks } from './inventory-api.ts';
import { Field, selectClasses } from './parts.tsx';

// Issue 17: manual postings name a reason and let the user choose the lot (the FEFO default
// preselected).

/** Reason (required) and its note (required for "other") of an issue, transfer or adjustment. */
export function ReasonFields({
  reason,
  note,
  onReason,
  onNote,
}: {
  reason: string;
  note: string;
  onReason: (value: string) => void;
  onNote: (value: string) => void;
}) {
  const { t } = useTranslation('inventory');
  return (
    <>
      <Field label={t('ops.reason')}>
        {(id) => (
          <select
            id={id}
            required
            className={selectClasses}
            value={reason}
            onChange={(e) => onReason(e.target.value)}
            data-testid="op-reason"
          >
            <option value="">{t('ops.chooseReason')}</option>
            {STOCK_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`reasons.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={reason === 'other' ? t('ops.noteRequired') : t('ops.note')}>
        {(id) => (
          <Input
            id={id}
            value={note}
            required={reason === 'other'}
            onChange={(e) => onNote(e.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/**
 * The lot of an outgoing line: the server's FEFO suggestion for the quantity is the preselected
 * first option (it may take several lots); any one lot with stock at the location can be chosen.
 */
export function LotChoice({
  label,
  itemId,
  locationId,
  quantity,
  value,
  onChange,
}: {
  label: string;
  itemId: string;
  locationId: string;
  quantity: string;
  value: string;
  onChange: (lotId: string) => void;
}) {
  const { t, i18n } = useTranslation('inventory');
  const qty = numberInputToApi(quantity);
  const params = new URLSearchParams({ item_id: itemId, location_id: locationId, strategy: 'fefo' });
  if (/^\d+(\.\d+)?$/.test(qty) && Number(qty) > 0) params.set('quantity', qty);
  const { data } = useQuery({
    queryKey: ['inventory', 'lot-picks', params.toString()],
    queryFn: ({ signal }) => getLotPicks(params, signal),
    enabled: Boolean(itemId && locationId),
  });
  const lots = data?.lots ?? [];
  const numberOf = (id: string) => lots.find((l) => l.lot_id === id)?.lot_number ?? '';
  const suggestion = (data?.picks ?? [])
    .map((p) => `${numberOf(p.lot_id)} ${formatQuantity(p.quantity, i18n.language)}`)
    .join(' + ');
  return (
    <select
      aria-label={label}
      className={selectClasses}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid="op-lot"
    >
      <option value="">{suggestion ? t('ops.lotDefault', { lots: suggestion }) : t('ops.lotNone')}</option>
      {lots.map((l) => (
        <option key={l.lot_id} value={l.lot_id}>
          {t('ops.lotOption', {
            lot: l.lot_number,
            available: formatNumber(l.available, i18n.language),
            expires: l.expires_on ? formatDate(l.expires_on, i18n.language) : '—',
          })}
        </option>
      ))}
    </select>
  );
}
