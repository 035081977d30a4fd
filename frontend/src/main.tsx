import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { type Entry, entryByPathAlone, resolveEntry } from './entry.ts';
import { Spinner } from './shared/Spinner.tsx';

const PublicApp = lazy(() => import('./portal/PublicApp.tsx'));
const BrokerApp = lazy(() => import('./broker-app/load.ts').then(({ loadBrokerApp }) => loadBrokerApp()));

function Root() {
  const pathname = window.location.pathname;
  const [entry, setEntry] = useState<Entry | null>(entryByPathAlone(pathname) ?? null);

  useEffect(() => {
    if (entry) return;
    let live = true;
    void resolveEntry(pathname).then((answer) => live && setEntry(answer));
    return () => {
      live = false;
    };
  }, [entry, pathname]);

  if (!entry) return <Spinner />;
  return <Suspense fallback={<Spinner />}>{entry === 'admin' ? <BrokerApp /> : <PublicApp />}</Suspense>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
