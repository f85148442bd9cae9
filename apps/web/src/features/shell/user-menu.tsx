import { ChevronsUpDown, DoorOpen, LogOut, Settings, User } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useTenant } from '../tenant/tenant-api.ts';
import { useGates } from './use-gates.ts';
import { companyName, displayName, initials } from './user-display.ts';

export function useUserDisplay() {
  const { t } = useTranslation('app');
  const { user } = useAuth();
  const tenant = useTenant();
  const name = displayName(user?.name ?? tenant.data?.full_name, user?.email, t('shell.fallbackName'));
  return {
    name,
    company: companyName(tenant.data?.company_name, t('shell.fallbackCompany')),
    initials: initials(name),
  };
}

export function UserMenu({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation('app');
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const { hasGates, clearGates } = useGates();
  const { name, company, initials: letters } = useUserDisplay();
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
      // Seed: 'Odjavi se' goes to /login, which is no route and so lands on /landing.
      navigate('/login', { replace: true });
    } catch {
      // Seed section 8: a failed sign-out restores the button.
      setSigningOut(false);
      toast({ type: 'error', title: t('shell.signOutFailed') });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={cn(
          'flex w-full items-center gap-3 rounded-lg p-2 text-left hover:bg-surface-2',
          collapsed && 'justify-center',
        )}
        // WCAG 2.5.3: with the name shown, the accessible name must contain it (the visible text, then
        // what the button is); collapsed, only the initials show and the label names the menu.
        aria-label={collapsed ? t('shell.userMenu') : undefined}
        data-testid="user-menu-trigger"
        disabled={signingOut}
      >
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          aria-hidden
          data-testid="user-initials"
        >
          {signingOut ? <Spinner /> : letters}
        </span>
        {!collapsed && (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium" data-testid="user-name">
                {name}
              </span>
              <span className="block truncate text-xs text-muted" data-testid="user-company">
                {company}
              </span>
            </span>
            <span className="sr-only">{t('shell.userMenu')}</span>
            <ChevronsUpDown className="size-4 text-muted" aria-hidden />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-60">
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-foreground">{name}</span>
          <span className="block truncate">{company}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <User className="size-4" aria-hidden />
          {t('shell.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings className="size-4" aria-hidden />
          {t('shell.settings')}
        </DropdownMenuItem>
        {hasGates && (
          <DropdownMenuItem onSelect={clearGates}>
            <DoorOpen className="size-4" aria-hidden />
            {t('shell.gateSignOut')}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void onSignOut()} className="text-danger">
          <LogOut className="size-4" aria-hidden />
          {t('shell.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
