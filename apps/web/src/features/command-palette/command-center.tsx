import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createShortcutGate } from '../../components/scanner/wedge.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useCurrentCompany } from '../team/current-company.tsx';
import { recordKindOf, rememberRecent } from './recent.ts';
import { isTypingTarget, resolveShortcut, type ShortcutAction } from './shortcuts.ts';

// The palette (cmdk) and the shortcut overlay load the first time they open, not with the shell.
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette.tsx')).CommandPalette,
}));
const ShortcutHelp = lazy(async () => ({ default: (await import('./shortcut-help.tsx')).ShortcutHelp }));

const SEQUENCE_MS = 1500;
// Keys that only modify the next one (Shift for `?`, a scanner's Shift for capitals).
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

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
  // Mounted from the first opening on (and kept, so closing animates and state survives).
  const paletteUsed = useRef(false);
  const helpUsed = useRef(false);
  paletteUsed.current ||= paletteOpen;
  helpUsed.current ||= helpOpen;
  const pendingG = useRef(0);
  const path = useRef(pathname);
  path.current = pathname;
  useRememberVisits(userId, company);

  useEffect(() => {
    // Single keys wait for a quiet moment, so a barcode scanner's burst is not a shortcut
    // (components/scanner/wedge.ts); Ctrl+K acts at once.
    const gate = createShortcutGate();
    const perform = (action: ShortcutAction) => {
      if (action.type === 'help') setHelpOpen(true);
      else if (action.type === 'search') {
        document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus();
      } else if (action.type === 'new' || action.type === 'go') navigate(action.to);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.isComposing || MODIFIER_KEYS.has(e.key)) return;
      if (e.key.length !== 1 && !(e.ctrlKey || e.metaKey)) {
        gate.breakRun();
        pendingG.current = 0;
        return;
      }
      // A key a scanner screen took for itself still counts as part of a burst.
      const action = e.defaultPrevented
        ? null
        : resolveShortcut(e, {
            pendingG: Date.now() - pendingG.current < SEQUENCE_MS,
            typing: isTypingTarget(document.activeElement),
            pathname: path.current,
          });
      if (action?.type === 'palette') {
        e.preventDefault();
        setHelpOpen(false);
        setPaletteOpen((open) => !open);
        return;
      }
      pendingG.current = action?.type === 'pending-g' ? Date.now() : 0;
      const shortcut = action && action.type !== 'pending-g' ? action : null;
      if (shortcut) e.preventDefault();
      gate.key(shortcut ? () => perform(shortcut) : undefined, shortcut?.type === 'go' ? 2 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      gate.dispose();
    };
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
      <Suspense fallback={null}>
        {paletteUsed.current && (
          <CommandPalette
            open={paletteOpen}
            onOpenChange={setPaletteOpen}
            userId={userId}
            companyId={company}
          />
        )}
        {helpUsed.current && <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />}
      </Suspense>
    </>
  );
}
