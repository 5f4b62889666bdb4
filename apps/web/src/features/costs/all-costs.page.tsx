import { PageHeader } from '../../components/page-header';

// Placeholder until the screen lands (issue 9, in progress).
export function AllCostsPage() {
  return <PageHeader title="All costs" />;
}
