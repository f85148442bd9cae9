import { describe, expect, it } from 'vitest';
import { isSaveKey } from './save-shortcut.ts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('isSaveKey', () => {
  it('is Ctrl+S or ⌘S, whatever the letter’s case', () => {
    expect(isSaveKey(key('s', { ctrlKey: true }))).toBe(true);
    expect(isSaveKey(key('S', { ctrlKey: true }))).toBe(true);
    expect(isSaveKey(key('s', { metaKey: true }))).toBe(true);
  });

  it('is not a plain s, Ctrl+Shift+S, Ctrl+Alt+S (AltGr on Croatian keyboards) or another letter', () => {
    expect(isSaveKey(key('s'))).toBe(false);
    expect(isSaveKey(key('s', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSaveKey(key('s', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSaveKey(key('d', { ctrlKey: true }))).toBe(false);
  });
});
