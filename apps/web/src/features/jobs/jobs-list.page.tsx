import { PageHeader } from '../../components/page-header';
import { PageUnavailable } from '../../components/page-unavailable';
import { EmptyListFrame } from '../../components/empty-list-frame';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../app/route-guards';

export const JOB_COLUMNS = [
  'Created On',
  'Customer Name',
  'Job Lead',
  'Sales Manager',
  'Job Number',
  'Job Name',
  'Job Status',
  'Job Service Areas',
  'Job Tags',
  'Open Estimates',
  'Due Invoices',
  'Paid Amount',
  'Actions',
] as const;

export function JobsListPage() {
  const auth = useAuth();
  if (auth.viewerClass === 'technician') return <PageUnavailable message="Technicians have no access to the Job's listing page" />;
  return (
    <WorkOrderPage>
      <PageHeader title="Jobs" />
      <EmptyListFrame caption="Jobs" columns={JOB_COLUMNS} />
    </WorkOrderPage>
  );
}
