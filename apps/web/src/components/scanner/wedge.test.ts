import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDuplicateGuard, createShortcutGate, createWedgeDetector } from './wedge.ts';

const feed = (d: ReturnType<typeof createWedgeDetector>, keys: [string, number][]) =>
  keys.map(([k, at]) => d.key(k, at)).filter((c) => c !== null);

describe('wedge detector', () => {
  it('reads a fast burst ending with Enter as a code', () => {
    const d = createWedgeDetector();
    const keys: [string, number][] = [...'RN-2026-0001'].map((k, i) => [k, 1000 + i * 8]);
    expect(feed(d, [...keys, ['Enter', 1000 + 12 * 8]])).toEqual(['RN-2026-0001']);
  });

  it('ignores typing at human speed', () => {
    const d = createWedgeDetector();
    const keys: [string, number][] = [...'12345'].map((k, i) => [k, 1000 + i * 180]);
    expect(feed(d, [...keys, ['Enter', 1000 + 5 * 180]])).toEqual([]);
  });

  it('starts over after a pause, so slow keys before a scan are not part of it', () => {
    const d = createWedgeDetector();
    const keys: [string, number][] = [
      ['x', 0],
      ['y', 300],
      ['A', 1000],
      ['B', 1010],
      ['C', 1020],
      ['Enter', 1030],
    ];
    expect(feed(d, keys)).toEqual(['ABC']);
  });

  it('tolerates one late key inside a fast burst (a busy browser), not slow typing', () => {
    const d = createWedgeDetector();
    // R, then E 140 ms later (a render in between), then the rest 5 ms apart: 180 ms for 6 keys.
    const keys: [string, number][] = [
      ['R', 0],
      ['E', 140],
      ['G', 145],
      ['-', 150],
      ['A', 155],
      ['Enter', 180],
    ];
    expect(feed(d, keys)).toEqual(['REG-A']);
    // Keys 120 ms apart are a person typing, even though no single gap is a pause.
    const slow: [string, number][] = [...'REG-A'].map((k, i) => [k, 1000 + i * 120]);
    expect(feed(d, [...slow, ['Enter', 1000 + 5 * 120]])).toEqual([]);
  });

  it('needs the minimum length and skips modifier keys', () => {
    const d = createWedgeDetector({ minLength: 3 });
    expect(
      feed(d, [
        ['A', 0],
        ['Shift', 5],
        ['B', 10],
        ['Enter', 20],
      ]),
    ).toEqual([]);
  });
});

describe('duplicate guard', () => {
  it('drops the same code within two seconds, accepts it after and accepts other codes', () => {
    const accept = createDuplicateGuard(2000);
    expect(accept('A', 0)).toBe(true);
    expect(accept('A', 1500)).toBe(false);
    expect(accept('B', 1600)).toBe(true);
    expect(accept('A', 1700)).toBe(true);
    expect(accept('A', 3800)).toBe(true);
  });
});

describe('shortcut gate (single keys vs a scanner burst)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a key a person pressed once the keyboard has been quiet for 40 ms', () => {
    const gate = createShortcutGate(40);
    const newRecord = vi.fn();
    gate.key(newRecord);
    vi.advanceTimersByTime(39);
    expect(newRecord).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(newRecord).toHaveBeenCalledTimes(1);
    // And again for the next press, later.
    vi.advanceTimersByTime(500);
    gate.key(newRecord);
    vi.advanceTimersByTime(40);
    expect(newRecord).toHaveBeenCalledTimes(2);
  });

  it('runs nothing for the first key of a scan: more keys follow within a few ms', () => {
    const gate = createShortcutGate(40);
    const newRecord = vi.fn();
    gate.key(newRecord); // "N" of N-2026-0001
    for (const _ of '-2026-0001') {
      vi.advanceTimersByTime(8);
      gate.key();
    }
    vi.advanceTimersByTime(8);
    gate.key(); // Enter
    vi.advanceTimersByTime(1000);
    expect(newRecord).not.toHaveBeenCalled();
  });

  it('starts a new run after a non-character key: Escape, then g and q at once, is the go sequence', () => {
    const gate = createShortcutGate(40);
    const goQuotes = vi.fn();
    const newRecord = vi.fn();
    gate.key(newRecord); // a shortcut waiting when Escape comes is dropped
    vi.advanceTimersByTime(5);
    gate.breakRun(); // Escape closes the help dialog
    vi.advanceTimersByTime(5);
    gate.key(); // g
    vi.advanceTimersByTime(5);
    gate.key(goQuotes, 2); // q
    vi.advanceTimersByTime(40);
    expect(goQuotes).toHaveBeenCalledTimes(1);
    expect(newRecord).not.toHaveBeenCalled();
  });

  it('runs nothing for a shortcut key in the middle of a burst either', () => {
    const gate = createShortcutGate(40);
    const newRecord = vi.fn();
    gate.key();
    vi.advanceTimersByTime(10);
    gate.key(newRecord); // "n" as the second key of a burst
    vi.advanceTimersByTime(1000);
    expect(newRecord).not.toHaveBeenCalled();
  });

  it('lets `g` then a letter through as two keys, also typed quickly, but not as part of a longer burst', () => {
    const gate = createShortcutGate(40);
    const goQuotes = vi.fn();
    // A person: g, a pause, q.
    gate.key();
    vi.advanceTimersByTime(300);
    gate.key(goQuotes, 2);
    vi.advanceTimersByTime(40);
    expect(goQuotes).toHaveBeenCalledTimes(1);
    // g and q 5 ms apart (a fast hand or a test driver) is still the sequence.
    vi.advanceTimersByTime(500);
    gate.key();
    vi.advanceTimersByTime(5);
    gate.key(goQuotes, 2);
    vi.advanceTimersByTime(40);
    expect(goQuotes).toHaveBeenCalledTimes(2);
    // A scanned location code "GOT": g, o (would be "go to delivery notes"), t — nothing.
    const goDeliveryNotes = vi.fn();
    vi.advanceTimersByTime(500);
    gate.key();
    vi.advanceTimersByTime(6);
    gate.key(goDeliveryNotes, 2);
    vi.advanceTimersByTime(6);
    gate.key();
    vi.advanceTimersByTime(1000);
    expect(goDeliveryNotes).not.toHaveBeenCalled();
  });

  it('forgets a waiting shortcut when disposed', () => {
    const gate = createShortcutGate(40);
    const newRecord = vi.fn();
    gate.key(newRecord);
    gate.dispose();
    vi.advanceTimersByTime(100);
    expect(newRecord).not.toHaveBeenCalled();
  });
});
