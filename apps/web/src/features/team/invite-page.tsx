import type { InvitationPreview } from '@erp/domain/team/index';
import { sameEmail } from '@erp/domain/team/team.rules';
import { useQuery } from '@tanstack/react-query';
import { Building2, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useZodForm } from '../../components/editing/zod-form.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FormErrors } from '../../components/ui/form-errors.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { getSession } from '../auth/auth-api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import {
  type AuthFields,
  type AuthMode,
  authFormSchema,
  formProblems,
  type Problem,
  serverProblems,
} from '../public/auth-form-logic.ts';
import { storeCompany } from './company-choice.ts';
import { acceptInvitation, lookupInvitation } from './team-api.ts';
import { useTeamErrorText } from './team-errors.ts';

/** `/invite#<token>`: the token rides in the fragment, so it never reaches a server log. */
export function InvitePage() {
  const { t } = useTranslation('team');
  const token = useLocation().hash.replace(/^#/, '');
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => lookupInvitation(token),
    enabled: token.length > 0,
    retry: false,
  });
  return (
    <main className="flex min-h-screen items-start justify-center bg-background p-4 sm:items-center">
      <Card className="w-full max-w-md p-6" data-testid="invite-page">
        <div className="mb-4 flex items-center justify-between">
          <Link to="/landing" className="text-sm text-primary hover:underline">
            {t('invite.home')}
          </Link>
          <LanguagePicker />
        </div>
        {!token || preview.isError ? (
          <Message title={t('invite.invalidTitle')} body={t('invite.invalidBody')} />
        ) : preview.data ? (
          <Invitation token={token} invitation={preview.data} />
        ) : (
          <p className="text-sm text-muted">{t('common:loading.generic')}</p>
        )}
      </Card>
    </main>
  );
}

function Message({ title, body }: { title: string; body: string }) {
  return (
    <div role="status">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-muted">{body}</p>
    </div>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { t } = useTranslation('team');
  const { status, user, signOut } = useAuth();
  // Once the visitor signs up or in here, the form stays until they have joined.
  const [authing, setAuthing] = useState(false);
  const company = invitation.company_name || t('switcher.unnamed');
  const header = (
    <div className="mb-5 flex items-start gap-3">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
        <Building2 className="size-5" aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold" data-testid="invite-title">
          {t('invite.title', { company })}
        </h1>
        <p className="mt-1 text-sm text-muted">
          {t('invite.details', {
            inviter: invitation.invited_by_name ?? t('invite.someone'),
            role: t(`roles.${invitation.role}`),
            email: invitation.email,
          })}
        </p>
      </div>
    </div>
  );
  if (invitation.status !== 'pending')
    return (
      <>
        {header}
        <Message title={t(`invite.closed.${invitation.status}`)} body={t('invite.closedBody')} />
      </>
    );
  if (!authing && status === 'signed-in' && user && !sameEmail(user.email, invitation.email))
    return (
      <>
        {header}
        <p className="mb-4 text-sm" role="alert">
          {t('invite.otherAccount', { current: user.email, email: invitation.email })}
        </p>
        <Button variant="outline" onClick={() => void signOut()}>
          {t('invite.signOut')}
        </Button>
      </>
    );
  return (
    <>
      {header}
      {status === 'signed-in' && !authing ? (
        <JoinButton token={token} />
      ) : (
        <AuthThenJoin token={token} email={invitation.email} onStart={() => setAuthing(true)} />
      )}
    </>
  );
}

function useJoin(token: string) {
  const navigate = useNavigate();
  return async () => {
    const joined = await acceptInvitation(token);
    const session = await getSession();
    // The app opens in the company just joined.
    if (session?.user) storeCompany(session.user.id, joined.company_id);
    navigate('/', { replace: true });
  };
}

function JoinButton({ token }: { token: string }) {
  const { t } = useTranslation('team');
  const join = useJoin(token);
  const errorText = useTeamErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      await join();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <FormErrors messages={error ? [error] : []} />
      <Button className="w-full" loading={busy} onClick={() => void onClick()} data-testid="invite-join">
        <MailCheck className="size-4" aria-hidden />
        {t('invite.join')}
      </Button>
    </div>
  );
}

/** Sign up (or sign in) with the invited address, then join. */
function AuthThenJoin({ token, email, onStart }: { token: string; email: string; onStart: () => void }) {
  const { t } = useTranslation('team');
  const { t: tc, i18n } = useTranslation('common');
  const auth = useAuth();
  const join = useJoin(token);
  const errorText = useTeamErrorText();
  const id = useId();
  const [mode, setMode] = useState<AuthMode>('signup');
  // The same schemas as the sign-in page; the address is the invited one, shown read-only.
  const form = useZodForm<ReturnType<typeof authFormSchema>, AuthFields>(authFormSchema(mode), {
    defaultValues: { name: '', email, password: '', confirmPassword: '' },
  });
  const [fromServer, setFromServer] = useState<string[]>([]);
  const text = (p: Problem) => ('key' in p ? tc(p.key) : p.text);
  const problems = [...new Set([...formProblems(form.formState.errors).map(text), ...fromServer])];
  const [busy, setBusy] = useState(false);

  const onSubmit = form.handleSubmit(
    async ({ name, email: address, password }) => {
      setFromServer([]);
      setBusy(true);
      onStart();
      try {
        if (mode === 'signup') await auth.signUp({ name: name ?? '', email: address, password });
        else await auth.signIn({ email: address, password });
      } catch (error) {
        setFromServer(serverProblems(error, mode, (k) => i18n.exists(k, { ns: 'common' })).map(text));
        setBusy(false);
        return;
      }
      try {
        await join();
      } catch (error) {
        setFromServer([errorText(error)]);
        setBusy(false);
      }
    },
    () => setFromServer([]),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <p className="text-sm">{mode === 'signup' ? t('invite.signUpHint') : t('invite.signInHint')}</p>
      <FormErrors messages={problems} />
      {mode === 'signup' && (
        <div>
          <Label htmlFor={`${id}-name`}>{t('invite.name')}</Label>
          <Input
            id={`${id}-name`}
            required
            autoComplete="name"
            {...form.register('name')}
            data-testid="invite-name"
          />
        </div>
      )}
      <div>
        <Label htmlFor={`${id}-email`}>{t('invite.email')}</Label>
        <Input id={`${id}-email`} type="email" readOnly value={email} autoComplete="email" />
      </div>
      <div>
        <Label htmlFor={`${id}-password`}>{t('invite.password')}</Label>
        <PasswordInput
          id={`${id}-password`}
          required
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          {...form.register('password')}
          data-testid="invite-password"
        />
      </div>
      {mode === 'signup' && (
        <div>
          <Label htmlFor={`${id}-confirm`}>{t('invite.confirmPassword')}</Label>
          <PasswordInput
            id={`${id}-confirm`}
            required
            autoComplete="new-password"
            {...form.register('confirmPassword')}
            data-testid="invite-confirm"
          />
        </div>
      )}
      <Button type="submit" className="w-full" loading={busy} data-testid="invite-submit-auth">
        {mode === 'signup' ? t('invite.signUpAndJoin') : t('invite.signInAndJoin')}
      </Button>
      <Button
        type="button"
        variant="link"
        className="w-full"
        onClick={() => {
          setMode(mode === 'signup' ? 'signin' : 'signup');
          form.clearErrors();
          setFromServer([]);
        }}
      >
        {mode === 'signup' ? t('invite.haveAccount') : t('invite.noAccount')}
      </Button>
    </form>
  );
}
