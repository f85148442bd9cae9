import { can } from '@erp/domain/permissions';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { CompanySwitcher } from '../team/company-switcher.tsx';
import { useCurrentCompany } from '../team/current-company.tsx';
import { NAV_SECTIONS } from './nav.ts';
import { UserMenu } from './user-menu.tsx';

type SidebarProps = {
  collapsed: boolean;
  /** Desktop only: the collapse toggle. */
  onToggle?: () => void;
  onNavigate?: () => void;
};

export function SidebarContent({ collapsed, onToggle, onNavigate }: SidebarProps) {
  const { t } = useTranslation('app');
  const { role, suspended } = useCurrentCompany();
  const shown = (p?: Parameters<typeof can>[1]) => !p || (!suspended && can(role, p));
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 items-center gap-2 border-b border-border px-4',
          collapsed && 'justify-center px-2',
        )}
      >
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold" onClick={onNavigate}>
          <img src="/favicon.svg" alt="" className="size-8 shrink-0" />
          {!collapsed && <span className="truncate">{t('common:brand.name')}</span>}
        </Link>
      </div>
      <nav aria-label={t('shell.mainNav')} className="flex-1 overflow-y-auto px-3 py-4">
        {NAV_SECTIONS.map((section) => (
          <div key={section.titleKey ?? 'main'} className="mb-4">
            {section.titleKey &&
              (collapsed ? (
                <div className="mx-2 my-3 h-px bg-border" aria-hidden />
              ) : (
                <h2 className="mb-1 px-3 text-xs font-semibold tracking-wider text-muted">
                  {t(section.titleKey)}
                </h2>
              ))}
            <ul className="space-y-0.5">
              {section.items
                .filter((item) => shown(item.permission))
                .map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      onClick={onNavigate}
                      title={collapsed ? t(item.labelKey) : undefined}
                      className={({ isActive }) =>
                        cn(
                          'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                          collapsed && 'justify-center px-0',
                          isActive ? 'bg-accent text-primary' : 'text-foreground hover:bg-surface-2',
                        )
                      }
                    >
                      <item.icon className="size-5 shrink-0" aria-hidden />
                      <span className={collapsed ? 'sr-only' : 'truncate'}>{t(item.labelKey)}</span>
                    </NavLink>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="space-y-1 border-t border-border p-3">
        {onToggle && (
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
            className={cn(
              'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm text-muted hover:bg-surface-2 hover:text-foreground',
              collapsed && 'justify-center px-0',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen className="size-5" aria-hidden />
            ) : (
              <PanelLeftClose className="size-5" aria-hidden />
            )}
            <span className={collapsed ? 'sr-only' : undefined}>
              {collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
            </span>
          </button>
        )}
        <CompanySwitcher collapsed={collapsed} />
        <UserMenu collapsed={collapsed} />
      </div>
    </div>
  );
}
