import type { AvailableTechnician, RescheduleTaskBody, ScheduleTaskBody } from '@fieldwork/domain/scheduling.schemas';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling.schemas';
import type { Task } from '@fieldwork/domain/tasks.schemas';
import { api, isApiError, type DataOf, type ItemsPage } from '../../lib/api-client';
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
    ['scheduling', 'technicians', w.startDateTime, w.expectedEndDateTime ?? '', w.search ?? '', w.excludeTaskId ?? '', (w.technicianTagIds ?? []).join(','), (w.technicianZoneIds ?? []).join(',')] as const,
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

export const SCHEDULE_TOASTS = {
  created: 'Schedule created',
  updated: 'Schedule updated',
  conflictTitle: 'Technician has a conflicting schedule',
  failedTitle: 'Update failed',
} as const;

function textOf(message: unknown): string {
  if (Array.isArray(message)) return message.map(String).join(', ');
  return typeof message === 'string' ? message : '';
}

/**
 * Schedule failure toast: the text is the error's message, its joined message list, or data.message, falling
 * back to "Unable to update schedule. This user has a conflicting schedule."; the title says "Technician has a
 * conflicting schedule" when the server refused a clash (code SCHEDULE_CONFLICT) or said nothing, so the
 * fallback's own words stand, else "Update failed".
 */
export function scheduleFailure(error: unknown): { title: string; text: string } {
  let text = '';
  if (isApiError(error)) {
    const body = error.body as { message?: unknown; data?: { message?: unknown } } | null;
    text = body && typeof body === 'object' ? textOf(body.message) || textOf(body.data?.message) : error.code === 'NETWORK' ? error.message : '';
  } else if (error instanceof Error) {
    text = error.message;
  }
  const clash = isApiError(error) && error.code === 'SCHEDULE_CONFLICT';
  text = text.trim();
  if (!text) return { title: SCHEDULE_TOASTS.conflictTitle, text: SCHEDULE_MESSAGES.conflictFallback };
  return { title: clash ? SCHEDULE_TOASTS.conflictTitle : SCHEDULE_TOASTS.failedTitle, text };
}
