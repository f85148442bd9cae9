import { forgotPasswordSchema } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { getForgotPasswordState, requestPasswordReset } from '../auth/auth-api.ts';
import { errorKeys, PasswordResetLayout, Problems } from './password-reset-layout.tsx';
import { problemKeys } from './password-reset-logic.ts';

const MAIL_LANGUAGES = ['hr', 'en', 'sl', 'de', 'it', 'cs'] as const;
type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('password-reset');
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const problems = problemKeys(form.formState.errors, serverProblems);
  const [sent, setSent] = useState(false);
  // Without a mail server no link is sent: the page says whom to ask instead of promising mail.
  const options = useQuery({
    queryKey: ['auth', 'forgot-password-options'],
    queryFn: ({ signal }) => getForgotPasswordState(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setServerProblems([]);
    const lng = i18n.resolvedLanguage ?? 'hr';
    const language: MailLanguage = (MAIL_LANGUAGES as readonly string[]).includes(lng)
      ? (lng as MailLanguage)
      : 'hr';
    try {
      await requestPasswordReset({ email, language });
      // The same confirmation for every address: the page must not tell who has an account.
      setSent(true);
    } catch (error) {
      setServerProblems(errorKeys(error));
    }
  });

  return (
    <PasswordResetLayout title={t('forgot.title')}>
      {options.data?.mail === false ? (
        <p role="status" className="mt-4 rounded-md bg-info-soft p-3 text-sm text-foreground">
          {t('forgot.noMail')}
        </p>
      ) : sent ? (
        <p role="status" className="mt-4 rounded-md bg-info-soft p-3 text-sm text-foreground">
          {t('forgot.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 space-y-4">
          <p className="text-sm text-muted">{t('forgot.intro')}</p>
          <Problems keys={problems} id="forgot-errors" />
          <div>
            <Label htmlFor="forgot-email">{t('fields.email')}</Label>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              required
              invalid={problems.length > 0}
              aria-describedby={problems.length > 0 ? 'forgot-errors' : undefined}
              {...form.register('email')}
            />
          </div>
          <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </PasswordResetLayout>
  );
}
