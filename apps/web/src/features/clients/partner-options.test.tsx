import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../i18n-tests/locale-files.ts';
import { PartnerOptions } from './partner-ui.tsx';
import { unlistedId } from './partners-api.ts';

// Review of session 13: a document's picker lists active partners only, so a client or supplier
// deactivated since the document was made showed as "—". The forms now add it after the list,
// marked inactive in the user's language (common:inactivePartner), from the real translation files.
const common = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../public/locales/${lng}/common.json`, import.meta.url), 'utf8'));

async function options(lng: string, props: Parameters<typeof PartnerOptions>[0]) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: false,
    ns: ['common'],
    resources: { [lng]: { common: common(lng) } },
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <select>
        <PartnerOptions {...props} />
      </select>
    </I18nextProvider>,
  );
  return [...html.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
}

const listed = [
  { id: 'a', name: 'Aktivni Kupac d.o.o.' },
  { id: 'b', name: 'Drugi Kupac d.o.o.' },
];
const gone = { id: 'x', name: 'Bivši Kupac d.o.o.', active: false };

describe("a document's partner picker", () => {
  it('offers the listed partners, then the inactive one marked "(neaktivan)"', async () => {
    expect(await options('hr', { listed, unlisted: gone })).toEqual([
      ['a', 'Aktivni Kupac d.o.o.'],
      ['b', 'Drugi Kupac d.o.o.'],
      ['x', 'Bivši Kupac d.o.o. (neaktivan)'],
    ]);
  });

  it('marks the inactive partner in every language, around its name', async () => {
    for (const lng of LANGS) {
      const last = (await options(lng, { listed, unlisted: gone })).at(-1);
      expect(last?.[0], lng).toBe('x');
      expect(last?.[1], lng).toMatch(/^Bivši Kupac d\.o\.o\. \(.+\)$/);
    }
  });

  it('offers an active partner past the list by its name alone, and nothing more without one', async () => {
    expect((await options('hr', { listed, unlisted: { ...gone, active: true } })).at(-1)).toEqual([
      'x',
      'Bivši Kupac d.o.o.',
    ]);
    expect(await options('hr', { listed, unlisted: undefined })).toHaveLength(2);
  });

  it("reads the document's partner on its own only when the loaded list lacks it", () => {
    expect(unlistedId(undefined, 'x')).toBeUndefined(); // the list is still loading
    expect(unlistedId(listed, 'a')).toBeUndefined();
    expect(unlistedId(listed, 'x')).toBe('x');
    expect(unlistedId([], 'x')).toBe('x');
    expect(unlistedId(listed, '')).toBeUndefined();
    expect(unlistedId(listed, null)).toBeUndefined();
  });
});
