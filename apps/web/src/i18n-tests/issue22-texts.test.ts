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

describe('a delivery note (otpremnica, feminine) has feminine statuses in Croatian', () => {
  it('has the _delivery_note forms the status badge asks for, agreeing with the noun', () => {
    const status = read('hr', 'documents').status;
    expect(status.delivered_delivery_note).toBe('Isporučena');
    expect(status.issued_delivery_note).toBe('Izdana');
    expect(status.cancelled_delivery_note).toBe('Stornirana');
    // The work order (nalog) keeps the masculine base form.
    expect(status.delivered).toBe('Isporučen');
    for (const lng of LANGUAGES)
      expect(read(lng, 'documents').status.delivered_delivery_note, lng).toBeTruthy();
    expect(source('features/delivery-notes/delivery-notes-pages.tsx')).toContain('kind="delivery_note"');
  });
});

describe('the activity feed speaks in whole sentences (issue 22: no "je dodao/la")', () => {
  it('each language has one sentence per event with the actor and the record kind in it', () => {
    for (const lng of LANGUAGES) {
      const sentence = read(lng, 'dashboard').activity.sentence;
      for (const action of ['INSERT', 'UPDATE', 'DELETE']) {
        expect(sentence[action], `${lng} ${action}`).toContain('{{actor}}');
        expect(sentence[action], `${lng} ${action}`).toContain('{{entity}}');
        // A slash for the unknown gender ("dodao/la") is not a sentence.
        expect(sentence[action], `${lng} ${action}`).not.toMatch(/\p{L}\/\p{L}/u);
      }
    }
    expect(source('features/dashboard/dashboard-page.tsx')).not.toContain('activity.action');
  });
});

describe('the audit log names its actions without a gender slash', () => {
  it('has no "dodao/la" style action in any language', () => {
    for (const lng of LANGUAGES)
      for (const text of Object.values(read(lng, 'audit').action) as string[])
        expect(text, lng).not.toMatch(/\p{L}\/\p{L}/u);
  });
});
