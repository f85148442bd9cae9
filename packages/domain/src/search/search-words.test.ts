import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, searchWords } from './search-words.ts';

describe('searchWords', () => {
  it('splits a query into words on spaces and commas, once each', () => {
    expect(searchWords('  brtva,  siva Siva ').map((w) => w.text)).toEqual(['brtva', 'siva']);
  });

  it('escapes LIKE wildcards so they match themselves', () => {
    expect(searchWords('50% a_b')[0]?.like).toBe('%50\\%%');
    expect(searchWords('50% a_b')[1]?.like).toBe('%a\\_b%');
  });

  it('keys words without diacritics and keeps legal-form-looking words', () => {
    expect(searchWords('Čakić')[0]?.key).toBe('%cakic%');
    // "doo" alone is a word the user typed, not a suffix to strip.
    expect(searchWords('doo')[0]?.key).toBe('%doo%');
    expect(searchWords('-')[0]?.key).toBeNull();
  });

  it('keeps at most MAX_SEARCH_WORDS words', () => {
    const many = Array.from({ length: MAX_SEARCH_WORDS + 3 }, (_, i) => `w${i}`).join(' ');
    expect(searchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
  });
});
