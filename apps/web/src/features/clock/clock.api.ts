import type { z } from 'zod';
import {
  ASSISTANTS_LIMIT,
  type AdjustActivityBody,
  type Assistant,
  type ClockActivity,
  type clockInBody,
  type ClockOutBody,
} from '@fieldwork/domain/tasks/clock.schemas';
import type { Task, TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import type { Vehicle } from '@fieldwork/domain/company/vehicles.schemas';
import { api, type DataOf, type DataPage, type ItemsPage } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';
import { taskKeys } from '../tasks/tasks.api';

/** Query keys of time on the job. Work periods share the task page's key, so one refresh serves both. */
export const clockKeys = {
  activities: taskKeys.activities,
  activeVehicles: ['vehicles', 'active'] as const,
  assistants: (assigneeId: string | null, search: string) => ['tasks', 'assistants', assigneeId ?? '', search] as const,
};

/** What the clock-in form sends: the domain's body before its defaults. */
export type ClockInRequest = z.input<typeof clockInBody>;

export const clockApi = {
  /** Pre-check: the worker's tasks that are clocked in right now. */
  runningTasks: async (userId: string) => (await api.post<DataOf<TaskListItem[]>>('/tasks/filter-list', { userId, status: ['Clock-In'] })).data,
  /** With an Idempotency-Key, a retry of the same action runs at most once. */
  clockIn: async (body: ClockInRequest, idempotencyKey?: string) =>
    (await api.post<DataOf<Task>>('/tasks/clock-in', body, { headers: idempotencyHeaders(idempotencyKey) })).data,
  clockOut: async (body: ClockOutBody, idempotencyKey?: string) =>
    (await api.post<DataOf<Task>>('/tasks/clock-out', body, { headers: idempotencyHeaders(idempotencyKey) })).data,
  adjust: async (taskId: string, activityId: string, body: AdjustActivityBody) =>
    (await api.patch<DataOf<ClockActivity>>(`/tasks/${taskId}/activities/${activityId}`, body)).data,
  /** Work periods in start order, with vehicle and assistants; the running one has endTime null. */
  activities: async (taskId: string) => (await api.get<DataOf<ClockActivity[]>>(`/tasks/${taskId}/activities`)).data,
  /** The clock-in dropdown: active vehicles, page 1 of up to 100. */
  activeVehicles: async () => (await api.get<DataPage<Vehicle>>('/vehicles/active', { query: { page: 1, limit: ASSISTANTS_LIMIT } })).data,
  /** Technicians who can assist, without the assignee (the server leaves them out). */
  assistants: async (assignedTechnicianId: string | null, search: string): Promise<Assistant[]> =>
    (
      await api.get<ItemsPage<Assistant>>('/tasks/assistants', {
        query: { assignedTechnicianId: assignedTechnicianId ?? undefined, search: search.trim() || undefined, limit: ASSISTANTS_LIMIT },
      })
    ).items,
};

/** The running work period, if any. */
export const runningActivity = <T extends { endTime: string | null }>(activities: readonly T[] | undefined): T | null =>
  activities?.find((a) => a.endTime === null) ?? null;
