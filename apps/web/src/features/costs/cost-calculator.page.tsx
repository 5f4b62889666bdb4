import { PageHeader } from '../../components/page-header';

// Placeholder until the screen lands (issue 9, in progress).
export function CostCalculatorPage() {
  return <PageHeader title="Cost calculator" />;
}
