import { PageHeader } from '../../ui/PageHeader.tsx';

export function AdminResourcesPage() {
  return <PageHeader title="Resource Management" />;
}
