import './portal.css';
import './client.css';

import { lazy, Suspense } from 'react';

import { Spinner } from '../shared/Spinner.tsx';
import { AccountSuspended } from './AccountSuspended.tsx';
import { ClientHelp } from './client/ClientHelp.tsx';
import { ClientLogin } from './client/ClientLogin.tsx';
import { ClientPortal } from './client/ClientPortal.tsx';
import { ClientRegister } from './client/ClientRegister.tsx';
import { PortalLanguageProvider } from './i18n.tsx';
import { InvitationProblem } from './InvitationProblem.tsx';
import { Landing } from './Landing.tsx';
import { PortalNotFound } from './PortalNotFound.tsx';
import { BrowserRouter, Route, Routes } from './router.tsx';
import { ToastProvider } from './ui/toast.tsx';

// Password reset is a rare visit: its pages and words load when opened, outside the first load.
const ForgotPassword = lazy(() => import('./client/ForgotPassword.tsx'));
const ResetPassword = lazy(() => import('./client/ResetPassword.tsx'));
// The Scope of Appointment page: opened from the agent's text or e-mail, with its own words and styles.
const SoaSigning = lazy(() => import('./soa/SoaSigning.tsx'));

/**
 * Signed-out and client pages: the small bundle, without react-admin or Material UI, in the chosen
 * language (English, or Spanish loaded on demand). The spec
 * gives the invitation path both as /client/register/{token} and /client/invite/{token}: both work.
 */
export default function PublicApp() {
  return (
    <PortalLanguageProvider>
      <BrowserRouter>
        <ToastProvider>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="/client/login" element={<ClientLogin />} />
            <Route
              path="/client/forgot-password"
              element={
                <Suspense fallback={<Spinner />}>
                  <ForgotPassword />
                </Suspense>
              }
            />
            <Route
              path="/client/reset-password"
              element={
                <Suspense fallback={<Spinner />}>
                  <ResetPassword />
                </Suspense>
              }
            />
            <Route
              path="/soa/:token"
              element={
                <Suspense fallback={<Spinner />}>
                  <SoaSigning />
                </Suspense>
              }
            />
            <Route path="/client/register/:token" element={<ClientRegister />} />
            <Route path="/client/invite/:token" element={<ClientRegister />} />
            <Route path="/client/portal" element={<ClientPortal />} />
            <Route path="/client/dashboard" element={<ClientPortal />} />
            <Route path="/client/help" element={<ClientHelp />} />
            <Route path="/account-suspended" element={<AccountSuspended />} />
            <Route path="/invitation" element={<InvitationProblem />} />
            <Route path="*" element={<PortalNotFound />} />
          </Routes>
        </ToastProvider>
      </BrowserRouter>
    </PortalLanguageProvider>
  );
}
