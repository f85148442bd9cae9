import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../components/ui/input.tsx';
import { type KpdEntry, useKpdSearch } from './einvoice-api.ts';

export type { KpdEntry } from './einvoice-api.ts';

/**
 * The KPD 2025 code of an item: a combobox (input with a list of suggestions) searching code and
 * Croatian name as one types; the chosen code's name is shown under it. The server checks the
 * code against the list on save.
 */
export function KpdInput(props: {
  id: string;
  value: string;
  invalid?: boolean;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useTranslation('inventory');
  const listId = useId();
  const { data } = useKpdSearch(props.value);
  const nameOf = (e: KpdEntry) => (i18n.language === 'hr' ? e.name_hr : e.name_en);
  const chosen = data?.find((e) => e.code === props.value.trim());
  return (
    <div>
      <Input
        id={props.id}
        name="kpd_code"
        role="combobox"
        aria-autocomplete="list"
        aria-controls={listId}
        list={listId}
        autoComplete="off"
        placeholder={t('items.kpdSearch')}
        value={props.value}
        invalid={props.invalid}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <datalist id={listId} data-testid="kpd-options">
        {(data ?? []).map((e) => (
          <option key={e.code} value={e.code} label={`${e.code} ${nameOf(e)}`}>
            {`${e.code} ${nameOf(e)}`}
          </option>
        ))}
      </datalist>
      {chosen && (
        <p className="mt-1 text-xs text-muted" data-testid="kpd-name">
          {nameOf(chosen)}
        </p>
      )}
    </div>
  );
}
