import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, type LanguageCode, languageOf, SUPPORTED_LANGUAGES } from './languages.ts';

export {
  FALLBACK_LANGUAGE,
  LANGUAGES,
  type LanguageCode,
  type LanguageOption,
  SUPPORTED_LANGUAGES,
} from './languages.ts';
export const NAMESPACES = ['common', 'app', 'public'] as const;

export function currentLanguage(): LanguageCode {
  return languageOf(i18n);
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
      // The cookie too: the server picks the language of the prerendered public pages from it.
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
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
