import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MAIL_LANGUAGES } from '@erp/domain';

// The public pages prerendered by the web build (apps/web/build/prerender-plugin.ts): one HTML file
// per page and language in `<web dist>/prerendered/<page>.<lng>.html`.

/** The app's six languages (the same list the mails and the web's locales use). */
const LANGUAGES: readonly string[] = MAIL_LANGUAGES;
const FALLBACK = 'hr';

const supported = (value: string | null | undefined): string | null => {
  const lng = (value ?? '').trim().slice(0, 2).toLowerCase();
  return LANGUAGES.includes(lng) ? lng : null;
};

/**
 * The visitor's language, in the web app's detection order as far as a server sees it: `?lng=`, the
 * `i18next` cookie (the app stores the choice there), the browser's languages (Accept-Language, in
 * order of preference), else Croatian.
 */
export function prerenderLanguage(
  query: URLSearchParams,
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): string {
  const fromHeader = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lng: supported(tag), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((c): c is { lng: string; q: number } => c.lng !== null && c.q > 0)
    .sort((a, b) => b.q - a.q)[0]?.lng;
  return supported(query.get('lng')) ?? supported(cookies.i18next) ?? fromHeader ?? FALLBACK;
}

/** Which prerendered page a GET of this path and query is, if any. */
export function prerenderedPage(pathname: string, query: URLSearchParams): string | null {
  if (pathname === '/landing') return 'landing';
  if (pathname === '/contact') return 'contact';
  if (pathname === '/auth') return query.get('mode') === 'signup' ? 'auth-signup' : 'auth';
  return null;
}

/**
 * The file (relative to the web build) to answer a GET with, or null for the app's index.html: a
 * public page in the visitor's language when the build has it.
 */
export function prerenderedFile(
  webDist: string,
  url: string,
  cookies: Record<string, string | undefined>,
  acceptLanguage: string | undefined,
): string | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const page = prerenderedPage(pathname, searchParams);
  if (!page) return null;
  const file = `prerendered/${page}.${prerenderLanguage(searchParams, cookies, acceptLanguage)}.html`;
  return existsSync(join(webDist, file)) ? file : null;
}
