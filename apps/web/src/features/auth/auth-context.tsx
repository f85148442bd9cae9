import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError } from '../../lib/api.ts';
import { realtime } from '../../lib/realtime.ts';
import {
  type AuthUser,
  getSession,
  type AuthSession as SessionAnswer,
  signInEmail,
  signOutSession,
  signUpEmail,
} from './auth-api.ts';

export type { AuthUser };
export type AuthSession = NonNullable<SessionAnswer>['session'];
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export type AuthValue = {
  status: AuthStatus;
  user: AuthUser | null;
  session: AuthSession | null;
  signIn(input: { email: string; password: string }): Promise<void>;
  signUp(input: { name: string; email: string; password: string }): Promise<void>;
  /**
   * Ends the session. `leaveTo` is where the protected routes then send the user (default
   * /landing): the guard that notices the sign-out navigates there itself, so no later navigation
   * races it.
   */
  signOut(options?: { leaveTo?: string }): Promise<void>;
  /** Where a signed-out user leaves the protected routes for (set by `signOut`). */
  leaveTo?: string;
};

type AuthState = Pick<AuthValue, 'status' | 'user' | 'session' | 'leaveTo'>;

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, session: null };
const CHANNEL_NAME = 'erp-auth';
/** Re-reading the session while the app is open keeps it alive (the server extends it when used). */
const REFRESH_EVERY_MS = 5 * 60 * 1000;

const AuthContext = createContext<AuthValue | null>(null);

function toState(res: SessionAnswer | undefined): AuthState {
  if (!res?.user) return SIGNED_OUT;
  return { status: 'signed-in', user: res.user, session: { expiresAt: res.session.expiresAt } };
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, session: null });
  const channel = useRef<BroadcastChannel | null>(null);
  const userId = state.user?.id ?? null;

  const current = useRef<AuthState>(state);
  const apply = useCallback(
    (next: AuthState) => {
      const prev = current.current;
      // Another user's cached data must never show after a switch of account.
      if (prev.status !== 'loading' && prev.user?.id !== next.user?.id) queryClient.clear();
      const same =
        prev.status === next.status &&
        prev.user?.id === next.user?.id &&
        prev.user?.name === next.user?.name &&
        prev.session?.expiresAt === next.session?.expiresAt &&
        prev.leaveTo === next.leaveTo;
      if (same) return;
      current.current = next;
      setState(next);
    },
    [queryClient],
  );

  const reload = useCallback(async () => {
    try {
      apply(toState(await getSession()));
    } catch (e) {
      // A transient failure (offline, 5xx) keeps what we know; only "unauthenticated" signs out.
      const unauthenticated = e instanceof ApiError && e.status === 401;
      if (unauthenticated || current.current.status === 'loading') apply(SIGNED_OUT);
    }
  }, [apply]);

  const announce = useCallback(() => channel.current?.postMessage({ type: 'auth-changed' }), []);

  useEffect(() => {
    channel.current = openChannel();
    if (channel.current) channel.current.onmessage = () => void reload();
    void reload();
    return () => {
      channel.current?.close();
      channel.current = null;
    };
  }, [reload]);

  // While signed in: realtime connection (session revocation arrives on `auth`) and periodic refresh.
  useEffect(() => {
    if (!userId) return;
    realtime.start();
    const off = realtime.subscribe('auth', (payload) => {
      if ((payload as { event?: string } | null)?.event === 'SIGNED_OUT') apply(SIGNED_OUT);
    });
    const timer = setInterval(() => void reload(), REFRESH_EVERY_MS);
    const onVisible = () => document.visibilityState === 'visible' && void reload();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      off();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      realtime.stop();
    };
  }, [userId, reload, apply]);

  const signIn = useCallback<AuthValue['signIn']>(
    async ({ email, password }) => {
      await signInEmail({ email, password });
      await reload();
      announce();
    },
    [reload, announce],
  );

  const signUp = useCallback<AuthValue['signUp']>(
    async ({ name, email, password }) => {
      await signUpEmail({ name, email, password });
      await reload();
      announce();
    },
    [reload, announce],
  );

  const signOut = useCallback<AuthValue['signOut']>(
    async (options) => {
      await signOutSession();
      apply(options?.leaveTo ? { ...SIGNED_OUT, leaveTo: options.leaveTo } : SIGNED_OUT);
      announce();
    },
    [apply, announce],
  );

  const value = useMemo<AuthValue>(
    () => ({ ...state, signIn, signUp, signOut }),
    [state, signIn, signUp, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
