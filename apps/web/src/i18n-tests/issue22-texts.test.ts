import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
const read = (lng: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('texts named in issue 22', () => {
  it('the game announces the card, so the participle agrees with "karta" for every document name', () => {
    const hr = read('hr', 'app').game.announce;
    // "Račun je spuštena" came from putting the document name where the feminine card belongs.
    for (const key of ['over', 'dropped'] as const) expect(hr[key]).toMatch(/^Karta \{\{name\}\}/);
    expect(hr.dropped).toContain('spuštena');
  });

  it('the Settings page has no card promising settings "with the documents module"', () => {
    expect(source('features/settings/settings-page.tsx')).not.toContain('settings.documents');
    for (const lng of LANGUAGES) expect(read(lng, 'app').settings.documents, lng).toBeUndefined();
  });
});
