import { CssBaseline } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, Suspense, useMemo } from 'react';
import { AdminContext, CoreAdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';

import { Spinner } from '../shared/Spinner.tsx';
import { AdminOnly, MemberOnly } from './backoffice/AdminOnly.tsx';
import { buildTheme } from './branding/theme.ts';
import { campaigns } from './campaigns/index.ts';
import { ClientEdit, clients } from './clients/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { withLateAreas } from './i18n/useBrokerTexts.ts';
import { InboxPage } from './inbox/lazy.ts';
import { AppNotification } from './layout/AppNotification.tsx';
import { BrokerNotFound } from './layout/BrokerNotFound.tsx';
import { Shell } from './layout/Shell.tsx';
import { outbox } from './outbox/index.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { createQueryClient } from './providers/queryClient.ts';
import { useCurrentUser } from './providers/useCurrentUser.ts';
import { reminders } from './reminders/index.ts';
import { resources } from './resources/index.ts';
import { ProfileStep } from './settings/ProfileStep.tsx';
import { TasksPage } from './tasks/lazy.ts';
import type { Permission } from './types.ts';
import { lazyNamed } from './ui/lazyNamed.ts';

const queryClient = createQueryClient();
const store = localStorageStore();

/** A page's module, once the English texts left out of the first load have loaded too (useBrokerTexts.ts). */

// Every page but the dashboard (the landing page) is its own chunk, loaded when opened; the shell
// shows the spinner meanwhile. The resources' pages are split the same way in their index.ts.
const BillingPage = lazyNamed(() => import('./billing/BillingPage.tsx'), 'BillingPage');
const CompliancePage = lazyNamed(() => import('./compliance/CompliancePage.tsx'), 'CompliancePage');
const BrandingPage = lazyNamed(() => import('./branding/BrandingPage.tsx'), 'BrandingPage');
const SettingsPage = lazyNamed(() => import('./settings/SettingsPage.tsx'), 'SettingsPage');
const TextingRegistrationPage = lazyNamed(() => import('./texting/TextingRegistrationPage.tsx'), 'TextingRegistrationPage');
const ApiAccessPage = lazyNamed(() => import('./api-access/ApiAccessPage.tsx'), 'ApiAccessPage');
const TeamPage = lazyNamed(() => import('./team/TeamPage.tsx'), 'TeamPage');
const ActivityLogPage = lazyNamed(() => withLateAreas(import('./activity-log/ActivityLogPage.tsx')), 'ActivityLogPage');
const CommissionsPage = lazyNamed(() => withLateAreas(import('./commissions/CommissionsPage.tsx')), 'CommissionsPage');
const HelpPage = lazyNamed(() => withLateAreas(import('./help/HelpPage.tsx')), 'HelpPage');
const PortalPreviewPage = lazyNamed(() => import('./portal-preview/PortalPreviewPage.tsx'), 'PortalPreviewPage');

// The admin pages (and their chart library): brokers never download them.
const AdminDashboardPage = lazyNamed(() => withLateAreas(import('./backoffice/dashboard/AdminDashboardPage.tsx')), 'AdminDashboardPage');
const BrokersPage = lazyNamed(() => withLateAreas(import('./backoffice/brokers/BrokersPage.tsx')), 'BrokersPage');
const BrokerDetailPage = lazyNamed(() => withLateAreas(import('./backoffice/brokers/BrokerDetailPage.tsx')), 'BrokerDetailPage');
const AdminResourcesPage = lazyNamed(() => withLateAreas(import('./backoffice/resources/AdminResourcesPage.tsx')), 'AdminResourcesPage');
const AdminsPage = lazyNamed(() => withLateAreas(import('./backoffice/admins/AdminsPage.tsx')), 'AdminsPage');
const AuditLogPage = lazyNamed(() => withLateAreas(import('./backoffice/audit/AuditLogPage.tsx')), 'AuditLogPage');
const AdminHelpPage = lazyNamed(() => withLateAreas(import('./backoffice/help/AdminHelpPage.tsx')), 'AdminHelpPage');

const loadReactAdminPages = () => import('./layout/reactAdminPages.ts');
const AuthenticationError = lazyNamed(loadReactAdminPages, 'AuthenticationError');
const AccessDenied = lazyNamed(loadReactAdminPages, 'AccessDenied');
const CrashPage = lazyNamed(loadReactAdminPages, 'Error');

/** What a page that crashed shows (outside the shell, so with its own spinner while it loads). */
function ErrorPage(props: ComponentProps<typeof CrashPage>) {
  return (
    <Suspense fallback={<Spinner />}>
      <CrashPage {...props} />
    </Suspense>
  );
}

/** Admin pages are for platform admins; anyone else sees 'Not Authorized'. */
const adminPage = (page: ReactNode) => <AdminOnly>{page}</AdminOnly>;

/** A page for members whose role allows `permission` (its menu item is hidden from the others). */
const memberPage = (permission: Permission, page: ReactNode) => <MemberOnly permission={permission}>{page}</MemberOnly>;

/**
 * The shell, with the one-time profile step over it while the signed-in user has no name yet. A
 * page still loading shows the spinner in the shell.
 */
function BrokerLayout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
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
    // react-admin's <Admin> is these two, with defaults for the slots not given here (a layout, a
    // login page, ...) that would all be in the first load though the app uses none of them.
    <AdminContext
      dataProvider={dataProvider}
      authProvider={authProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      i18nProvider={i18nProvider}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          requireAuth
          layout={BrokerLayout}
          dashboard={Dashboard}
          loading={Spinner}
          catchAll={BrokerNotFound}
          authenticationError={AuthenticationError}
          accessDenied={AccessDenied}
          error={ErrorPage}
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
            <Route path="/billing" element={memberPage('billing:manage', <BillingPage />)} />
            <Route path="/inbox" element={memberPage('inbox:read', <InboxPage />)} />
            <Route path="/inbox/:id" element={memberPage('inbox:read', <InboxPage />)} />
            <Route path="/tasks" element={<TasksPage />} />
            <Route path="/compliance" element={<CompliancePage />} />
            <Route path="/branding" element={memberPage('branding:manage', <BrandingPage />)} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/settings/texting" element={memberPage('messaging:register', <TextingRegistrationPage />)} />
            <Route path="/api-access" element={memberPage('tokens:manage', <ApiAccessPage />)} />
            <Route path="/team" element={<TeamPage />} />
            <Route path="/activity-log" element={memberPage('activity:read', <ActivityLogPage />)} />
            <Route path="/commissions" element={memberPage('commissions:read', <CommissionsPage />)} />
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
        </CoreAdminUI>
        <AppNotification />
      </CssBaseline>
    </AdminContext>
  );
}

/**
 * The broker and admin application (react-admin on the /api simple REST endpoints), on real paths
 * (/clients, /admin/brokers, ...) rather than react-admin's default hash routes.
 *
 * Address changes are drawn at once, not as a React transition: in a transition the page keeps
 * the previous address's controls while the new one draws, so on a slow computer an order picked
 * right after a filter was computed from the address before the filter and dropped it.
 */
export default function BrokerApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter useTransitions={false}>
        <ThemedAdmin />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
