import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Power, PowerOff, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { VEHICLE_MESSAGES, VEHICLE_PAGE_SIZE, type Vehicle } from '@fieldwork/domain/company/vehicles.schemas';
import { ActiveBadge } from '../../components/badge';
import { ActiveStatusSelect, type ActiveStatus } from '../../components/active-status-select';
import { buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { Column, SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { CreateNewLink, PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { SortSelect, type SortOption } from '../../components/sort-select';
import { isApiError, messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { dash } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { vehicleWithActive } from './vehicle-form.schema';
import { vehicleKeys, vehiclesApi, type VehicleSearchBy } from './vehicles.api';

const SEARCH_BY_OPTIONS: { value: VehicleSearchBy; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'vin', label: 'VIN' },
  { value: 'plate', label: 'Plate' },
];
const SEARCH_PLACEHOLDER: Record<VehicleSearchBy, string> = { name: 'Search by name', vin: 'Search by VIN', plate: 'Search by plate' };
const STATUS_PARAM = { active: 'ACTIVE', inactive: 'INACTIVE', all: undefined } as const;
const DEFAULT_SORT: SortState = { key: 'createdAt', direction: 'desc' };
const SORT_OPTIONS: SortOption[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'vin:asc', label: 'VIN' },
  { value: 'plate:asc', label: 'Plate' },
  { value: 'state:asc', label: 'State' },
];

const statusBadge = (v: Vehicle) => <ActiveBadge active={v.isActive} />;
const mono = (text: string) => <span className="font-mono text-xs">{text}</span>;

/** Edit, Deactivate / Activate and Delete (after a confirmation); a vehicle used on tasks offers deactivation instead. */
function useVehicleActions() {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });

  const toggle = useMutation({
    mutationFn: ({ vehicle, isActive }: { vehicle: Vehicle; isActive: boolean }) => vehiclesApi.update(vehicle.id, vehicleWithActive(vehicle, isActive)),
    onSuccess: async (saved) => {
      toast.success(saved.isActive ? `${saved.name} activated` : `${saved.name} deactivated`);
      await refresh();
    },
    onError: async (error, { isActive }) => {
      toast.error(isActive ? 'Vehicle could not be activated' : 'Vehicle could not be deactivated', { description: messageOf(error) });
      if (isApiError(error) && error.code === 'STALE_VERSION') await refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (vehicle: Vehicle) => vehiclesApi.remove(vehicle.id),
    onSuccess: async (_none, vehicle) => {
      toast.success(`${vehicle.name} deleted`);
      setDeleting(null);
      await refresh();
    },
    onError: (error, vehicle) => {
      setDeleting(null);
      const inUse = isApiError(error) && error.statusCode === 409 && vehicle.isActive;
      toast.error(messageOf(error), inUse ? { action: { label: 'Deactivate', onClick: () => toggle.mutate({ vehicle, isActive: false }) } } : undefined);
    },
  });

  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      onOpenChange={(open) => (open ? undefined : setDeleting(null))}
      title="Delete vehicle"
      description={
        <>
          {VEHICLE_MESSAGES.deleteConfirm} {deleting ? <strong>{deleting.name}</strong> : null} will be removed permanently.
        </>
      }
      confirmLabel="Delete"
      destructive
      loading={remove.isPending}
      onConfirm={() => deleting && remove.mutate(deleting)}
    />
  );
  return { askDelete: setDeleting, toggle, dialog };
}

