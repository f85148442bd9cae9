import { PARTNER_IMPORT_FIELDS } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { flatten, readLocale } from './locale-files.ts';

/**
 * The client and supplier import's help names the columns. The importer knows Croatian and English
 * headers of its own (packages/domain/src/partners/partner-import.ts) and, in every language, the
 * headers, kinds and yes/no of the export screen's client file (export-language.ts). A German,
 * Italian or Czech screen listed the English headers and a Slovene one the Croatian: the help of
 * those languages names the export file's own words.
 */

describe('the partner import help names the columns in the language of the screen', () => {
  for (const lng of ['sl', 'de', 'it', 'cs']) {
    it(lng, () => {
      // The importer reads headers and words in any case.
      const help = (flatten(readLocale(lng, 'partners')).get('import.columns') ?? '').toLocaleLowerCase(lng);
      const file = flatten(readLocale(lng, 'export'));
      const kinds = flatten(readLocale(lng, 'partners'));
      const words = [
        ...PARTNER_IMPORT_FIELDS.map((c) => file.get(`file.columns.${c}`) ?? c),
        ...['company', 'person'].map((k) => kinds.get(`kind.${k}`) ?? k),
        file.get('file.yes') ?? 'yes',
        file.get('file.no') ?? 'no',
      ].map((w) => w.toLocaleLowerCase(lng));
      expect(words.filter((w) => !help.includes(w))).toEqual([]);
    });
  }
});
