import { describe, expect, it } from 'vitest';
import { matchesQuery, normalizeSearch } from './help-articles.ts';

describe('help search', () => {
  it('ignores case and diacritics', () => {
    expect(normalizeSearch('Skladište ČŠŽ')).toBe('skladiste csz');
    expect(matchesQuery('skladiste', 'Skladište', 'Zalihe po lokacijama')).toBe(true);
    expect(matchesQuery('DODAVATELÉ', 'Dodavatelé')).toBe(true);
  });

  it('requires every word of the query', () => {
    expect(matchesQuery('otpremnica zaliha', 'Otpremnice', 'Izdavanje smanjuje zalihe')).toBe(false);
    expect(matchesQuery('otpremnic zalih', 'Otpremnice', 'Izdavanje smanjuje zalihe')).toBe(true);
  });

  it('matches everything for an empty query', () => {
    expect(matchesQuery('   ', 'x')).toBe(true);
  });
});
