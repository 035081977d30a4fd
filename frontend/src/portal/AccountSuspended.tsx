import { lazy, Suspense } from 'react';

import { Spinner } from '../shared/Spinner.tsx';

// Only suspended brokers see this page: its words and styles stay out of the portal's first load.
const AccountSuspendedPage = lazy(() => import('./AccountSuspendedPage.tsx'));

/** /account-suspended: where the server sends a suspended broker who signs in. */
export function AccountSuspended() {
  return (
    <Suspense fallback={<Spinner />}>
      <AccountSuspendedPage />
    </Suspense>
  );
}
