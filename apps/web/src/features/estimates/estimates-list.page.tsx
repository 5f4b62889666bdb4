import { PageHeader } from '../../components/page-header';
import { EmptyListFrame } from '../../components/empty-list-frame';
import { WorkOrderPage } from '../../app/route-guards';

const COLUMNS = ['Account Name', 'Estimate Number', 'Estimate Amount', 'Deposit Amount', 'Created On', 'Job Number', 'Status', 'Actions'];

export function EstimatesListPage() {
  return (
    <WorkOrderPage>
      <PageHeader title="Estimates" />
      <EmptyListFrame caption="Estimates" columns={COLUMNS} />
    </WorkOrderPage>
  );
}
