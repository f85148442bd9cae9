import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ToastProvider } from './components/ui/toast.tsx';
import { AuthProvider } from './features/auth/auth-context.tsx';
import './i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { initErrorReporting } from './lib/sentry.ts';
import { initTheme } from './lib/theme.ts';
import { AppRoutes } from './routes/app-routes.tsx';

const queryClient = createQueryClient();
// A data router (one splat route; the app's <Routes> stay as they are) so editors can block
// browser Back/forward with unsaved changes (useBlocker needs it; <BrowserRouter> has none).
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);
initTheme();
void initErrorReporting(queryClient);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* Nothing renders until the common translations are in: no flash of raw keys. */}
        <Suspense fallback={null}>
          <ToastProvider>
            <AuthProvider>
              <RouterProvider router={router} />
            </AuthProvider>
          </ToastProvider>
        </Suspense>
      </QueryClientProvider>
    </StrictMode>,
  );
}
