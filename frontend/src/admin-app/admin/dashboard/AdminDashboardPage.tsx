import { PageHeader } from '../../ui/PageHeader.tsx';

export function AdminDashboardPage() {
  return <PageHeader title="Admin Dashboard" />;
}
