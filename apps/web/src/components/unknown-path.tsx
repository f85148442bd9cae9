import { Navigate } from 'react-router';

/**
 * Seed section 2: any unknown path redirects to /landing (which sends a signed-in user on to /).
 * Every `<Routes>` ends with it (routes/unknown-paths.test.ts), so a path one level deeper than
 * a section knows shows no empty page.
 */
export function UnknownPath() {
  return <Navigate to="/landing" replace />;
}
