import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { ApiError } from '../../lib/api.ts';
import { SIGN_IN_HREF } from '../public/public-links.ts';
import { usePageTitle } from '../public/use-page-title.ts';

/** The frame of both public password pages: language picker, a way back to sign-in, one card. */
export function PasswordResetLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('password-reset');
  usePageTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-md items-center justify-between gap-4 px-4">
          <Link
            to={SIGN_IN_HREF}
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted hover:text-foreground"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {t('backToSignIn')}
          </Link>
          <LanguagePicker />
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        <div className="rounded-xl border border-border bg-surface p-6 shadow-sm">
          <h1 className="text-2xl font-semibold text-foreground">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}

/** Translated problems: validation keys and server codes live in `common`. */
export function Problems({ keys, id }: { keys: readonly string[]; id: string }) {
  const { t } = useTranslation('common');
  if (keys.length === 0) return null;
  return (
    <div id={id}>
      <FormErrors messages={keys.map((k) => t(k))} />
    </div>
  );
}

/** The i18n keys of a failed call: the server's field keys, else its error code. */
export function errorKeys(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.details && error.details.length > 0) return error.details.map((d) => d.key);
    return [`errors.${error.code}`];
  }
  return ['errors.INTERNAL'];
}
