import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageLoading } from '../components/page-loading.tsx';
import { UnknownPath } from '../components/unknown-path.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { lazyNamed } from './lazy-named.ts';

// Public pages: each its own chunk, none of them imports the signed-in app.
const LandingPage = lazyNamed(() => import('../features/public/landing-page.tsx'), 'LandingPage');
const AuthPage = lazyNamed(() => import('../features/public/auth-page.tsx'), 'AuthPage');
const ContactPage = lazyNamed(() => import('../features/public/contact-page.tsx'), 'ContactPage');
const InvitePage = lazyNamed(() => import('../features/team/invite-page.tsx'), 'InvitePage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/password-reset/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/password-reset/reset-password-page.tsx'),
  'ResetPasswordPage',
);

// The signed-in app: the shell and every page load on demand.
const AppLayout = lazyNamed(() => import('../features/shell/app-layout.tsx'), 'AppLayout');
const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page.tsx'), 'DashboardPage');
const InventoryPage = lazyNamed(() => import('../features/inventory/inventory-page.tsx'), 'InventoryPage');
const CuttingPage = lazyNamed(() => import('../features/cutting/cutting-page.tsx'), 'CuttingPage');
const ProfilePage = lazyNamed(() => import('../features/profile/profile-page.tsx'), 'ProfilePage');
const ClientsPage = lazyNamed(() => import('../features/clients/clients-page.tsx'), 'ClientsPage');
const SuppliersPage = lazyNamed(() => import('../features/suppliers/suppliers-page.tsx'), 'SuppliersPage');
const ProcessesPage = lazyNamed(() => import('../features/processes/processes-page.tsx'), 'ProcessesPage');
const ProductsPage = lazyNamed(() => import('../features/products/products-page.tsx'), 'ProductsPage');
const DocumentsRoutes = lazyNamed(
  () => import('../features/documents/documents-pages.tsx'),
  'DocumentsRoutes',
);
const DeliveryNotesRoutes = lazyNamed(
  () => import('../features/delivery-notes/delivery-notes-pages.tsx'),
  'DeliveryNotesRoutes',
);
const ChangelogPage = lazyNamed(() => import('../features/changelog/changelog-page.tsx'), 'ChangelogPage');
const AuditPage = lazyNamed(() => import('../features/audit/audit-page.tsx'), 'AuditPage');
const ExportPage = lazyNamed(() => import('../features/export/export-page.tsx'), 'ExportPage');
const RegistersRoutes = lazyNamed(
  () => import('../features/registers/registers-routes.tsx'),
  'RegistersRoutes',
);
const HelpPage = lazyNamed(() => import('../features/help/help-page.tsx'), 'HelpPage');
const WarehouseScanPage = lazyNamed(
  () => import('../features/warehouse-scan/warehouse-scan-page.tsx'),
  'WarehouseScanPage',
);
const ShopFloorPage = lazyNamed(() => import('../features/shop-floor/shop-floor-page.tsx'), 'ShopFloorPage');
const SettingsPage = lazyNamed(() => import('../features/settings/settings-page.tsx'), 'SettingsPage');
const AutomationPage = lazyNamed(
  () => import('../features/automation/automation-page.tsx'),
  'AutomationPage',
);

export function AppRoutes() {
  const { status } = useAuth();
  // Seed section 2: while the auth state is loading, nothing is rendered.
  if (status === 'loading') return null;
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/landing" element={<LandingPage />} />
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/contact" element={<ContactPage />} />
        </Route>
        {/* Invitation links work signed in or out (issue 9: team). */}
        <Route path="/invite" element={<InvitePage />} />
        {/* Reachable signed in or not: a reset link may be opened in a browser with another session. */}
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route element={<AppLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="inventory/scan" element={<WarehouseScanPage />} />
            <Route path="inventory/*" element={<InventoryPage />} />
            <Route path="cutting/*" element={<CuttingPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="clients/*" element={<ClientsPage />} />
            <Route path="suppliers/*" element={<SuppliersPage />} />
            <Route path="processes/*" element={<ProcessesPage />} />
            <Route path="products/*" element={<ProductsPage />} />
            <Route path="documents/*" element={<DocumentsRoutes />} />
            <Route path="delivery-notes/*" element={<DeliveryNotesRoutes />} />
            <Route path="changelog" element={<ChangelogPage />} />
            <Route path="export" element={<ExportPage />} />
            <Route path="registers/*" element={<RegistersRoutes />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="help" element={<HelpPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="shop-floor" element={<ShopFloorPage />} />
            <Route path="settings/automation/*" element={<AutomationPage />} />
          </Route>
        </Route>
        <Route path="*" element={<UnknownPath />} />
      </Routes>
    </Suspense>
  );
}
