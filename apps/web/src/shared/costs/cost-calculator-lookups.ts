/**
 * The people, vehicles and subcontractors an estimated cost may name. Each list loads only when the open
 * form's type needs it, first 100 active by name (the API's page cap).
 */
import { useQuery } from '@tanstack/react-query';
import type { CostType } from '@fieldwork/domain/jobs/costs.rules';
import { subcontractorKeys, subcontractorsApi } from '../../features/subcontractors/subcontractors.api';
import { userKeys, usersApi } from '../../features/settings/users/users.api';
import { vehicleKeys, vehiclesApi } from '../../features/vehicles/vehicles.api';

type Named = { id: string; name: string };
const LIMIT = 100;
const named = (list: readonly Named[] | undefined): Named[] => (list ?? []).map(({ id, name }) => ({ id, name }));

export function useCostLookups(type: CostType | null) {
  const people = useQuery({
    queryKey: [...userKeys.list, 'cost-people'],
    queryFn: () => usersApi.list({ page: 1, limit: LIMIT, status: 'ACTIVE', orderByKey: 'name', orderByValue: 'asc' }),
    enabled: type === 'LABOR',
    staleTime: 60_000,
  });
  const vehicles = useQuery({
    queryKey: [...vehicleKeys.list, 'cost-vehicles'],
    queryFn: () => vehiclesApi.list({ page: 1, limit: LIMIT, searchBy: 'name', orderByKey: 'name', orderByValue: 'asc', status: 'ACTIVE' }),
    enabled: type === 'VEHICLE',
    staleTime: 60_000,
  });
  const subcontractors = useQuery({
    queryKey: [...subcontractorKeys.list, 'cost-subcontractors'],
    queryFn: () => subcontractorsApi.list({ page: 1, limit: LIMIT, status: 'active' }),
    enabled: type === 'SUBCONTRACTOR',
    staleTime: 60_000,
  });
  const rates = new Map((people.data?.data ?? []).map((u) => [u.id, u.costRate] as const));
  return {
    people: named(people.data?.data),
    vehicles: named(vehicles.data?.data),
    subcontractors: named(subcontractors.data?.data),
    /** A person's hourly cost rate from Settings (undefined when the API leaves it out). */
    costRateOf: (userId: string) => rates.get(userId),
  };
}
