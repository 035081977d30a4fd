import { PageHeader } from '../../ui/PageHeader.tsx';

export function AdminHelpPage() {
  return <PageHeader title="Admin Guide" />;
}
