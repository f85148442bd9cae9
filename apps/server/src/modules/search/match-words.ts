import { type SearchWord, searchWords } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Every word of the query must match one of the columns `matchOne` tests, in any order ("lam 6"
 * finds "Laminirano staklo 6 mm"). A query without any word matches nothing.
 */
export function allWordsMatch(q: string, matchOne: (word: SearchWord) => SQL): SQL {
  const words = searchWords(q);
  if (words.length === 0) return sql`false`;
  return sql`(${sql.join(
    words.map((w) => sql`(${matchOne(w)})`),
    sql` and `,
  )})`;
}

/**
 * A text column lower-cased and without the diacritics of the shop's languages, to compare with
 * a word's key ("cakic" finds "Čakić"); the other columns keep ILIKE.
 */
export const plainText = (column: SQL): SQL =>
  sql`translate(lower(${column}), 'čćđšžáàâäãåéèêëíìîïóòôöõúùûüýÿñß', 'ccdszaaaaaaeeeeiiiiooooouuuuyyns')`;
