/**
 * What the manual lines' pickers offer: active team members, active vehicles and active subcontractors. Each
 * list loads only when the viewer may read it; a technician without the team list can cost their own labor.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context';
import { clockApi, clockKeys } from '../clock/clock.api';
import { usersApi } from '../settings/users/users.api';
import { tasksApi, taskKeys } from '../tasks/tasks.api';

type Named = { id: string; name: string };
const PICKER_LIMIT = 100;
const STALE = 5 * 60_000;

export function useCostPickerOptions(): { people: Named[]; vehicles: Named[]; subcontractors: Named[] } {
  const auth = useAuth();
  const me = auth.session.user;
  const canUsers = auth.can('users.read');
  const users = useQuery({
    queryKey: ['users', 'list', 'active-for-costs'],
    queryFn: () => usersApi.list({ page: 1, limit: PICKER_LIMIT, status: 'ACTIVE', orderByKey: 'name', orderByValue: 'asc' }),
    enabled: canUsers,
    staleTime: STALE,
  });
  const vehicles = useQuery({ queryKey: clockKeys.activeVehicles, queryFn: clockApi.activeVehicles, enabled: auth.can('vehicles.pick'), staleTime: STALE });
  const subcontractors = useQuery({
    queryKey: taskKeys.subcontractors,
    queryFn: tasksApi.subcontractors,
    enabled: auth.can('subcontractors.read'),
    staleTime: STALE,
  });
  return {
    people: canUsers ? (users.data?.data ?? []).map((u) => ({ id: u.id, name: u.name })) : [{ id: me.id, name: me.name }],
    vehicles: (vehicles.data ?? []).map((v) => ({ id: v.id, name: v.name })),
    subcontractors: (subcontractors.data ?? []).map((s) => ({ id: s.id, name: s.name })),
  };
}
