import { PageHeader } from '../ui/PageHeader.tsx';

export function BrandingPage() {
  return <PageHeader title="White-Label Branding" />;
}
