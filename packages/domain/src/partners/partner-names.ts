/**
 * The part of a business name that tells partners apart: lower case, without diacritics, legal
 * form suffixes (d.o.o., j.d.o.o., d.d., obrt, GmbH...) and punctuation, so "Staklo Horvat d.o.o."
 * and "STAKLO-HORVAT DOO" compare as the same name. Duplicate detection compares these keys.
 */
const LEGAL_FORMS = [
  'j d o o',
  'd o o',
  'd d',
  'j t d',
  'k d',
  'doo',
  'jdoo',
  'dd',
  'obrt',
  'gmbh',
  'ag',
  'srl',
  's r l',
  'spa',
  's p a',
  's r o',
  'sro',
  'ltd',
  'llc',
  'inc',
];

export function partnerNameKey(name: string): string {
  let s = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  // Legal forms stand at the end; strip repeatedly ("Horvat obrt d.o.o.").
  for (let changed = true; changed; ) {
    changed = false;
    for (const form of LEGAL_FORMS) {
      if (s.endsWith(` ${form}`)) {
        s = s.slice(0, -form.length - 1).trim();
        changed = true;
      }
    }
  }
  return s;
}

/** Similarity threshold (pg_trgm `similarity` on the keys) above which two names count as near-identical. */
export const NAME_SIMILARITY_THRESHOLD = 0.6;
