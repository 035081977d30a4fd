import { PageHeader } from '../ui/PageHeader.tsx';

export function HelpPage() {
  return <PageHeader title="Help" />;
}
