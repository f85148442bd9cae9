import { Gamepad2, LogOut, RefreshCw, ShieldAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/page-loading.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LanguagePicker } from '../../components/ui/language-picker.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useAuth } from '../auth/auth-context.tsx';

const GameBoard = lazy(async () => ({ default: (await import('../game/game-board.tsx')).GameBoard }));

/** Seed section 2: replaces the whole app while the account is blocked. */
export function BlockedScreen() {
  const { t } = useTranslation('app');
  const { signOut } = useAuth();
  const { toast } = useToast();
  const [showGame, setShowGame] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  const onSignOut = async () => {
    setSigningOut(true);
    try {
      // The protected routes' guard, which this screen is under, sends the signed-out user to
      // /auth. A navigation of its own here raced the guard's redirect to /landing.
      await signOut({ leaveTo: '/auth' });
    } catch {
      // Seed section 8: a failed sign-out re-enables the button.
      setSigningOut(false);
      toast({ type: 'error', title: t('common:errors.NETWORK') });
    }
  };

  return (
    <main
      className="flex min-h-screen items-start justify-center bg-background p-4 sm:items-center"
      data-testid="blocked-screen"
    >
      <Card className="w-full max-w-2xl p-6 sm:p-8">
        <div className="mb-4 flex justify-end">
          <LanguagePicker />
        </div>
        <div className="flex flex-col items-center text-center">
          <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
            <ShieldAlert className="size-7" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">{t('blocked.title')}</h1>
          <p className="mt-2 max-w-md text-muted">{t('blocked.description')}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw className="size-4" aria-hidden />
              {t('blocked.refresh')}
            </Button>
            <Button variant="secondary" aria-expanded={showGame} onClick={() => setShowGame((v) => !v)}>
              <Gamepad2 className="size-4" aria-hidden />
              {showGame ? t('blocked.hideGame') : t('blocked.game')}
            </Button>
            <Button variant="danger" loading={signingOut} onClick={onSignOut}>
              {!signingOut && <LogOut className="size-4" aria-hidden />}
              {t('shell.signOut')}
            </Button>
          </div>
        </div>
        {showGame && (
          <div className="mt-8 border-t border-border pt-6">
            <Suspense fallback={<PageLoading />}>
              <GameBoard />
            </Suspense>
          </div>
        )}
      </Card>
    </main>
  );
}
