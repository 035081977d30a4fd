import { PageHeader } from '../../ui/PageHeader.tsx';

export function BrokerDetailPage() {
  return <PageHeader title="Broker Details" />;
}
