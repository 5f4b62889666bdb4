import type { CreateVehicleBody, UpdateVehicleBody, Vehicle, VehicleStatus } from '@fieldwork/domain/company/vehicles.schemas';
import { api, type DataOf, type DataPage } from '../../lib/api-client';

export type VehicleSearchBy = 'name' | 'vin' | 'plate';

export type VehicleListParams = {
  page: number;
  limit: number;
  searchBy: VehicleSearchBy;
  searchText?: string;
  orderByKey: string;
  orderByValue: 'asc' | 'desc';
  status?: VehicleStatus;
};

/** The form sends dollars; the domain body's output type is cents, so the wire body is typed as its input. */
export type VehicleWriteBody = Omit<CreateVehicleBody, 'hourlyCost' | 'mileCost'> & { hourlyCost: number; mileCost: number };

export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: ['vehicles', 'list'] as const,
  detail: (id: string) => ['vehicles', 'detail', id] as const,
};

export const vehiclesApi = {
  list: (params: VehicleListParams) => api.get<DataPage<Vehicle>>('/vehicles', { query: params }),
  get: async (id: string) => (await api.get<DataOf<Vehicle>>(`/vehicles/${id}`)).data,
  create: async (body: VehicleWriteBody) => (await api.post<DataOf<Vehicle>>('/vehicles', body)).data,
  update: async (id: string, body: VehicleWriteBody & Pick<UpdateVehicleBody, 'version'>) => (await api.put<DataOf<Vehicle>>(`/vehicles/${id}`, body)).data,
  remove: (id: string) => api.delete<null>(`/vehicles/${id}`),
};
