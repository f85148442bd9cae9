import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, sentLines } from './counts-page.tsx';
import type { CountDetail } from './inventory-api.ts';

// A draft count as the API sends it: one line counted at 12.125 (plain decimal), one not yet.
const count = {
  id: '00000000-0000-4000-8000-000000000031',
  status: 'draft',
  lines: [
    {
      id: 'a',
      sku: 'PR-1',
      item_name: 'Profil',
      lot_number: null,
      base_unit: 'm',
      counted_qty: '12.125',
      book_qty: '12',
      current_qty: '12',
    },
    {
      id: 'b',
      sku: 'PR-2',
      item_name: 'Profil 2',
      lot_number: null,
      base_unit: 'm',
      counted_qty: null,
      book_qty: null,
      current_qty: '4',
    },
  ],
} as unknown as CountDetail;

describe('count sheet: a saved count put back into its input', () => {
  // Typed counts are read in the interface language (i18next), Croatian unless changed.
  beforeAll(() => i18n.init({ lng: 'hr', resources: {} }));
  afterEach(() => i18n.changeLanguage('hr'));

  it('shows it in Croatian format and saving unchanged sends the same count (not 12 125)', () => {
    const rows = rowsOf(count, 'hr');
    expect(rows.map((r) => r.counted)).toEqual(['12,125', '']);
    expect(sentLines(rows)).toEqual([
      { id: 'a', counted_qty: '12.125' },
      { id: 'b', counted_qty: null },
    ]);
  });

  it('keeps the English "." decimal', async () => {
    await i18n.changeLanguage('en');
    const rows = rowsOf(count, 'en');
    expect(rows[0]?.counted).toBe('12.125');
    expect(sentLines(rows)[0]).toEqual({ id: 'a', counted_qty: '12.125' });
  });
});
