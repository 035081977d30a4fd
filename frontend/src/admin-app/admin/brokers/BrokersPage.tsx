import { PageHeader } from '../../ui/PageHeader.tsx';

export function BrokersPage() {
  return <PageHeader title="Broker Management" />;
}
