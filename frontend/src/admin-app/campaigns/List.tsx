import { PageHeader } from '../ui/PageHeader.tsx';

export function List() {
  return <PageHeader title="Messaging Campaigns" />;
}
