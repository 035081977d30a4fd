import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';

import { NotFound } from '../shared/NotFound.tsx';
import { Spinner } from '../shared/Spinner.tsx';
import { ApiAccessPage } from './api-access/ApiAccessPage.tsx';
import { AdminOnly } from './backoffice/AdminOnly.tsx';
import { BillingPage } from './billing/BillingPage.tsx';
import { BrandingPage } from './branding/BrandingPage.tsx';
import { buildTheme } from './branding/theme.ts';
import { campaigns } from './campaigns/index.ts';
import { ClientEdit, clients } from './clients/index.ts';
import { CompliancePage } from './compliance/CompliancePage.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { HelpPage } from './help/HelpPage.tsx';
import { AppNotification } from './layout/AppNotification.tsx';
import { Shell } from './layout/Shell.tsx';
import { outbox } from './outbox/index.ts';
import { PortalPreviewPage } from './portal-preview/PortalPreviewPage.tsx';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { createQueryClient } from './providers/queryClient.ts';
import { useCurrentUser } from './providers/useCurrentUser.ts';
import { reminders } from './reminders/index.ts';
import { resources } from './resources/index.ts';
import { ProfileStep } from './settings/ProfileStep.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';

const queryClient = createQueryClient();

// The admin pages (and their chart library) load only when an admin opens one: brokers never
// download them.
const AdminDashboardPage = lazy(() =>
  import('./backoffice/dashboard/AdminDashboardPage.tsx').then((m) => ({ default: m.AdminDashboardPage })),
);
const BrokersPage = lazy(() => import('./backoffice/brokers/BrokersPage.tsx').then((m) => ({ default: m.BrokersPage })));
const BrokerDetailPage = lazy(() => import('./backoffice/brokers/BrokerDetailPage.tsx').then((m) => ({ default: m.BrokerDetailPage })));
const AdminResourcesPage = lazy(() =>
  import('./backoffice/resources/AdminResourcesPage.tsx').then((m) => ({ default: m.AdminResourcesPage })),
);
const AdminsPage = lazy(() => import('./backoffice/admins/AdminsPage.tsx').then((m) => ({ default: m.AdminsPage })));
const AuditLogPage = lazy(() => import('./backoffice/audit/AuditLogPage.tsx').then((m) => ({ default: m.AuditLogPage })));
const AdminHelpPage = lazy(() => import('./backoffice/help/AdminHelpPage.tsx').then((m) => ({ default: m.AdminHelpPage })));

/** Admin pages are for platform admins; anyone else sees 'Not Authorized'. */
const adminPage = (page: ReactNode) => (
  <AdminOnly>
    <Suspense fallback={<Spinner />}>{page}</Suspense>
  </AdminOnly>
);

/** The shell, with the one-time profile step over it while the signed-in user has no name yet. */
function BrokerLayout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      {children}
      <ProfileStep />
    </Shell>
  );
}

function ThemedAdmin() {
  const { data: user } = useCurrentUser();
  const primaryColor = user?.primaryColor;
  const secondaryColor = user?.secondaryColor;
  // The agency's colours become the theme, and change live when branding is saved.
  const theme = useMemo(() => buildTheme({ primaryColor, secondaryColor }), [primaryColor, secondaryColor]);
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      requireAuth
      theme={theme}
      layout={BrokerLayout}
      dashboard={Dashboard}
      loading={Spinner}
      catchAll={NotFound}
      notification={AppNotification}
      i18nProvider={i18nProvider}
      disableTelemetry
    >
      <Resource {...clients}>
        <Route path=":id/edit" element={<ClientEdit />} />
      </Resource>
      <Resource {...reminders} />
      <Resource {...campaigns} />
      <Resource {...resources} />
      <Resource {...outbox} />
      <CustomRoutes>
        <Route path="/billing" element={<BillingPage />} />
        <Route path="/compliance" element={<CompliancePage />} />
        <Route path="/branding" element={<BrandingPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/api-access" element={<ApiAccessPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/client/portal" element={<PortalPreviewPage />} />
        <Route path="/client/dashboard" element={<Navigate to="/client/portal" replace />} />
        <Route path="/admin" element={adminPage(<AdminDashboardPage />)} />
        <Route path="/admin/brokers" element={adminPage(<BrokersPage />)} />
        <Route path="/admin/brokers/:id" element={adminPage(<BrokerDetailPage />)} />
        <Route path="/admin/audit" element={adminPage(<AuditLogPage />)} />
        <Route path="/admin/admins" element={adminPage(<AdminsPage />)} />
        <Route path="/admin/resources" element={adminPage(<AdminResourcesPage />)} />
        <Route path="/admin/help" element={adminPage(<AdminHelpPage />)} />
      </CustomRoutes>
    </Admin>
  );
}

/**
 * The broker and admin application (react-admin on the /api simple REST endpoints), on real paths
 * (/clients, /admin/brokers, ...) rather than react-admin's default hash routes.
 */
export default function BrokerApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ThemedAdmin />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
