import { type RefCallback, useCallback } from 'react';

/** Ctrl+S (⌘S on a Mac), without Alt or Shift: the editors' save key. */
export function isSaveKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's';
}

/** The Save buttons of the editors on screen, in the order they were mounted. */
const buttons = new Set<HTMLButtonElement>();

/**
 * The button Ctrl+S presses: the nearest to the focus (the first found going out from the focused
 * element), else the first on the page. A page with two editors (a product's BOM and its routing)
 * saves the one being worked in.
 */
function target(): HTMLButtonElement | null {
  const live = [...buttons]
    .filter((b) => b.isConnected)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  for (let node = document.activeElement; node && node !== document.body; node = node.parentElement) {
    const inside = live.find((b) => node?.contains(b));
    if (inside) return inside;
  }
  return live[0] ?? null;
}

function onKey(e: KeyboardEvent) {
  if (!isSaveKey(e)) return;
  // The browser's "Save page" dialog never opens over an editor, even while saving is not possible.
  e.preventDefault();
  if (e.repeat) return;
  const button = target();
  if (!button || button.disabled) return;
  // Typed text is committed first (a cell's change is already in state; this ends IME input).
  button.click();
}

/**
 * Ctrl+S saves wherever the page is an editor (quote, order, delivery note, invoice, purchase
 * order, product, item): give the editor's Save (or submit) button this ref. The key presses that
 * button, so saving keeps the button's own rules (disabled while saving or not allowed, the same
 * request and answer); the browser's save dialog is prevented while an editor is on screen.
 */
export function useSaveShortcut(): RefCallback<HTMLButtonElement> {
  return useCallback((button: HTMLButtonElement | null) => {
    if (!button) return;
    if (buttons.size === 0) window.addEventListener('keydown', onKey, true);
    buttons.add(button);
    return () => {
      buttons.delete(button);
      if (buttons.size === 0) window.removeEventListener('keydown', onKey, true);
    };
  }, []);
}
