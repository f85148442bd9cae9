import { useEffect } from 'react';

/**
 * The sign-in and contact pages arrive as prerendered HTML (`<div id="prerendered" inert>` before the
 * app's `#root`, which styles.css hides meanwhile): painted at once, inert until the app has loaded.
 * The first page the app renders calls this to remove the copy, so its own page shows in its place.
 */
export function usePrerenderedHandOver(): void {
  useEffect(() => {
    document.getElementById('prerendered')?.remove();
  }, []);
}
