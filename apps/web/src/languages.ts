import type { i18n as I18n } from 'i18next';

// The six languages, without starting i18next: the public pages' build-time rendering
// (prerender/render.tsx) and the language picker use these with their own i18next instance.
export const SUPPORTED_LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: LanguageCode = 'hr';

export type LanguageOption = { code: LanguageCode; name: string; flag: string };

/** Language names are written in their own language (endonyms), so they are not translated. */
export const LANGUAGES: readonly LanguageOption[] = [
  { code: 'hr', name: 'Hrvatski', flag: '🇭🇷' },
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'sl', name: 'Slovenščina', flag: '🇸🇮' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { code: 'it', name: 'Italiano', flag: '🇮🇹' },
  { code: 'cs', name: 'Čeština', flag: '🇨🇿' },
];

/** The language an i18next instance shows, narrowed to the six (the fallback otherwise). */
export function languageOf(instance: Pick<I18n, 'resolvedLanguage' | 'language'>): LanguageCode {
  const lng = (instance.resolvedLanguage ?? instance.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as LanguageCode) : FALLBACK_LANGUAGE;
}
