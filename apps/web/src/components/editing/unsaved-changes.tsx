import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

/** A link click the app's router would handle (same origin, plain left click, no new tab). */
function inAppTarget(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement) || a.target === '_blank' || a.hasAttribute('download')) return null;
  // An explicit Discard link is the user's answer already.
  if (a.hasAttribute('data-discard')) return null;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url.pathname + url.search + url.hash;
}

/** Marks a navigation as the redirect after a successful save: the guard lets it through. */
export function afterSave(opts: { replace?: boolean } = {}) {
  return { ...opts, state: { afterSave: true } };
}

/**
 * Every mounted guard's "has unsaved changes" flag. React Router consults only the last blocker
 * registered, so a page with two editors (a product's BOM and routing) must ask if either is dirty.
 */
const guards = new Set<{ current: boolean }>();
const anyDirty = () => [...guards].some((g) => g.current);
// A click on an explicit Discard (data-discard: a link, or a button that goes back) lets the next
// navigation through unasked — if it follows within a second (Back is asynchronous), so a Discard
// that only resets the form does not wave a later navigation through.
let discardedAt = 0;

function isAfterSave(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { afterSave?: unknown }).afterSave === true;
}

/**
 * The one save model of every editor (UX.md): explicit Save, never a silent commit, and a warning
 * before unsaved changes are left — a reload or closed tab asks through the browser
 * (beforeunload), an in-app link and the browser's Back/Forward ask in our dialog.
 * Links are caught in the capture phase; Back/Forward and navigation started by code (the command
 * palette, `G` shortcuts) through react-router's useBlocker (the app runs on a data router for it,
 * see main.tsx). A redirect after a successful save runs before the editor re-renders as clean, so
 * it says so explicitly: `navigate(to, afterSave())` passes unasked.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('ux-grid');
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(() => {
    guards.add(whenRef);
    return () => {
      guards.delete(whenRef);
    };
  }, []);
  // Any navigation to another page while there are unsaved changes: Back/Forward (POP) and
  // navigate() calls (PUSH/REPLACE) — except the redirect after a save, tagged with afterSave().
  const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    if (historyAction !== 'POP' && isAfterSave(nextLocation.state)) return false;
    if (Date.now() - discardedAt < 1000) {
      discardedAt = 0;
      return false;
    }
    return anyDirty();
  });
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!when && !anyDirty() && blocker.state === 'blocked') blocker.reset();
  }, [when, blocker]);

  useEffect(() => {
    if (!when) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      if (!whenRef.current) return;
      if ((e.target as Element | null)?.closest?.('[data-discard]')) {
        discardedAt = Date.now();
        return;
      }
      const to = inAppTarget(e);
      if (!to) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(to);
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  return (
    <Dialog
      open={pending !== null || blocked}
      onOpenChange={(open) => {
        if (open) return;
        setPending(null);
        if (blocker.state === 'blocked') blocker.reset();
      }}
    >
      <DialogContent
        title={t('leave.title')}
        description={t('leave.text')}
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setPending(null);
                if (blocker.state === 'blocked') blocker.reset();
              }}
              data-testid="stay"
            >
              {t('leave.stay')}
            </Button>
            <Button
              variant="danger"
              data-testid="leave"
              onClick={() => {
                const to = pending;
                setPending(null);
                // Leaving drops every editor's changes on the page.
                for (const g of guards) g.current = false;
                if (blocker.state === 'blocked') blocker.proceed();
                else if (to) navigate(to);
              }}
            >
              {t('leave.leave')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
