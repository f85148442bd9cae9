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
