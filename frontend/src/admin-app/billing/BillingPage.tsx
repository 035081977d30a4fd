import { PageHeader } from '../ui/PageHeader.tsx';

export function BillingPage() {
  return <PageHeader title="Billing & Subscription" />;
}
