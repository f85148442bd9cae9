import type { FieldIssue } from '@erp/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { shownParams } from '../../lib/error-params.ts';
import { formatPercent } from '../../lib/format.ts';

export const TABLE = 'w-full border-collapse text-sm';
export const TH = 'border-b border-border px-2 py-1.5 text-left font-medium text-muted whitespace-nowrap';
export const TD = 'border-b border-border px-2 py-1.5 align-top';
export const NUM = 'text-right tabular-nums';
export const selectClasses =
  'h-10 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring';

/** A list's search box: the trimmed text goes to the URL (`q`), an empty one removes it. */
export function ListSearch(props: {
  label: string;
  value: string | null;
  onChange: (q: string | null) => void;
}) {
  return (
    <Input
      className="w-72"
      type="search"
      aria-label={props.label}
      placeholder={props.label}
      defaultValue={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value.trim() || null)}
    />
  );
}

/** A list's filter by one column: the option `all` (the default) removes the filter. */
export function ListFilter(props: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  children: ReactNode;
}) {
  return (
    <select
      className={selectClasses}
      aria-label={props.label}
      value={props.value ?? 'all'}
      onChange={(e) => props.onChange(e.target.value === 'all' ? null : e.target.value)}
    >
      {props.children}
    </select>
  );
}

/** A labelled form field; `error` marks the input invalid and names the problem under it. */
export function Field({
  id,
  label,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-foreground">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Tabs as links: each tab is its own URL, so Back and bookmarks work. */
export function TabLinks({
  tabs,
  label,
}: {
  tabs: { to: string; label: string; end?: boolean }[];
  label: string;
}) {
  return (
    <nav className="mb-4 flex flex-wrap gap-1 border-b border-border" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          replace
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-primary'
                : 'border-transparent text-muted hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** A rate from the API: a percent 0..100 (docs/api.md "Percentages"); null = nothing to measure. */
export function Percent({ value }: { value: string | null }) {
  const { t } = useTranslation('partners');
  if (value === null) return <span className="text-muted">{t('common.notAvailable')}</span>;
  return <>{formatPercent(value)}</>;
}

/** One problem of a refused call: the field, an i18n key and its parameters (the API's error body). */
export type IssueDetail = FieldIssue;

/** Every problem of a failed call in the user's language, field by field (server keys are i18n keys). */
export function apiErrorMessages(
  error: unknown,
  t: (key: string, opts?: Record<string, unknown>) => string,
  fieldLabel: (field: string) => string = () => '',
): string[] {
  if (!error) return [];
  if (!(error instanceof ApiError)) return [t('common:errors.UNKNOWN')];
  const details = (error.details ?? []) as IssueDetail[];
  if (details.length === 0) return [t(`common:errors.${error.code}`, { defaultValue: error.message })];
  return details.map((d) => {
    const text = t(`common:${d.key}`, { ...shownParams(d.params), defaultValue: error.message });
    const label = fieldLabel(d.field);
    return label ? `${label}: ${text}` : text;
  });
}

export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const d of (error.details ?? []) as IssueDetail[]) out[d.field] ??= d.key;
  return out;
}

/**
 * A document's partner picker's options: the listed (active) partners, then the document's own
 * partner when the list lacks it (`useUnlistedPartner`), as "<name> (neaktivan)" when it has been
 * deactivated since, by its name alone when it is active but past the list's first 200.
 */
export function PartnerOptions(props: {
  listed: readonly { id: string; name: string }[] | undefined;
  unlisted: { id: string; name: string; active: boolean } | undefined;
}) {
  const { t } = useTranslation('common');
  const { unlisted } = props;
  return (
    <>
      {props.listed?.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
      {unlisted && (
        <option value={unlisted.id}>
          {unlisted.active ? unlisted.name : t('common:inactivePartner', { name: unlisted.name })}
        </option>
      )}
    </>
  );
}
