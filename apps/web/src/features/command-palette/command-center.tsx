import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';
import { useCurrentCompany } from '../team/current-company.tsx';
import { CommandPalette } from './command-palette.tsx';
import { recordKindOf, rememberRecent } from './recent.ts';
import { ShortcutHelp } from './shortcut-help.tsx';
import { isTypingTarget, resolveShortcut } from './shortcuts.ts';

const SEQUENCE_MS = 1500;

/** Remembers record pages as they are visited, named by the page's heading once it has loaded. */
function useRememberVisits(userId: string, companyId: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    const kind = recordKindOf(pathname);
    if (!kind || !userId) return;
    const id = setTimeout(() => {
      const label = document.querySelector('main h1')?.textContent?.trim();
      if (label) rememberRecent(userId, companyId, { href: pathname, label, kind });
    }, 1200);
    return () => clearTimeout(id);
  }, [pathname, userId, companyId]);
}

/**
 * The shell's keyboard layer: the Ctrl+K palette, the `?` overlay, `g` + letter, `n` on lists and
 * `/` for the list's search box; plus the header's search button for pointer users.
 */
export function CommandCenter() {
  const { t } = useTranslation('ux');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const { companyId } = useCurrentCompany();
  const userId = user?.id ?? '';
  const company = companyId || userId;
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingG = useRef(0);
  const path = useRef(pathname);
  path.current = pathname;
  useRememberVisits(userId, company);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const action = resolveShortcut(e, {
        pendingG: Date.now() - pendingG.current < SEQUENCE_MS,
        typing: isTypingTarget(document.activeElement),
        pathname: path.current,
      });
      pendingG.current = action?.type === 'pending-g' ? Date.now() : 0;
      if (!action || action.type === 'pending-g') return;
      e.preventDefault();
      if (action.type === 'palette') {
        setHelpOpen(false);
        setPaletteOpen((open) => !open);
      } else if (action.type === 'help') setHelpOpen(true);
      else if (action.type === 'search') {
        document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus();
      } else navigate(action.to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <>
      <button
        type="button"
        data-testid="palette-open"
        onClick={() => setPaletteOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm text-muted hover:bg-surface-2 hover:text-foreground"
      >
        <Search className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('palette.open')}</span>
        <kbd className="hidden rounded border border-border px-1 font-mono text-xs sm:inline">
          {t('keys.ctrlK')}
        </kbd>
      </button>
      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} userId={userId} companyId={company} />
      <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
    </>
  );
}
