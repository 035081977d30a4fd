import { PageHeader } from '../ui/PageHeader.tsx';

export function PortalPreviewPage() {
  return <PageHeader title="Client Portal Preview" />;
}
