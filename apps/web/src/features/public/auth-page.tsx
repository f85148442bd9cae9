import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { usePrerenderedHandOver } from '../../prerender/hand-over.ts';
import { AuthForm } from './auth-form.tsx';
import { modeFromSearch } from './auth-form-logic.ts';
import { AuthMarketingPanel } from './auth-marketing-panel.tsx';
import { LANDING_HREF } from './public-links.ts';
import { usePageTitle } from './use-page-title.ts';

export function AuthPage() {
  usePrerenderedHandOver();
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  // The mode lives in the URL so the landing page can link straight to sign-up and Back toggles back.
  const mode = modeFromSearch(params);
  const heading = mode === 'signup' ? 'auth.signUp' : 'auth.signIn';
  usePageTitle(t(`${heading}.title`));
  return (
    <div className="grid min-h-screen bg-background lg:grid-cols-2">
      <div className="order-2 lg:order-1 lg:flex">
        <AuthMarketingPanel />
      </div>
      <main className="order-1 flex flex-col px-4 py-6 sm:px-8 lg:order-2">
        <div className="flex items-center justify-between gap-4">
          <Link
            to={LANDING_HREF}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('auth.backToLanding')}
          </Link>
          <LanguagePicker />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
            {t(`${heading}.title`)}
          </h1>
          <p className="mt-2 mb-8 text-sm text-muted">{t(`${heading}.subtitle`)}</p>
          {/* Keyed by mode: switching starts a clean form with no stale errors. */}
          <AuthForm key={mode} mode={mode} />
        </div>
      </main>
    </div>
  );
}
