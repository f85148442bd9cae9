import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { useCurrentCompany } from './current-company.tsx';

/** Sidebar: the current company, and a menu to switch when the user belongs to several. */
export function CompanySwitcher({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('team');
  const { companies, current, companyId, switchCompany } = useCurrentCompany();
  if (companies.length < 2) return null;
  const name = (c: { company_name: string | null; is_own: boolean }) =>
    c.company_name || (c.is_own ? t('switcher.ownCompany') : t('switcher.unnamed'));
  const currentName = current ? name(current) : t('switcher.ownCompany');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex w-full items-center gap-3 rounded-lg border border-border p-2 text-left text-sm hover:bg-surface-2',
          collapsed && 'justify-center border-transparent',
        )}
        aria-label={t('switcher.label', { name: currentName })}
        title={collapsed ? currentName : undefined}
        data-testid="company-switcher"
      >
        <Building2 className="size-5 shrink-0 text-muted" aria-hidden />
        {!collapsed && (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium" data-testid="company-switcher-current">
                {currentName}
              </span>
              {current && (
                <span className="block truncate text-xs text-muted">{t(`roles.${current.role}`)}</span>
              )}
            </span>
            <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-64">
        <DropdownMenuLabel>{t('switcher.title')}</DropdownMenuLabel>
        {companies.map((c) => (
          <DropdownMenuItem
            key={c.company_id}
            onSelect={() => c.company_id !== companyId && switchCompany(c.company_id)}
            data-testid="company-option"
          >
            <Check
              className={cn('size-4 shrink-0', c.company_id === companyId ? 'opacity-100' : 'opacity-0')}
              aria-hidden
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{name(c)}</span>
              <span className="block text-xs text-muted">
                {t(`roles.${c.role}`)}
                {c.status === 'suspended' ? ` · ${t('status.suspended')}` : ''}
              </span>
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
