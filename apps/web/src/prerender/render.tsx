// Build-time rendering of the public pages (landing, sign-in / sign-up, contact) to HTML, one file
// per page and language, so they paint before any JavaScript runs. Built by Vite as an SSR bundle and
// called by build/prerender-plugin.ts after the client build; never part of the browser bundle.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { AuthPage } from '../features/public/auth-page.tsx';
import { ContactPage } from '../features/public/contact-page.tsx';
import { LandingPage } from '../features/public/landing-page.tsx';
import { pageTitle } from '../features/public/use-page-title.ts';

export type PrerenderedPage = 'landing' | 'auth' | 'auth-signup' | 'contact';

const PAGES: Record<PrerenderedPage, { url: string; element: () => ReactElement }> = {
  landing: { url: '/landing', element: () => <LandingPage /> },
  auth: { url: '/auth', element: () => <AuthPage /> },
  'auth-signup': { url: '/auth?mode=signup', element: () => <AuthPage /> },
  contact: { url: '/contact', element: () => <ContactPage /> },
};

export const PRERENDERED_PAGES = Object.keys(PAGES) as PrerenderedPage[];

/** The page's markup and its title in one language; `resources` holds that language's namespaces. */
export async function renderPage(
  page: PrerenderedPage,
  lng: string,
  resources: Resource,
): Promise<{ html: string; title: string }> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'hr',
    resources,
    ns: Object.keys(resources[lng] ?? {}),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const { url, element } = PAGES[page];
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <StaticRouter location={url}>{element()}</StaticRouter>
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  // The same titles the pages set with usePageTitle once the app runs.
  const t = i18n.getFixedT(lng);
  const titles: Record<PrerenderedPage, string> = {
    landing: t('public:hero.eyebrow'),
    auth: t('public:auth.signIn.title'),
    'auth-signup': t('public:auth.signUp.title'),
    contact: t('public:contact.title'),
  };
  return { html, title: pageTitle(titles[page], t('public:brand.name')) };
}
