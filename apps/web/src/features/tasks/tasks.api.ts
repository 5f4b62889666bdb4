import type { Activity } from '@fieldwork/domain/jobs/activity.schemas';
import type {
  AssignedStatus,
  CloseTaskBody,
  CreateTaskBody,
  Task,
  TaskActivity,
  TaskListItem,
  TaskOrderKey,
  TaskSearchBy,
  UpdateTaskBody,
} from '@fieldwork/domain/tasks/tasks.schemas';
import type { TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import type { Subcontractor } from '@fieldwork/domain/company/subcontractors.schemas';
import { api, fromItemsPage, type DataOf, type DataPage, type ItemsPage } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';

export type TaskListParams = {
  page: number;
  limit: number;
  assignedStatus: AssignedStatus;
  search?: string;
  /** What the search matches; 'taskNumber' unless given (the scheduler sheets use 'any'). */
  searchBy?: TaskSearchBy;
  orderByKey?: TaskOrderKey;
  orderByValue?: 'asc' | 'desc';
  jobId?: string;
  statuses?: readonly TaskStatus[];
  tagIds?: readonly string[];
  zoneIds?: readonly string[];
};

/** Pickers load page 1 with limit 100. */
export const PICKER_LIMIT = 100;
export const TASK_ACTIVITY_PAGE_SIZE = 10;

export const taskKeys = {
  all: ['tasks'] as const,
  list: ['tasks', 'list'] as const,
  detail: (id: string) => ['tasks', 'detail', id] as const,
  activities: (id: string) => ['tasks', 'activities', id] as const,
  activityLog: (id: string) => ['tasks', 'activity-log', id] as const,
  subcontractors: ['subcontractors', 'list', 'picker'] as const,
};

export const tasksApi = {
  list: async ({ statuses, tagIds, zoneIds, search, searchBy, ...params }: TaskListParams): Promise<DataPage<TaskListItem>> =>
    fromItemsPage(
      await api.get<ItemsPage<TaskListItem>>('/tasks', {
        query: {
          ...params,
          search,
          searchBy: search ? (searchBy ?? 'taskNumber') : undefined,
          'status[]': statuses,
          'tags[]': tagIds,
          'zones[]': zoneIds,
        },
      }),
    ),
  get: async (id: string) => (await api.get<DataOf<Task>>(`/tasks/${id}`)).data,
  create: async (body: CreateTaskBody) => (await api.post<DataOf<{ id: string; taskNumber: number }>>('/tasks', body)).data,
  update: async (id: string, body: UpdateTaskBody) => (await api.put<DataOf<Task>>(`/tasks/${id}`, body)).data,
  cancel: (id: string) => api.patch<unknown>(`/tasks/${id}`, { isCancelled: true }),
  reopen: (id: string) => api.patch<unknown>(`/tasks/${id}`, { isTaskReopen: true }),
  /** With an Idempotency-Key, a retry of the same close runs at most once (server: idempotency.plugin.ts). */
  close: async (body: CloseTaskBody, idempotencyKey?: string) =>
    (await api.post<DataOf<Task>>('/tasks/close', body, { headers: idempotencyHeaders(idempotencyKey) })).data,
  activities: async (id: string) => (await api.get<DataOf<TaskActivity[]>>(`/tasks/${id}/activities`)).data,
  activityLog: async (id: string, page: number): Promise<DataPage<Activity>> =>
    fromItemsPage((await api.get<DataOf<ItemsPage<Activity>>>(`/tasks/${id}/activity-log`, { query: { page, limit: TASK_ACTIVITY_PAGE_SIZE } })).data),

  subcontractors: async (): Promise<Subcontractor[]> =>
    (await api.get<DataPage<Subcontractor>>('/subcontractors', { query: { page: 1, limit: PICKER_LIMIT, status: 'active' } })).data,
};
