import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: LanguageCode = 'hr';
export const NAMESPACES = ['common', 'app', 'public'] as const;

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

export function currentLanguage(): LanguageCode {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as LanguageCode) : FALLBACK_LANGUAGE;
}

export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      lookupSessionStorage: 'i18nextLng',
      caches: ['localStorage'],
    },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    // Seed section 9: 10 parallel reads, up to 5 retries from 350 ms, doubling each time.
    maxParallelReads: 10,
    maxRetries: 5,
    retryTimeout: 350,
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng.slice(0, 2);
});

export { i18n };
