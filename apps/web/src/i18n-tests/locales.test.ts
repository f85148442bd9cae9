import { ERROR_CODES } from '@erp/domain/errors';
import { describe, expect, it } from 'vitest';
import {
  baseKey,
  flatten,
  LANGS,
  namespaces,
  placeholders,
  pluralCategory,
  readLocale,
} from './locale-files.ts';

const NS = namespaces();

describe('translation files', () => {
  it('have the namespaces the app loads', () => {
    expect(NS).toEqual(expect.arrayContaining(['app', 'common']));
  });

  for (const ns of NS) {
    const reference = flatten(readLocale('hr', ns));
    const referenceBases = new Set([...reference.keys()].map(baseKey));

    for (const lng of LANGS) {
      describe(`${lng}/${ns}.json`, () => {
        const texts = flatten(readLocale(lng, ns));

        it('has exactly the keys of hr', () => {
          const bases = new Set([...texts.keys()].map(baseKey));
          expect(
            [...referenceBases].filter((k) => !bases.has(k)),
            'missing',
          ).toEqual([]);
          expect(
            [...bases].filter((k) => !referenceBases.has(k)),
            'extra',
          ).toEqual([]);
        });

        it('has every plural form the language needs', () => {
          const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
          const pluralBases = new Set([...texts.keys()].filter((k) => pluralCategory(k)).map(baseKey));
          for (const base of pluralBases) {
            for (const category of needed)
              expect(texts.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
          }
        });

        it('has no empty texts and the same placeholders as hr', () => {
          for (const [key, text] of texts) {
            expect(text.trim(), key).not.toBe('');
            const refKey = reference.has(key) ? key : `${baseKey(key)}_other`;
            const ref = reference.get(refKey) ?? reference.get(baseKey(key));
            if (ref !== undefined) expect(placeholders(text), key).toEqual(placeholders(ref));
          }
        });
      });
    }
  }
});

describe('common namespace', () => {
  const hr = flatten(readLocale('hr', 'common'));

  it('has the seed section 8 validation texts in Croatian', () => {
    // The seed's own words; the server's Croatian messages are these same texts (server-keys.test.ts).
    const seed: Record<string, string> = {
      'validation.emailRequired': 'Email je obavezan',
      'validation.emailInvalid': 'Email format nije valjan',
      'validation.passwordRequired': 'Lozinka je obavezna',
      'validation.passwordMin': 'Lozinka mora imati najmanje 6 znakova',
      'validation.nameRequired': 'Ime je obavezno',
      'validation.nameMin': 'Ime mora imati najmanje 2 znaka',
    };
    for (const [key, text] of Object.entries(seed)) expect(hr.get(key), key).toBe(text);
  });

  it('translates every server error code and NETWORK', () => {
    for (const code of [...ERROR_CODES, 'NETWORK']) expect(hr.has(`errors.${code}`), code).toBe(true);
  });

  it('has the seed section 8 auth messages', () => {
    expect(hr.get('auth.errors.passwordMismatch')).toBe('Lozinke se ne podudaraju');
    expect(flatten(readLocale('en', 'common')).get('auth.errors.passwordMismatch')).toBe(
      'Passwords do not match',
    );
    expect(flatten(readLocale('en', 'common')).get('auth.errors.signInError')).toBe('Sign in error');
    expect(flatten(readLocale('en', 'common')).get('auth.errors.signUpError')).toBe('Sign up error');
  });

  it('has the seed loading text', () => {
    expect(hr.get('loading.page')).toBe('Učitavanje stranice...');
  });

  it("says a blocked account's refusal in the seed's words, as the blocked screen does (seed section 8)", () => {
    // The server's ACCOUNT_BLOCKED message is the same sentence (apps/server/src/http/errors.ts).
    expect(hr.get('errors.ACCOUNT_BLOCKED')).toBe('Račun privremeno nije dostupan');
    for (const lng of LANGS)
      expect(flatten(readLocale(lng, 'common')).get('errors.ACCOUNT_BLOCKED'), lng).toBe(
        flatten(readLocale(lng, 'app')).get('blocked.title'),
      );
  });
});

describe('app namespace Croatian texts from the seed', () => {
  const hr = flatten(readLocale('hr', 'app'));
  const seed: Record<string, string> = {
    'nav.dashboard': 'Dashboard',
    'nav.inventory': 'Skladište',
    'nav.documents': 'Dokumenti',
    'nav.deliveryNotes': 'Otpremnice',
    'nav.sectionManagement': 'UPRAVLJANJE',
    'nav.clients': 'Klijenti',
    'nav.suppliers': 'Dobavljači',
    'nav.processes': 'Procesi',
    'nav.products': 'Proizvodi',
    'nav.sectionHelp': 'POMOĆ',
    'nav.helpCenter': 'Help Center',
    'shell.profile': 'Profil',
    'shell.settings': 'Postavke',
    'shell.gateSignOut': 'Odjava pristupa',
    'shell.signOut': 'Odjavi se',
    'shell.fallbackName': 'Korisnik',
    'shell.fallbackCompany': 'Tvrtka',
    'changelog.title': 'Sistemska ažuriranja',
    'changelog.recentlyPublished': 'Nedavno objavljeno',
    'changelog.upToDate': 'Sustav je ažuran',
    'changelog.confirm': 'Potvrdi pregled',
    'changelog.marking': 'Označavam...',
    'blocked.title': 'Račun privremeno nije dostupan',
    'game.newGame': 'Nova Igra',
  };
  for (const [key, text] of Object.entries(seed)) {
    it(key, () => expect(hr.get(key)).toBe(text));
  }

  it("names the game's documents with the seed's words (seed section 3, capitalised as labels)", () => {
    const seedTypes = { ponuda: 'ponuda', nalog: 'nalog', otpremnica: 'otpremnica', racun: 'račun' };
    for (const [key, word] of Object.entries(seedTypes))
      expect(hr.get(`game.documents.${key}`)?.toLocaleLowerCase('hr'), key).toBe(word);
  });
});

describe('public namespace constants from the seed', () => {
  it('gives the working hours as the seed writes them (seed section 9), in every language', () => {
    for (const lng of LANGS)
      expect(flatten(readLocale(lng, 'public')).get('contact.hoursValue'), lng).toContain('9:00-17:00');
  });
});
