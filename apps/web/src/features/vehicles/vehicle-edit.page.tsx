import { useNavigate, useParams } from '@tanstack/react-router';
import type { Vehicle } from '@fieldwork/domain/company/vehicles.schemas';
import { formPageFallback } from '../../components/form-page-fallback';
import { StaleVersionNotice } from '../../components/notice-panel';
import { BackLink, PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useRecordEdit } from '../../lib/use-record-save';
import { VehicleForm } from './vehicle-form';
import { vehicleToValues, type VehicleFormOutput } from './vehicle-form.schema';
import { vehicleKeys, vehiclesApi } from './vehicles.api';

export function VehicleEditPage() {
  const { id = '' } = useParams({ strict: false });
  const navigate = useNavigate();
  const toList = (): Promise<void> => navigate({ to: '/vehicles' });
  const { record: vehicle, save } = useRecordEdit<Vehicle, VehicleFormOutput & { version?: number }, Vehicle>({
    detailKey: vehicleKeys.detail(id),
    load: () => vehiclesApi.get(id),
    update: (body) => vehiclesApi.update(id, body),
    invalidate: vehicleKeys.all,
    successMessage: 'Vehicle updated',
    onSaved: toList,
  });
  const back = <BackLink to="/vehicles">Vehicles</BackLink>;
  const notFound = isApiError(vehicle.error) && vehicle.error.statusCode === 404;
  const fallback = formPageFallback(vehicle, { title: 'Edit vehicle', back, fields: 7, errorTitle: notFound ? 'Vehicle not found' : undefined });
  if (fallback || !vehicle.data) return fallback;
  const v = vehicle.data;
  // Someone else saved first: the record was reloaded (the form restarts from it, keyed by version) and this says why.
  const stale = isApiError(save.error) && save.error.code === 'STALE_VERSION';
  return (
    <>
      <PageHeader title={`Edit ${v.name}`} back={back} />
      {stale && save.error ? <StaleVersionNotice message={save.error.message} /> : null}
      <VehicleForm
        key={v.version}
        mode="edit"
        defaultValues={vehicleToValues(v)}
        onSubmit={(body) => save.mutate({ ...body, version: v.version })}
        onCancel={() => void toList()}
        pending={save.isPending}
        error={stale ? null : save.error}
      />
    </>
  );
}
