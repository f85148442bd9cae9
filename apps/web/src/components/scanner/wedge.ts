/**
 * Keyboard-wedge barcode scanners type the code as a fast burst of keys ending with Enter. People
 * type slower: a gap longer than `maxGapMs` starts over, so only a burst of at least `minLength`
 * characters that ends with Enter counts as a scan.
 */
export type WedgeOptions = { maxGapMs?: number; minLength?: number };

export function createWedgeDetector({ maxGapMs = 50, minLength = 3 }: WedgeOptions = {}) {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    /** Feeds one key (KeyboardEvent.key) at a time in ms; returns the code when a scan ended. */
    key(key: string, at: number): string | null {
      const gap = at - last;
      last = at;
      if (key === 'Enter') {
        const code = buffer;
        buffer = '';
        return code.length >= minLength && gap <= maxGapMs * 2 ? code : null;
      }
      if (key.length !== 1) return null; // Shift and other modifiers of the scanner's own typing
      buffer = gap > maxGapMs ? key : buffer + key;
      return null;
    },
    /** Whether the keys so far look like a scan in progress (used to keep Enter from clicking). */
    pending(at: number): boolean {
      return buffer.length >= minLength && at - last <= maxGapMs * 2;
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
