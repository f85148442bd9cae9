import { PASSWORD_MIN_SIGN_UP, resetPasswordFormSchema } from '@erp/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { resetPassword } from '../auth/auth-api.ts';
import { SIGN_IN_HREF } from '../public/public-links.ts';
import { errorKeys, PasswordResetLayout, Problems } from './password-reset-layout.tsx';
import { problemKeys } from './password-reset-logic.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation('password-reset');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The token comes from the link; the schema checks it with the two passwords.
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const problems = problemKeys(form.formState.errors, serverProblems);

  const submit = form.handleSubmit(async ({ password }) => {
    setServerProblems([]);
    try {
      await resetPassword({ token, password });
      // Every session was revoked: the user signs in again with the new password.
      navigate(SIGN_IN_HREF, { replace: true });
    } catch (error) {
      setServerProblems(errorKeys(error));
    }
  });

  const invalid = problems.length > 0;
  return (
    <PasswordResetLayout title={t('reset.title')}>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <p className="text-sm text-muted">{t('reset.intro', { min: PASSWORD_MIN_SIGN_UP })}</p>
        <Problems keys={problems} id="reset-errors" />
        <div>
          <Label htmlFor="reset-password">{t('fields.password')}</Label>
          <PasswordInput
            id="reset-password"
            autoComplete="new-password"
            required
            invalid={invalid}
            aria-describedby={invalid ? 'reset-errors' : undefined}
            {...form.register('password')}
          />
        </div>
        <div>
          <Label htmlFor="reset-confirm">{t('fields.confirmPassword')}</Label>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            required
            invalid={invalid}
            aria-describedby={invalid ? 'reset-errors' : undefined}
            {...form.register('confirmPassword')}
          />
        </div>
        <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
          {t('reset.submit')}
        </Button>
      </form>
    </PasswordResetLayout>
  );
}
