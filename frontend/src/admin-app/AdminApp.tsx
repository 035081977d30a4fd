import { Admin } from 'react-admin';
import { NotFound } from '../shared/NotFound.tsx';
import { Dashboard } from './Dashboard.tsx';
import { dataProvider } from './dataProvider.ts';

/** The broker and admin application (react-admin on the /api simple REST endpoints). */
export default function AdminApp() {
  return <Admin dataProvider={dataProvider} dashboard={Dashboard} catchAll={NotFound} disableTelemetry />;
}
