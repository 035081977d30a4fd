import { Admin, Resource } from 'react-admin';
import { BrowserRouter } from 'react-router-dom';
import { NotFound } from '../shared/NotFound.tsx';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';

/**
 * The broker and admin application (react-admin on the /api simple REST endpoints), on real paths
 * (/clients, /admin/brokers, ...) rather than react-admin's default hash routes.
 */
export default function AdminApp() {
  return (
    <BrowserRouter>
      <Admin dataProvider={dataProvider} dashboard={Dashboard} catchAll={NotFound} disableTelemetry>
        {/* The broker's resources; their screens join as they are built. */}
        <Resource name="clients" />
      </Admin>
    </BrowserRouter>
  );
}
