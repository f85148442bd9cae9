/** At most this many words of a query are matched (the rest would only narrow an empty result). */
export const MAX_SEARCH_WORDS = 8;

export type SearchWord = {
  /** ILIKE pattern for the word anywhere in a text (`%`, `_` and `\` typed are literal). */
  like: string;
  /** The word as typed, for lookups that escape on their own (item_search_ids). */
  text: string;
  /** LIKE pattern on a name key (lower case, no diacritics), or null when the word has no letters or digits. */
  key: string | null;
  /** The key with "dj" as "d" (đ typed without its mark: "djakovo" for Đakovo), or null without a "dj". */
  keyDj: string | null;
};

/** Lower case without diacritics and punctuation, as partner name keys are stored (partnerNameKey). */
function wordKey(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search query as words that must all match, in any order: "float 6 mm" finds
 * "Float staklo 6 mm" and "lam 6" finds "Laminirano staklo 6 mm". Words are split on white space
 * and commas; repeated words count once.
 */
export function searchWords(q: string): SearchWord[] {
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  for (const raw of q.split(/[\s,;]+/)) {
    const text = raw.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    const key = wordKey(text);
    const keyDj = key.includes('dj') ? key.replaceAll('dj', 'd') : '';
    words.push({
      like: `%${escapeLike(text)}%`,
      text,
      key: key ? `%${escapeLike(key)}%` : null,
      keyDj: keyDj ? `%${escapeLike(keyDj)}%` : null,
    });
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}
