import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { understoodValues } from './import-values.ts';

// Issue 22: the import preview shows what each row was read as, in the user's language.
const hr = JSON.parse(
  readFileSync(new URL('../../../public/locales/hr/inventory.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('import preview: understood values', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'hr',
    resources: { hr: { inventory: hr } },
    ns: ['inventory'],
    defaultNS: 'inventory',
  });
  const t = i18n.getFixedT('hr', 'inventory');
  const columns = [
    { header: 'Šifra', field: 'sku' },
    { header: 'Naziv', field: 'name' },
    { header: 'Nabavna cijena', field: 'purchase_price' },
    { header: 'Praćenje lotova', field: 'lot_tracked' },
    { header: 'Lokacija', field: 'location' },
    { header: 'Rok trajanja', field: 'expires_on' },
    { header: 'Boja', field: null },
  ];

  it('labels each value with the file’s header (or the field for a default) and writes it in Croatian', () => {
    const rows = understoodValues(t, 'hr', columns, {
      sku: 'S-1',
      name: 'Staklo',
      kind: 'component',
      base_unit: 'm2',
      purchase_price: '1234.5',
      lot_tracked: 'true',
      location: 'SKL-A',
      expires_on: '2027-12-31',
    });
    expect(rows.map((r) => `${r.label}: ${r.text}`)).toEqual([
      'Vrsta: Komponenta',
      'Jedinica: m2',
      'Nabavna cijena: 1.234,5',
      'Praćenje lotova: da',
      'Rok trajanja: 31. 12. 2027.',
    ]);
  });

  it('keeps a value that could not be read as it was typed', () => {
    const rows = understoodValues(t, 'hr', columns, {
      purchase_price: 'dvanaest',
      expires_on: '31.02.2027.',
    });
    expect(rows.map((r) => r.text)).toEqual(['dvanaest', '31.02.2027.']);
  });
});
