import { readFileSync } from 'node:fs';
import { AppError, KPD_CODE_PATTERN } from '@erp/domain';

// KPD 2025 (DZS product classification by activity), the code list every eRačun line carries
// (listID "CG"). Shipped as data/kpd2025.json, copied from ../shared/hr-einvoice/KPD2025.csv.

export type KpdEntry = { code: string; name_hr: string; name_en: string };

const raw = JSON.parse(readFileSync(new URL('./data/kpd2025.json', import.meta.url), 'utf8')) as {
  codes: [string, string, string][];
};
export const KPD_2025: readonly KpdEntry[] = raw.codes.map(([code, name_hr, name_en]) => ({
  code,
  name_hr,
  name_en,
}));
const byCode = new Map(KPD_2025.map((e) => [e.code, e]));

export const isKpdCode = (code: string): boolean => byCode.has(code.trim());
export const kpdEntry = (code: string): KpdEntry | null => byCode.get(code.trim()) ?? null;

/** Refuses a KPD code that is not in KPD 2025 (empty is fine: nothing to check). */
export function assertKpdCode(code: string | null | undefined, field = 'kpd_code'): void {
  if (!code?.trim()) return;
  if (!KPD_CODE_PATTERN.test(code.trim()) || !isKpdCode(code))
    throw new AppError('VALIDATION', `Šifra KPD ${code} nije u KPD 2025`, [
      { field, key: 'validation.kpdUnknown', params: { code: code.trim() } },
    ]);
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/đ/g, 'd');

/**
 * Codes whose code starts with the query, or whose Croatian (or English) name contains every word
 * of it (case and diacritics ignored); code matches first, at most `limit`.
 */
export function searchKpd(query: string, limit = 20): KpdEntry[] {
  const q = fold(query.trim());
  if (!q) return KPD_2025.slice(0, limit) as KpdEntry[];
  const words = q.split(/\s+/);
  const byCodePrefix = KPD_2025.filter(
    (e) => e.code.startsWith(q) || e.code.replace(/\./g, '').startsWith(q),
  );
  const byName = KPD_2025.filter((e) => {
    const name = fold(`${e.name_hr} ${e.name_en}`);
    return !byCodePrefix.includes(e) && words.every((w) => name.includes(w));
  });
  return [...byCodePrefix, ...byName].slice(0, limit);
}
