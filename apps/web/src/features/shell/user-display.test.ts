import { describe, expect, it } from 'vitest';
import { companyName, displayName, initials } from './user-display.ts';

describe('user display', () => {
  it('prefers the full name, then the email local part, then the fallback', () => {
    expect(displayName('Ana Horvat', 'ana@firma.hr', 'Korisnik')).toBe('Ana Horvat');
    expect(displayName('  ', 'marko.kovac@firma.hr', 'Korisnik')).toBe('marko.kovac');
    expect(displayName(null, null, 'Korisnik')).toBe('Korisnik');
    expect(displayName(undefined, '@firma.hr', 'Korisnik')).toBe('Korisnik');
  });

  it('falls back to the company placeholder', () => {
    expect(companyName('Staklo d.o.o.', 'Tvrtka')).toBe('Staklo d.o.o.');
    expect(companyName(null, 'Tvrtka')).toBe('Tvrtka');
    expect(companyName('', 'Tvrtka')).toBe('Tvrtka');
  });

  it('takes the first letters of up to two words', () => {
    expect(initials('Ana Marija Horvat')).toBe('AM');
    expect(initials('ivan')).toBe('I');
    expect(initials('  željko   šimić ')).toBe('ŽŠ');
    expect(initials('')).toBe('');
  });
});
