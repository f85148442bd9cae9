import { describe, expect, it } from 'vitest';
import { NEW_ROUTES, newRouteFor, resolveShortcut, SECTIONS, SHORTCUTS } from './shortcuts.ts';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
const idle = { pendingG: false, typing: false, pathname: '/documents/quotes' };

describe('keyboard shortcuts', () => {
  it('opens the palette with Ctrl+K and ⌘K, even while typing', () => {
    expect(resolveShortcut(press('k', { ctrlKey: true }), { ...idle, typing: true })).toEqual({
      type: 'palette',
    });
    expect(resolveShortcut(press('K', { metaKey: true }), idle)).toEqual({ type: 'palette' });
    expect(resolveShortcut(press('k', { ctrlKey: true, altKey: true }), idle)).toBeNull();
  });

  it('ignores single keys while a field has focus or with a modifier', () => {
    expect(resolveShortcut(press('n'), { ...idle, typing: true })).toBeNull();
    expect(resolveShortcut(press('?'), { ...idle, typing: true })).toBeNull();
    expect(resolveShortcut(press('n', { ctrlKey: true }), idle)).toBeNull();
  });

  it('creates a new record only on list pages', () => {
    expect(resolveShortcut(press('n'), idle)).toEqual({ type: 'new', to: '/documents/quotes/new' });
    expect(resolveShortcut(press('N'), { ...idle, pathname: '/clients/' })).toEqual({
      type: 'new',
      to: '/clients/new',
    });
    expect(newRouteFor('/suppliers/orders')).toBe('/suppliers/orders/new');
    expect(newRouteFor('/clients/3f2b')).toBeNull();
    expect(resolveShortcut(press('n'), { ...idle, pathname: '/' })).toBeNull();
  });

  it('goes to a section with g then a letter', () => {
    expect(resolveShortcut(press('g'), idle)).toEqual({ type: 'pending-g' });
    expect(resolveShortcut(press('c'), { ...idle, pendingG: true })).toEqual({ type: 'go', to: '/clients' });
    expect(resolveShortcut(press('i'), { ...idle, pendingG: true })).toEqual({
      type: 'go',
      to: '/inventory/items',
    });
    expect(resolveShortcut(press('z'), { ...idle, pendingG: true })).toBeNull();
  });

  it('has no two sections on one letter, and lists every section and list in the overlay', () => {
    expect(new Set(SECTIONS.map((s) => s.key)).size).toBe(SECTIONS.length);
    expect(new Set(NEW_ROUTES.map((r) => r.list)).size).toBe(NEW_ROUTES.length);
    expect(SHORTCUTS.filter((s) => s.group === 'navigation')).toHaveLength(SECTIONS.length);
    expect(SHORTCUTS.map((s) => s.keys.join('+'))).toContain('mod+K');
  });
});
