import { describe, expect, it } from 'vitest';
import { pushRecent, recordKindOf } from './recent.ts';

describe('recent records', () => {
  it('puts the newest first, once, and keeps eight', () => {
    let list = pushRecent([], { href: '/clients/a', label: 'A', kind: 'client' });
    list = pushRecent(list, { href: '/clients/b', label: 'B', kind: 'client' });
    list = pushRecent(list, { href: '/clients/a', label: 'A d.o.o.', kind: 'client' });
    expect(list.map((r) => r.label)).toEqual(['A d.o.o.', 'B']);
    for (let i = 0; i < 10; i++) list = pushRecent(list, { href: `/x/${i}`, label: `${i}`, kind: 'item' });
    expect(list).toHaveLength(8);
    expect(list[0]?.href).toBe('/x/9');
  });

  it('recognises record pages, not lists or new forms', () => {
    const id = '0b5d6a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(recordKindOf(`/clients/${id}`)).toBe('client');
    expect(recordKindOf(`/documents/quotes/${id}/edit`)).toBe('quote');
    expect(recordKindOf('/documents/quotes/new')).toBeNull();
    expect(recordKindOf('/clients')).toBeNull();
  });
});
