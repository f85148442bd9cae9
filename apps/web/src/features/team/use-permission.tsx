import { can, type Permission } from '@erp/domain/permissions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from './current-company.tsx';

/**
 * Whether the signed-in user's role in the current company grants a permission (issue 9). Pages
 * hide the buttons and forms of what the role cannot do; the server refuses it anyway (403).
 */
export function usePermission(permission: Permission): boolean {
  const { role, suspended } = useCurrentCompany();
  return !suspended && can(role, permission);
}

/**
 * A whole form page behind a permission: reached by address without the permission, it says why
 * instead of showing a form whose saving the server would refuse.
 */
export function IfAllowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation('team');
  if (!usePermission(permission)) {
    return (
      <p className="p-4 text-muted" data-testid="not-allowed">
        {t('permission.denied')}
      </p>
    );
  }
  return children;
}
