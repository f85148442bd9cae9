import { useLayoutEffect } from 'react';

/** True while React renders on the server for the prerendered pages (build/prerender-plugin.ts). */
export const PRERENDERING = typeof document === 'undefined';

/** Sets an input's value the way typing does, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The sign-in and contact pages arrive as prerendered HTML (`<div id="prerendered">` before the
 * app's `#root`, which styles.css hides meanwhile): painted at once; its links work, its form's fields
 * are read-only and its buttons disabled until the app has taken over (typing into the copy was
 * lost in the hand-over when the app's form was not drawn yet). The first page the app
 * renders calls this: what was typed into the copy (and the focus) moves to the app's fields of the
 * same id, and the copy is removed, all before the browser paints, so the two never show together.
 */
export function usePrerenderedHandOver(): void {
  useLayoutEffect(() => {
    const copy = document.getElementById('prerendered');
    if (!copy) return;
    const focused = copy.contains(document.activeElement) ? document.activeElement?.id : undefined;
    const typed = [...copy.querySelectorAll<HTMLInputElement>('input[id]')]
      .filter((input) => input.value !== '')
      .map((input) => [input.id, input.value] as const);
    copy.remove();
    for (const [id, value] of typed) {
      const target = document.getElementById(id);
      if (target instanceof HTMLInputElement && target.value === '') typeInto(target, value);
    }
    if (focused) document.getElementById(focused)?.focus();
  }, []);
}
