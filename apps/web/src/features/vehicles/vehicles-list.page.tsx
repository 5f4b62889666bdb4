import { PageHeader } from '../../components/page-header';
import { EmptyListFrame } from '../../components/empty-list-frame';

const COLUMNS = ['Name', 'VIN', 'State', 'Status', 'Actions'];

export function VehiclesListPage() {
  return (
    <>
      <PageHeader title="Vehicles" />
      <EmptyListFrame caption="Vehicles" columns={COLUMNS} />
    </>
  );
}
