import { PageHeader } from '../../components/page-header';

// Placeholder until the screen lands (issue 8, in progress).
export function InvoiceViewPage() {
  return <PageHeader title="Invoice" />;
}
