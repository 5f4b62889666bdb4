import type { z } from 'zod';
import type { TimeOff, TimeOffBody, timeOffListQuery } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { api, type DataOf } from '../../lib/api-client';

/** One person's time off in a window: the list query with its user named. */
export type TimeOffRange = z.infer<typeof timeOffListQuery> & { userId: string };

export const timeOffKeys = {
  all: ['time-off'] as const,
  list: (r: TimeOffRange) => ['time-off', r.userId, r.startDateTime, r.endDateTime] as const,
};

export const TIME_OFF_TOASTS = { added: 'Time off added', removed: 'Time off removed' } as const;

export const timeOffApi = {
  /** GET /time-off: the user's time off overlapping the range. */
  list: async (r: TimeOffRange) => (await api.get<DataOf<TimeOff[]>>('/time-off', { query: r })).data,
  /** POST /time-off: 409 SCHEDULE_CONFLICT names the clashing task. */
  create: async (body: TimeOffBody) => (await api.post<DataOf<TimeOff>>('/time-off', body)).data,
  remove: (id: string) => api.delete<null>(`/time-off/${id}`),
};