function RowActions({ vehicle, actions }: { vehicle: Vehicle; actions: ReturnType<typeof useVehicleActions> }) {
  const busy = actions.toggle.isPending && actions.toggle.variables.vehicle.id === vehicle.id;
  const icon = 'rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50';
  return (
    <span className="flex items-center gap-1">
      <Link to="/vehicles/$id/edit" params={{ id: vehicle.id }} aria-label={`Edit ${vehicle.name}`} title="Edit" className={icon}>
        <Pencil size={16} aria-hidden="true" />
      </Link>
      <button
        type="button"
        className={icon}
        disabled={busy}
        aria-label={`${vehicle.isActive ? 'Deactivate' : 'Activate'} ${vehicle.name}`}
        title={vehicle.isActive ? 'Deactivate' : 'Activate'}
        onClick={() => actions.toggle.mutate({ vehicle, isActive: !vehicle.isActive })}
      >
        {vehicle.isActive ? <PowerOff size={16} aria-hidden="true" /> : <Power size={16} aria-hidden="true" />}
      </button>
      <button
        type="button"
        className={`${icon} hover:text-danger`}
        aria-label={`Delete ${vehicle.name}`}
        title="Delete"
        onClick={() => actions.askDelete(vehicle)}
      >
        <Trash2 size={16} aria-hidden="true" />
      </button>
    </span>
  );
}

export function VehiclesListPage() {
  const auth = useAuth();
  const canWrite = auth.can('vehicles.write');
  const actions = useVehicleActions();
  const list = usePagedList({
    queryKey: vehicleKeys.list,
    fetchPage: ({ search, status, searchBy, sort, ...params }) =>
      vehiclesApi.list({ ...params, searchBy, searchText: search, status: STATUS_PARAM[status], orderByKey: sort.key, orderByValue: sort.direction }),
    initialFilters: { status: 'all' as ActiveStatus, searchBy: 'name' as VehicleSearchBy, sort: DEFAULT_SORT },
    isFiltered: (f) => f.status !== 'all',
    pageSize: VEHICLE_PAGE_SIZE,
    mobilePaging: 'pages',
  });

  const columns: Column<Vehicle>[] = [
    { key: 'name', header: 'Name', sortable: true, cell: (v) => <span className="font-medium text-gray-900">{v.name}</span> },
    { key: 'vin', header: 'VIN', sortable: true, cell: (v) => mono(v.vin) },
    { key: 'state', header: 'State', sortable: true, cell: (v) => dash(v.state) },
    { key: 'plate', header: 'Plate', sortable: true, cell: (v) => dash(v.plate) },
    { key: 'status', header: 'Status', cell: statusBadge },
  ];
  if (canWrite)
    columns.push({ key: 'actions', header: 'Actions', cell: (v) => <RowActions vehicle={v} actions={actions} />, className: 'w-32', stickyEnd: true });

  const addVehicle = canWrite ? (
    <Link to="/vehicles/create" className={buttonClass('primary')}>
      <Plus size={16} aria-hidden="true" /> Add Vehicle
    </Link>
  ) : undefined;

  return (
    <>
      <PageHeader title="Vehicles" actions={canWrite ? <CreateNewLink to="/vehicles/create" /> : null} />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <Select
          aria-label="Search by"
          className="sm:w-32"
          value={list.filters.searchBy}
          options={SEARCH_BY_OPTIONS}
          onChange={(e) => list.setFilters({ searchBy: e.target.value as VehicleSearchBy })}
        />
        <SearchInput aria-label="Search vehicles" placeholder={SEARCH_PLACEHOLDER[list.filters.searchBy]} value={list.search} onChange={list.setSearch} />
        <ActiveStatusSelect className="sm:w-36" value={list.filters.status} onChange={(status) => list.setFilters({ status })} />
        {list.mobile ? (
          <SortSelect label="Sort vehicles" options={SORT_OPTIONS} sort={list.filters.sort} onChange={(sort) => list.setFilters({ sort })} />
        ) : null}
      </div>
      <ListView
        list={list}
        caption="Vehicles"
        rowKey={(v) => v.id}
        sort={list.filters.sort}
        onSortChange={(sort) => list.setFilters({ sort })}
        columns={columns}
        emptyAction={addVehicle}
        cardTitle={(v) => v.name}
        cardFields={[
          { label: 'VIN', value: (v) => mono(v.vin) },
          { label: 'State', value: (v) => dash(v.state) },
          { label: 'Plate', value: (v) => dash(v.plate) },
          { label: 'Status', value: statusBadge },
          ...(canWrite ? [{ label: 'Actions', value: (v: Vehicle) => <RowActions vehicle={v} actions={actions} /> }] : []),
        ]}
      />
      {actions.dialog}
    </>
  );
}
