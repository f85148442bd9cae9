import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { PRERENDERING } from '../../prerender/hand-over.ts';
import { useAuth } from '../auth/auth-context.tsx';
import {
  type AuthField,
  type AuthFields,
  type AuthMode,
  type AuthValues,
  authFormSchema,
  EMPTY_FIELDS,
  fieldHasProblem,
  formProblems,
  type Problem,
  serverProblems,
} from './auth-form-logic.ts';
import { FORGOT_PASSWORD_HREF, SIGN_IN_HREF, SIGN_UP_HREF } from './public-links.ts';

const FIELD_IDS: Record<AuthField, string> = {
  name: 'auth-name',
  email: 'auth-email',
  password: 'auth-password',
  confirmPassword: 'auth-confirm-password',
};

function useProblemTexts(problems: readonly Problem[]): string[] {
  const { t } = useTranslation('common');
  // Two fields can yield the same text (e.g. a server detail repeating a client check); list it once.
  return [...new Set(problems.map((p) => ('key' in p ? t(p.key) : p.text)))];
}

function ForgotPassword() {
  const { t } = useTranslation('public');
  return (
    <Link to={FORGOT_PASSWORD_HREF} className="text-sm font-medium text-primary hover:underline">
      {t('auth.signIn.forgotPassword')}
    </Link>
  );
}

type FieldProps = {
  field: AuthField;
  label: string;
  form: UseFormReturn<AuthFields, unknown, AuthValues>;
  problems: readonly Problem[];
  errorsId: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  hint?: string;
};

function Field({ field, label, form, problems, errorsId, type = 'text', hint, ...rest }: FieldProps) {
  const id = FIELD_IDS[field];
  const hintId = `${id}-hint`;
  const invalid = fieldHasProblem(problems, field);
  const describedBy =
    [invalid ? errorsId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    ...form.register(field),
    // Marked required for assistive technology; the form's noValidate keeps the browser's bubble away.
    required: true,
    // Read-only in the prerendered copy: what is typed there would be lost when the app takes
    // over, so typing starts once the app's own field is in place.
    readOnly: PRERENDERING,
    invalid,
    'aria-describedby': describedBy,
    ...rest,
  };
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {type === 'password' ? <PasswordInput {...common} /> : <Input type={type} {...common} />}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

export function AuthForm({ mode }: { mode: AuthMode }) {
  const { t, i18n } = useTranslation('public');
  const { signIn, signUp } = useAuth();
  const navigate = useNavigate();
  const errorsId = useId();
  // After a failed submit the errors follow the typing (react-hook-form re-validates on change),
  // so fixed problems disappear at once; the first field with a problem gets the focus.
  const form = useZodForm<ReturnType<typeof authFormSchema>, AuthFields>(authFormSchema(mode), {
    defaultValues: EMPTY_FIELDS,
  });
  const [fromServer, setFromServer] = useState<Problem[]>([]);
  const problems = [...formProblems(form.formState.errors), ...fromServer];
  const texts = useProblemTexts(problems);
  const busy = form.formState.isSubmitting;
  const signingUp = mode === 'signup';

  const onSubmit = form.handleSubmit(
    async ({ name, email, password }) => {
      setFromServer([]);
      try {
        await (signingUp ? signUp({ name: name ?? '', email, password }) : signIn({ email, password }));
        navigate('/', { replace: true });
      } catch (err) {
        setFromServer(serverProblems(err, mode, (key) => i18n.exists(key, { ns: 'common' })));
      }
    },
    () => setFromServer([]),
  );

  const fieldProps = { form, problems, errorsId };
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid={`auth-form-${mode}`}>
      {signingUp && <Field field="name" label={t('auth.fields.name')} autoComplete="name" {...fieldProps} />}
      <Field field="email" type="email" label={t('auth.fields.email')} autoComplete="email" {...fieldProps} />
      <Field
        field="password"
        type="password"
        label={t('auth.fields.password')}
        autoComplete={signingUp ? 'new-password' : 'current-password'}
        hint={signingUp ? t('auth.signUp.passwordHint') : undefined}
        {...fieldProps}
      />
      {signingUp ? (
        <Field
          field="confirmPassword"
          type="password"
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          {...fieldProps}
        />
      ) : (
        <ForgotPassword />
      )}
      <div id={errorsId}>
        <FormErrors messages={texts} />
      </div>
      {/* Disabled in the prerendered copy: it cannot be sent before the app has taken over. */}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={busy}
        disabled={PRERENDERING}
        data-testid="auth-submit"
      >
        {busy
          ? t(signingUp ? 'auth.signUp.submitting' : 'auth.signIn.submitting')
          : t(signingUp ? 'auth.signUp.submit' : 'auth.signIn.submit')}
      </Button>
      <p className="text-center text-sm text-muted">
        {t(signingUp ? 'auth.signUp.haveAccount' : 'auth.signIn.noAccount')}{' '}
        <Link
          to={signingUp ? SIGN_IN_HREF : SIGN_UP_HREF}
          className="font-medium text-primary hover:underline"
          data-testid="auth-mode-switch"
        >
          {t(signingUp ? 'auth.signUp.switch' : 'auth.signIn.switch')}
        </Link>
      </p>
    </form>
  );
}
