import type { AvailableTechnician, RescheduleTaskBody, ScheduleTaskBody } from '@fieldwork/domain/scheduling/scheduling.schemas';
import type { Task } from '@fieldwork/domain/tasks/tasks.schemas';
import { api, type DataOf, type ItemsPage } from '../../lib/api-client';
import { PICKER_LIMIT } from '../tasks/tasks.api';

/** The schedule answer: the task, plus one bid id per requested subcontractor when bids were requested. */
export type ScheduleResult = DataOf<Task> & { bidIds?: string[] };

export type TechnicianWindow = {
  startDateTime: string;
  expectedEndDateTime: string | null;
  search?: string;
  excludeTaskId?: string;
  technicianTagIds?: string[];
  technicianZoneIds?: string[];
};

export const schedulingKeys = {
  technicians: (w: TechnicianWindow) =>
    [
      'scheduling',
      'technicians',
      w.startDateTime,
      w.expectedEndDateTime ?? '',
      w.search ?? '',
      w.excludeTaskId ?? '',
      (w.technicianTagIds ?? []).join(','),
      (w.technicianZoneIds ?? []).join(','),
    ] as const,
};

export const schedulingApi = {
  /** POST /tasks/schedule: the task's first schedule; bidIds when it requested bids. */
  create: (body: ScheduleTaskBody) => api.post<ScheduleResult>('/tasks/schedule', body),
  /** PUT /tasks/schedule/{scheduleId}: re-schedule, with the version the sheet loaded. */
  reschedule: (scheduleId: string, body: RescheduleTaskBody) => api.put<ScheduleResult>(`/tasks/schedule/${scheduleId}`, body),
  /** Technicians with their availability for the window (spec: pickers load page 1, limit 100). */
  technicians: async ({ search, ...window }: TechnicianWindow) =>
    (
      await api.get<DataOf<ItemsPage<AvailableTechnician>>>('/tasks/technicians', {
        query: { page: 1, limit: PICKER_LIMIT, ...window, search: search || undefined },
      })
    ).data.items,
};
