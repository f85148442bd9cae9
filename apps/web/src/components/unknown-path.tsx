import { Navigate } from 'react-router';

/**
 * Seed section 2: any unknown path redirects to /landing (which sends a signed-in user on to /).
 * Every `<Routes>` ends with it, the app's own included (routes/unknown-paths.test.ts), so a path
 * one level deeper than a section knows shows no empty page, and no section opens its first list
 * for a path it does not know (routes/section-routes.test.tsx).
 */
export function UnknownPath() {
  return <Navigate to="/landing" replace />;
}
