import type { Activity } from '@fieldwork/domain/jobs/activity.schemas';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import type { Task, TaskActivity, TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { TASK_ACTIONS } from '@fieldwork/domain/tasks/task-actions.rules';
import { route } from '../../test-utils';
import { CUSTOMER_ID, JOB_ID, USER_ID } from '../jobs/test-fixtures';

export const TASK_ID = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
export const TECH_ID = '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c';

type ActionState = { visible: boolean; allowed: boolean; reason: string | null };
export const hidden: ActionState = { visible: false, allowed: false, reason: null };
export const allowed: ActionState = { visible: true, allowed: true, reason: null };
export const refused = (reason: string): ActionState => ({ visible: true, allowed: false, reason });

/** Every action hidden, then the given ones. */
export function actions(overrides: Partial<Task['actions']> = {}): Task['actions'] {
  const base = Object.fromEntries([...TASK_ACTIONS, 'edit'].map((a) => [a, hidden])) as Task['actions'];
  return { ...base, ...overrides };
}

export function taskItem(overrides: Partial<TaskListItem> = {}): TaskListItem {
  return {
    id: TASK_ID,
    taskNumber: 2001,
    name: 'Replace valve',
    status: 'UPCOMING',
    displayStatus: 'Upcoming',
    lifecycle: 'OPEN',
    dateCategory: 'future',
    jobId: JOB_ID,
    job: { id: JOB_ID, jobNumber: 1042, name: 'Boiler service', status: 'OPEN' },
    customer: { id: CUSTOMER_ID, name: 'Northwind Plumbing' },
    siteAddress: { id: 'a5b0c6de-1f2a-4b3c-8d4e-5f6a7b8c9d0e', fullAddress: '12 Harbor St, Boston, MA 02110' },
    buildingUnit: null,
    requester: null,
    createdBy: { userId: USER_ID, username: 'Alex Kim', name: 'Alex Kim' },
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    assignedTo: 'TECHNICIAN',
    assignedUser: { userId: TECH_ID, username: 'Tom Technician', profileImgThumbnail: null },
    assignedSubcontractor: null,
    taskScheduler: { id: 's1', startDateTime: '2026-11-25T14:00:00.000Z', expectedEndDateTime: '2026-11-25T16:00:00.000Z', endDateTime: null },
    estimateCount: 0,
    estimateReceivedCount: 0,
    invoiceCount: 0,
    invoiceReceivedCount: 0,
    version: 1,
    actions: actions({ cancel: allowed, edit: allowed }),
    ...overrides,
  };
}

export function task(overrides: Partial<Task> = {}): Task {
  return { ...taskItem(), description: 'Swap the leaking valve.', ...overrides };
}

export const tasksPage = (items: TaskListItem[], page = 1, total = items.length, limit = 10) => ({
  items,
  meta: { total, totalPages: Math.max(1, Math.ceil(total / limit)), page, limit },
});

/** GET /api/tasks answering with these rows (every tab and filter). */
export const tasksReply = (items: TaskListItem[] = []) => route('GET', '/api/tasks', { body: tasksPage(items) });

export const taskReply = (overrides: Partial<Task> = {}) => route('GET', `/api/tasks/${TASK_ID}`, { body: { data: task(overrides) } });

export const activitiesReply = (items: TaskActivity[] = []) => route('GET', `/api/tasks/${TASK_ID}/activities`, { body: { data: items } });

export const activityLogReply = (items: Activity[] = []) =>
  route('GET', `/api/tasks/${TASK_ID}/activity-log`, { body: { data: { items, meta: { total: items.length, totalPages: 1, page: 1, limit: 10 } } } });

/** Everything the task page loads. */
export const taskBidsReply = (bids: unknown[] = []) => route('GET', `/api/tasks/${TASK_ID}/bids`, { body: { data: bids } });

/** The task's job's notes (one page) and photos, as the task routes answer them. */
export const taskNotesReply = (items: Note[] = []) =>
  route('GET', `/api/tasks/${TASK_ID}/notes`, { body: { items, meta: { total: items.length, totalPages: 1, page: 1, limit: 20 } } });
export const taskPhotosReply = (items: Media[] = []) => route('GET', `/api/tasks/${TASK_ID}/photos`, { body: { data: { items } } });

export const taskPageReplies = (overrides: Partial<Task> = {}, work: TaskActivity[] = [], bids: unknown[] = []) => [
  taskReply(overrides),
  activitiesReply(work),
  activityLogReply(),
  taskBidsReply(bids),
  taskNotesReply(),
  taskPhotosReply(),
];
