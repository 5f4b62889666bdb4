import type { ClockActivity } from '@fieldwork/domain/tasks/clock.schemas';
import type { ClockActivityRow } from './clock.repository.ts';

export function toClockActivityDto(row: ClockActivityRow): ClockActivity {
  return {
    id: row.id,
    startTime: row.start_time,
    endTime: row.end_time,
    description: row.description,
    user: row.user_id ? { userId: row.user_id, username: row.user_name ?? '' } : null,
    vehicle: row.vehicle_id ? { id: row.vehicle_id, name: row.vehicle_name ?? '' } : null,
    assistants: row.assistants,
  };
}
