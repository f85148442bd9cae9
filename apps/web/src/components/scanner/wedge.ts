/**
 * Keyboard-wedge barcode scanners type the code as a fast burst of keys ending with Enter. People
 * type slower: a burst counts as a scan when it has at least `minLength` characters, ends with
 * Enter, and its keys came on average no more than `maxGapMs` apart. One late key inside a burst
 * (the browser was busy rendering) is tolerated; a pause longer than `4 × maxGapMs` starts over,
 * so slow keys typed before a scan are not part of it.
 */
export type WedgeOptions = { maxGapMs?: number; minLength?: number };

export function createWedgeDetector({ maxGapMs = 50, minLength = 3 }: WedgeOptions = {}) {
  const pause = maxGapMs * 4;
  let buffer = '';
  let start = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  const fast = (at: number) =>
    buffer.length >= minLength && at - last <= pause && (at - start) / buffer.length <= maxGapMs;
  return {
    /** Feeds one key (KeyboardEvent.key) at a time in ms; returns the code when a scan ended. */
    key(key: string, at: number): string | null {
      if (key === 'Enter') {
        const code = fast(at) ? buffer : null;
        buffer = '';
        last = at;
        return code;
      }
      if (key.length !== 1) return null; // Shift and other modifiers of the scanner's own typing
      if (at - last > pause || !buffer) {
        buffer = key;
        start = at;
      } else buffer += key;
      last = at;
      return null;
    },
    /** Whether the keys so far look like a scan in progress (used to keep Enter from clicking). */
    pending(at: number): boolean {
      return fast(at);
    },
  };
}

/** The same code again within `windowMs` is a double read, not a second scan. */
export function createDuplicateGuard(windowMs = 2000) {
  let lastCode = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  return (code: string, at: number): boolean => {
    const duplicate = code === lastCode && at - lastAt < windowMs;
    if (!duplicate) {
      lastCode = code;
      lastAt = at;
    }
    return !duplicate;
  };
}

/**
 * Single-key shortcuts (`n`, `/`, `?`, `g` then a letter) and a keyboard-wedge scanner share the
 * keyboard: a scan on a list page would otherwise open "new" on its first `n`. A shortcut therefore
 * runs only after `quietMs` without another key, and only when the keys that came in one run
 * (each less than `quietMs` after the one before) are no more than the shortcut's own keys — one,
 * or two for `g` then a letter. A scanner types far faster and more keys (and ends with Enter), so
 * its burst runs nothing; a person pressing `n` waits `quietMs` for the page, unnoticeably.
 */
export function createShortcutGate(quietMs = 50) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let run: (() => void) | null = null;
  let inRun = 0;
  return {
    /**
     * Every key press (modifier keys alone excluded). `shortcut` is what this key would do and
     * `keys` how many key presses that shortcut is made of.
     */
    key(shortcut?: () => void, keys = 1): void {
      inRun = timer === null ? 1 : inRun + 1;
      if (timer !== null) clearTimeout(timer);
      run = shortcut && inRun <= keys ? shortcut : null;
      timer = setTimeout(() => {
        timer = null;
        const r = run;
        run = null;
        r?.();
      }, quietMs);
    },
    /**
     * A key that is not a character (Escape, Enter, Tab, arrows) ends the run: the keys after it
     * start a new one, and a shortcut still waiting is dropped. (Closing a dialog with Escape and
     * then typing `g` `q` at once is two keys, not three.)
     */
    breakRun(): void {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      run = null;
    },
    /** Drops a waiting shortcut (the page is going away). */
    dispose(): void {
      this.breakRun();
    },
  };
}
