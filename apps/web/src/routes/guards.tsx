import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';

/** Public routes: a signed-in user goes to the dashboard. */
export function PublicOnly() {
  const { status } = useAuth();
  if (status === 'loading') return null;
  return status === 'signed-in' ? <Navigate to="/" replace /> : <Outlet />;
}

/** Protected routes: without a user, go to the landing page (or where the sign-out asked for). */
export function RequireAuth() {
  const { status, leaveTo } = useAuth();
  if (status === 'loading') return null;
  return status === 'signed-in' ? <Outlet /> : <Navigate to={leaveTo ?? '/landing'} replace />;
}
