import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { SidebarContent } from './sidebar.tsx';

/** Below 768 px the sidebar is a slide-over drawer (w-80) with a focus trap and Escape to close. */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('app');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] border-r border-border bg-surface shadow-2xl"
          data-testid="mobile-drawer"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">{t('shell.mainNav')}</Dialog.Title>
          <Dialog.Close
            className="absolute top-4 right-3 z-10 rounded p-1.5 text-muted hover:bg-surface-2 hover:text-foreground"
            aria-label={t('shell.closeMenu')}
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
          <SidebarContent collapsed={false} onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
