import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../team/use-permission.tsx';

/**
 * For a role that cannot save the company's settings (planner, warehouse, viewer): the cards'
 * values read as plain text, not as fields. The whole group sits in a disabled fieldset (nothing
 * can be typed, chosen or sent) whose inputs and selects drop their frame and background, and
 * whose buttons are not shown; a note above says why. Owners and admins get the cards as they are.
 */
const READ_ONLY =
  'min-w-0 space-y-6 ' +
  '[&_input:not([type=checkbox]):not([type=radio])]:border-transparent [&_input]:bg-transparent! [&_input]:opacity-100! ' +
  '[&_input:not([type=checkbox]):not([type=radio])]:px-0 [&_input]:cursor-default [&_input]:placeholder:text-transparent ' +
  '[&_select]:appearance-none [&_select]:border-transparent [&_select]:bg-transparent! [&_select]:px-0 [&_select]:opacity-100! ' +
  '[&_textarea]:border-transparent [&_textarea]:bg-transparent! [&_textarea]:px-0 [&_textarea]:opacity-100! [&_textarea]:resize-none ' +
  '[&_button]:hidden';

export function CompanySettingsGroup({ children }: { children: ReactNode }) {
  const { t } = useTranslation('app');
  const canManage = usePermission('company.manage');
  if (canManage) return <>{children}</>;
  return (
    <section className="space-y-3" data-testid="settings-read-only">
      <p role="note" className="rounded-md border border-border bg-surface-2 p-3 text-sm text-muted">
        {t('settings.readOnly')}
      </p>
      <fieldset disabled className={READ_ONLY}>
        {children}
      </fieldset>
    </section>
  );
}
