import { useNavigate } from '@tanstack/react-router';
import { BackLink, PageHeader } from '../../components/page-header';
import { useRecordSave } from '../../lib/use-record-save';
import { VehicleForm } from './vehicle-form';
import { newVehicleValues, type VehicleFormOutput } from './vehicle-form.schema';
import { vehicleKeys, vehiclesApi } from './vehicles.api';

export function VehicleCreatePage() {
  const navigate = useNavigate();
  const toList = (): Promise<void> => navigate({ to: '/vehicles' });
  const create = useRecordSave({
    save: (body: VehicleFormOutput) => vehiclesApi.create(body),
    invalidate: vehicleKeys.all,
    successMessage: 'Vehicle created',
    onSaved: toList,
  });
  return (
    <>
      <PageHeader title="New vehicle" back={<BackLink to="/vehicles">Vehicles</BackLink>} />
      <VehicleForm
        mode="create"
        defaultValues={newVehicleValues()}
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void toList()}
        pending={create.isPending}
        error={create.error}
      />
    </>
  );
}
