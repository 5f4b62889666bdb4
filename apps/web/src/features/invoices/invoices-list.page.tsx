import { PageHeader } from '../../components/page-header';
import { EmptyListFrame } from '../../components/empty-list-frame';
import { WorkOrderPage } from '../../app/route-guards';

const COLUMNS = ['Created On', 'Created By', 'Customer Name', 'Invoice Number', 'Job Number', 'Invoice Amount', 'Status', 'Actions'];

export function InvoicesListPage() {
  return (
    <WorkOrderPage>
      <PageHeader title="Invoices" />
      <EmptyListFrame caption="Invoices" columns={COLUMNS} />
    </WorkOrderPage>
  );
}
