import { PASSWORD_MIN_SIGN_UP } from '@erp/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Label } from '../../components/ui/label.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { resetPassword } from '../auth/auth-api.ts';
import { SIGN_IN_HREF } from '../public/public-links.ts';
import { errorKeys, PasswordResetLayout, Problems } from './password-reset-layout.tsx';
import { resetPasswordProblems } from './password-reset-logic.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation('password-reset');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = resetPasswordProblems({ token, password, confirmPassword });
    setProblems(local);
    if (local.length > 0) return;
    setBusy(true);
    try {
      await resetPassword({ token, password });
      // Every session was revoked: the user signs in again with the new password.
      navigate(SIGN_IN_HREF, { replace: true });
    } catch (error) {
      setProblems(errorKeys(error));
      setBusy(false);
    }
  }

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
            value={password}
            invalid={invalid}
            aria-describedby={invalid ? 'reset-errors' : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div>
          <Label htmlFor="reset-confirm">{t('fields.confirmPassword')}</Label>
          <PasswordInput
            id="reset-confirm"
            autoComplete="new-password"
            required
            value={confirmPassword}
            invalid={invalid}
            aria-describedby={invalid ? 'reset-errors' : undefined}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {t('reset.submit')}
        </Button>
      </form>
    </PasswordResetLayout>
  );
}
