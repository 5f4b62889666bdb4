import type { Task, TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import type { JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { taskActions, taskEditState, type TaskForRules } from '@fieldwork/domain/tasks/task-actions.rules';
import { dateCategory, deriveTaskStatus, TASK_STATUS_LABELS, type AssignedTo, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { photoUrl } from '../account-core/users.presenter.ts';
import type { TaskViewRow } from './tasks.repository.ts';

/** What presenting a task needs besides the row: who asks, the instant and the company's zone. */
export type TaskViewContext = { viewer: Viewer; now: Date; timeZone: string };

/** The row as the domain's status and action rules read it. */
export function taskFacts(row: TaskViewRow): TaskForRules {
  return {
    lifecycle: row.lifecycle as TaskLifecycle,
    startDateTime: row.start_at,
    expectedEndDateTime: row.expected_end_at,
    assignedTo: row.assigned_to as AssignedTo,
    assignedUserId: row.assigned_user_id,
    assignedSubcontractorUserId: row.assigned_subcontractor_id ? row.sub_user_id : null,
    estimateCount: row.estimate_count,
    invoiceCount: row.invoice_count,
  };
}

export function recordActions(ctx: TaskViewContext, row: TaskViewRow) {
  const facts = taskFacts(row);
  const job = { status: row.job_status as JobStatus };
  return { ...taskActions(ctx.viewer, facts, job, ctx.now, ctx.timeZone), edit: taskEditState(ctx.viewer, facts, job) };
}

export function toTaskListItem(ctx: TaskViewContext, row: TaskViewRow): TaskListItem {
  const facts = taskFacts(row);
  const status = deriveTaskStatus(facts, ctx.now, ctx.timeZone);
  return {
    id: row.id,
    taskNumber: row.task_number,
    name: row.name,
    status,
    displayStatus: TASK_STATUS_LABELS[status],
    lifecycle: facts.lifecycle,
    dateCategory: dateCategory(facts, ctx.now, ctx.timeZone),
    jobId: row.job_id,
    job: { id: row.job_id, jobNumber: row.job_number, name: row.job_name, status: row.job_status as JobStatus },
    customer: { id: row.customer_id, name: row.customer_name },
    siteAddress: row.site_address ? { id: row.site_address_id, fullAddress: row.site_address } : null,
    buildingUnit: row.building_unit_id && row.building_unit ? { id: row.building_unit_id, buildingUnit: row.building_unit } : null,
    requester: row.requester_id ? { id: row.requester_id, name: row.requester_name ?? '' } : null,
    createdBy: row.created_by ? { userId: row.created_by, username: row.creator_name ?? '', name: row.creator_name ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    assignedTo: facts.assignedTo,
    assignedUser: row.assigned_user_id
      ? {
          userId: row.assigned_user_id,
          username: row.tech_name ?? '',
          profileImgThumbnail: photoUrl({ id: row.assigned_user_id, photo_file_id: row.tech_photo }),
        }
      : null,
    assignedSubcontractor: row.assigned_subcontractor_id ? { id: row.assigned_subcontractor_id, name: row.sub_name ?? '', profilePictureUrl: null } : null,
    taskScheduler:
      row.schedule_id && row.start_at
        ? { id: row.schedule_id, startDateTime: row.start_at, expectedEndDateTime: row.expected_end_at, endDateTime: row.end_at, version: row.schedule_version }
        : null,
    plan: row.plan_id && row.plan_name ? { id: row.plan_id, name: row.plan_name } : null,
    estimateCount: row.estimate_count,
    estimateReceivedCount: row.estimate_received_count,
    invoiceCount: row.invoice_count,
    invoiceReceivedCount: row.invoice_received_count,
    version: row.version,
    actions: recordActions(ctx, row),
  };
}

export function toTaskDto(ctx: TaskViewContext, row: TaskViewRow): Task {
  return { ...toTaskListItem(ctx, row), description: row.description };
}

/** The task as its change log describes it: human values per field, for old → new entries. */
export function taskSnapshot(t: {
  name: string;
  description: string | null;
  start: string | null;
  expectedEnd: string | null;
  assignee: string | null;
}): Record<string, string | null> {
  return {
    'Task Name': t.name,
    Description: t.description || null,
    'Start Date-Time': t.start,
    'Expected End Date-Time': t.expectedEnd,
    'Assigned To': t.assignee,
  };
}
