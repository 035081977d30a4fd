import { lazy, Suspense } from 'react';

import { Spinner } from '../../shared/Spinner.tsx';

// The guide's text is loaded when the guide is opened, keeping it out of the other pages' first load.
const ClientHelpPage = lazy(() => import('./ClientHelpPage.tsx'));

/** /client/help: the client guide. */
export function ClientHelp() {
  return (
    <Suspense fallback={<Spinner />}>
      <ClientHelpPage />
    </Suspense>
  );
}
