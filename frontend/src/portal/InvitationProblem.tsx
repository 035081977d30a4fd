import { lazy, Suspense } from 'react';

import { Spinner } from '../shared/Spinner.tsx';

// Only people whose invitation failed see this page: its words stay out of the portal's first load.
const InvitationProblemPage = lazy(() => import('./InvitationProblemPage.tsx'));

/** /invitation: where an invitation's link ends when it cannot be accepted. */
export function InvitationProblem() {
  return (
    <Suspense fallback={<Spinner />}>
      <InvitationProblemPage />
    </Suspense>
  );
}
