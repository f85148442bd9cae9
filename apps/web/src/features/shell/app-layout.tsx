import { Bell, Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { cn } from '../../lib/cn.ts';
import { usePrerenderedHandOver } from '../../prerender/hand-over.ts';
import { AccountStatusProvider, useAccountStatus } from '../account-status/account-status.tsx';
import { NotificationBell } from '../automation/notification-bell.tsx';
import { BlockedScreen } from '../blocked/blocked-screen.tsx';
import { useUnseenChangelog } from '../changelog/changelog-api.ts';
import { CommandCenter } from '../command-palette/command-center.tsx';
import { CompanyReadOnlyBanner } from '../company-hosting/read-only-banner.tsx';
import { CompanyProvider, useCurrentCompany } from '../team/current-company.tsx';
import { SuspendedScreen } from '../team/suspended-screen.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { SidebarContent } from './sidebar.tsx';
import { useIsMobile, useSidebarCollapsed } from './use-sidebar.ts';

/** The signed-in app: the account status decides between the shell and the blocked screen. */
export function AppLayout() {
  usePrerenderedHandOver();
  return (
    <AccountStatusProvider>
      <CompanyProvider>
        <AccountGate />
      </CompanyProvider>
    </AccountStatusProvider>
  );
}

function AccountGate() {
  const { t } = useTranslation('common');
  const { status, ready } = useAccountStatus();
  // The tab would otherwise keep the title of the public page the user signed in on ("Prijava · ...").
  useEffect(() => {
    document.title = t('brand.name');
  }, [t]);
  const { suspended } = useCurrentCompany();
  if (!ready) return <PageLoading />;
  if (status === 'blocked') return <BlockedScreen />;
  // Issue 9: suspended by the current company's owner: the blocked screen, for that company only.
  return suspended ? <SuspendedScreen /> : <Shell />;
}

// The "what's new" dialog loads when it first opens (news to show, or the header's button), not with
// the shell: most sign-ins have nothing new.
const ChangelogModal = lazy(async () => ({
  default: (await import('../changelog/changelog-modal.tsx')).ChangelogModal,
}));

function useChangelogModal() {
  const unseen = useUnseenChangelog();
  const [open, setOpen] = useState(false);
  const autoOpened = useRef(false);
  // Seed: the modal opens by itself once after login when there are unseen entries.
  useEffect(() => {
    if (!autoOpened.current && unseen.data && unseen.data.length > 0) {
      autoOpened.current = true;
      setOpen(true);
    }
  }, [unseen.data]);
  const used = useRef(false);
  used.current ||= open;
  return { open, setOpen, entries: unseen.data ?? [], used: used.current };
}

function Shell() {
  const { t } = useTranslation('app');
  const isMobile = useIsMobile();
  const { collapsed, toggle } = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const changelog = useChangelogModal();
  const unseenCount = changelog.entries.length;

  return (
    <div className="flex min-h-screen bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      {isMobile ? (
        <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      ) : (
        <aside
          data-testid="sidebar"
          data-collapsed={collapsed}
          className={cn(
            'sticky top-0 h-screen shrink-0 border-r border-border bg-surface transition-[width] duration-200',
            collapsed ? 'w-16' : 'w-64',
          )}
        >
          <SidebarContent collapsed={collapsed} onToggle={toggle} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-surface/95 px-4 backdrop-blur md:px-6">
          {isMobile && (
            <button
              type="button"
              className="-ml-1 rounded-md p-2 text-foreground hover:bg-surface-2"
              aria-label={t('shell.openMenu')}
              aria-expanded={drawerOpen}
              data-testid="drawer-open"
              onClick={() => setDrawerOpen(true)}
            >
              <Menu className="size-5" aria-hidden />
            </button>
          )}
          <div className="flex-1" />
          <CommandCenter />
          <NotificationBell />
          <LanguagePicker />
          <button
            type="button"
            className="relative rounded-md p-2 text-foreground hover:bg-surface-2"
            aria-label={t('shell.updates', { n: unseenCount })}
            data-testid="changelog-open"
            onClick={() => changelog.setOpen(true)}
          >
            <Bell className="size-5" aria-hidden />
            {unseenCount > 0 && (
              <span className="absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-danger text-[10px] font-bold text-white">
                {unseenCount}
              </span>
            )}
          </button>
        </header>
        <CompanyReadOnlyBanner />
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6 lg:p-8">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {changelog.used && (
        <Suspense fallback={null}>
          <ChangelogModal
            open={changelog.open}
            onOpenChange={changelog.setOpen}
            entries={changelog.entries}
          />
        </Suspense>
      )}
    </div>
  );
}
