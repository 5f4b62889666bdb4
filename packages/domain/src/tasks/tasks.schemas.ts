import { z } from 'zod';
import {
  idListQuery,
  namedRef,
  orderValueSchema,
  pageQuery,
  storableInstant,
  uuidField,
  versionField,
  requiredText,
  optionalText,
} from '../common/common.schemas.ts';
import { JOB_STATUSES } from '../jobs/jobs.schemas.ts';
import { TASK_ACTIONS } from './task-actions.rules.ts';
import { TASK_LIFECYCLES, TASK_STATUSES } from './task-status.rules.ts';

export const TASK_NAME_MAX = 100;
export const TASK_DESCRIPTION_MAX = 2000;
/** The default schedule duration. */
export const DEFAULT_SCHEDULE_HOURS = 2;
/**
 * The longest a scheduled task may run. It bounds every "which tasks meet this range" query from below
 * (start > range start − this), so the scheduler, availability and clash checks read a short index range
 * instead of an assignee's whole history.
 */
export const MAX_TASK_DAYS = 31;
export const MAX_TASK_MS = MAX_TASK_DAYS * 86_400_000;

/** The cap above: the end is never before the start, nor more than MAX_TASK_DAYS after it. */
export function scheduleWindowError(start: string, end: string | null | undefined): string | null {
  if (!end) return null;
  if (end < start) return TASK_MESSAGES.endBeforeStart;
  if (Date.parse(end) - Date.parse(start) > MAX_TASK_MS) return TASK_MESSAGES.tooLong;
  return null;
}

export const ASSIGNED_STATUSES = ['ASSIGNED_TO_ME', 'ASSIGNED_TO_OTHERS', 'UNSCHEDULED', 'UNASSIGNED', 'ALL'] as const;
export type AssignedStatus = (typeof ASSIGNED_STATUSES)[number];

/** The four tabs of the task list, in the spec's order, with the labels it shows. */
export const TASK_TABS = [
  { value: 'ASSIGNED_TO_ME', label: 'Assigned to Me' },
  { value: 'ASSIGNED_TO_OTHERS', label: 'Assigned to Others' },
  { value: 'UNSCHEDULED', label: 'Unscheduled' },
  { value: 'UNASSIGNED', label: 'Unassigned' },
] as const satisfies readonly { value: AssignedStatus; label: string }[];

/** The form's assignment choice; LATER means "no assignee yet" and is never stored. */
export const ASSIGN_TO_CHOICES = ['TECHNICIAN', 'SUBCONTRACTOR', 'LATER'] as const;
export type AssignToChoice = (typeof ASSIGN_TO_CHOICES)[number];

export const TASK_ORDER_KEYS = ['createdAt', 'taskNumber', 'name', 'startDateTime'] as const;
export type TaskOrderKey = (typeof TASK_ORDER_KEYS)[number];

/** 'any' is the scheduler sheets' one box: task name, task number or job number. */
export const TASK_SEARCH_BY = ['taskNumber', 'name', 'jobNumber', 'any'] as const;
export type TaskSearchBy = (typeof TASK_SEARCH_BY)[number];

export const TASK_MESSAGES = {
  startRequired: 'Start date-time is required.',
  endBeforeStart: 'End date-time must be the same as or after the start date-time.',
  technicianRequired: 'Select a technician to assign the task to.',
  subcontractorRequired: 'Select a subcontractor to assign the task to.',
  endInFuture: 'End date-time cannot be in the future.',
  notFound: 'Task not found',
  finished: 'This task is closed or cancelled; it can no longer be changed.',
  jobNotOpen: 'Tasks can only be added to an open job.',
  tooLong: `A task can be scheduled for at most ${MAX_TASK_DAYS} days.`,
} as const;

const isoInstant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a valid ISO 8601 date-time.` })
    .refine(storableInstant, { error: `${label} must be a valid ISO 8601 date-time.` });
const optionalInstant = (label: string) =>
  z
    .union([isoInstant(label), z.literal(''), z.null()])
    .transform((v) => (v ? new Date(v).toISOString() : null))
    .optional();
const optionalId = (label: string) =>
  z
    .union([uuidField(label), z.literal(''), z.null()])
    .transform((v) => (v ? v : null))
    .optional();

const taskName = requiredText('Task Name', TASK_NAME_MAX);

const scheduleFields = {
  startDateTime: optionalInstant('Start date-time'),
  expectedEndDateTime: optionalInstant('End date-time'),
  /** Omitted (or LATER) means no assignee. */
  assignTo: z.enum(ASSIGN_TO_CHOICES, { error: 'assignTo must be TECHNICIAN, SUBCONTRACTOR or LATER.' }).optional(),
  assignedTechnicianId: optionalId('Technician'),
  assignedSubcontractorId: optionalId('Subcontractor'),
};

type ScheduleInput = {
  startDateTime?: string | null;
  expectedEndDateTime?: string | null;
  assignTo?: AssignToChoice;
  assignedTechnicianId?: string | null;
  assignedSubcontractorId?: string | null;
};

/** An assignee needs a start; the end is never before the start; the chosen kind needs its person. */
function checkSchedule(v: ScheduleInput, ctx: z.RefinementCtx) {
  const assigning = v.assignTo === 'TECHNICIAN' || v.assignTo === 'SUBCONTRACTOR';
  if (!v.startDateTime && (assigning || v.expectedEndDateTime)) ctx.addIssue({ code: 'custom', path: ['startDateTime'], message: TASK_MESSAGES.startRequired });
  const windowError = v.startDateTime ? scheduleWindowError(v.startDateTime, v.expectedEndDateTime) : null;
  if (windowError) ctx.addIssue({ code: 'custom', path: ['expectedEndDateTime'], message: windowError });
  if (v.assignTo === 'TECHNICIAN' && !v.assignedTechnicianId)
    ctx.addIssue({ code: 'custom', path: ['assignedTechnicianId'], message: TASK_MESSAGES.technicianRequired });
  if (v.assignTo === 'SUBCONTRACTOR' && !v.assignedSubcontractorId)
    ctx.addIssue({ code: 'custom', path: ['assignedSubcontractorId'], message: TASK_MESSAGES.subcontractorRequired });
}

export const createTaskBody = z
  .strictObject({
    jobId: uuidField('Job'),
    name: taskName,
    description: optionalText('Description', TASK_DESCRIPTION_MAX),
    ...scheduleFields,
  })
  .superRefine(checkSchedule);
export type CreateTaskBody = z.infer<typeof createTaskBody>;

/** The job of a task never changes; everything else may, while the task is not closed or cancelled. */
export const updateTaskBody = z
  .strictObject({
    name: taskName,
    description: optionalText('Description', TASK_DESCRIPTION_MAX),
    ...scheduleFields,
    version: versionField,
  })
  .superRefine(checkSchedule);
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

/** Spec: PATCH carries exactly one of isCancelled, isTaskReopen or assignTo (with the person when assigning). */
export const patchTaskBody = z
  .strictObject({
    isCancelled: z.literal(true, { error: 'isCancelled must be true.' }).optional(),
    isTaskReopen: z.literal(true, { error: 'isTaskReopen must be true.' }).optional(),
    assignTo: scheduleFields.assignTo,
    assignedTechnicianId: scheduleFields.assignedTechnicianId,
    assignedSubcontractorId: scheduleFields.assignedSubcontractorId,
  })
  .superRefine((v, ctx) => {
    const given = [v.isCancelled, v.isTaskReopen, v.assignTo].filter((x) => x !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: 'Send exactly one of isCancelled, isTaskReopen or assignTo.' });
    if (v.assignTo === 'TECHNICIAN' && !v.assignedTechnicianId)
      ctx.addIssue({ code: 'custom', path: ['assignedTechnicianId'], message: TASK_MESSAGES.technicianRequired });
    if (v.assignTo === 'SUBCONTRACTOR' && !v.assignedSubcontractorId)
      ctx.addIssue({ code: 'custom', path: ['assignedSubcontractorId'], message: TASK_MESSAGES.subcontractorRequired });
  });
export type PatchTaskBody = z.infer<typeof patchTaskBody>;

/** Close-task dialog: both times required, end not before start. */
export const closeTaskBody = z
  .strictObject({
    taskId: uuidField('Task'),
    startDateTime: isoInstant('Start date-time').transform((v) => new Date(v).toISOString()),
    endDateTime: isoInstant('End date-time').transform((v) => new Date(v).toISOString()),
  })
  .superRefine((v, ctx) => {
    if (v.endDateTime < v.startDateTime) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: TASK_MESSAGES.endBeforeStart });
  });
export type CloseTaskBody = z.infer<typeof closeTaskBody>;

export const listOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .union([z.string(), z.array(z.string()).max(20)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { error: `${name} must be one of: ${values.join(', ')}.` })))
    .optional();

export const taskListQuery = z
  .strictObject({
    ...pageQuery,
    assignedStatus: z.enum(ASSIGNED_STATUSES, { error: `assignedStatus must be one of: ${ASSIGNED_STATUSES.join(', ')}.` }).default('ALL'),
    /** Narrows to one kind of assignee. */
    assignedTo: z.enum(['TECHNICIAN', 'SUBCONTRACTOR'], { error: 'assignedTo must be TECHNICIAN or SUBCONTRACTOR.' }).optional(),
    search: z.string().trim().max(100).optional(),
    searchBy: z.enum(TASK_SEARCH_BY, { error: `searchBy must be one of: ${TASK_SEARCH_BY.join(', ')}.` }).default('taskNumber'),
    orderByKey: z.enum(TASK_ORDER_KEYS, { error: 'orderByKey is not a sortable column.' }).default('createdAt'),
    orderByValue: orderValueSchema.default('desc'),
    jobId: uuidField('jobId').optional(),
    customerId: uuidField('customerId').optional(),
    status: listOf(TASK_STATUSES, 'status'),
    'status[]': listOf(TASK_STATUSES, 'status'),
    tags: idListQuery('Tag ID'),
    'tags[]': idListQuery('Tag ID'),
    zones: idListQuery('Zone ID'),
    'zones[]': idListQuery('Zone ID'),
  })
  .transform(({ 'status[]': sb, 'tags[]': tb, 'zones[]': zb, ...q }) => ({
    ...q,
    status: [...new Set([...(q.status ?? []), ...(sb ?? [])])],
    tags: [...(q.tags ?? []), ...(tb ?? [])],
    zones: [...(q.zones ?? []), ...(zb ?? [])],
  }));
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** "1042", "#1042" and "T-1042" all mean task 1042; digits match as a prefix. */
export function taskNumberSearchDigits(search: string): string | null {
  const digits = search.trim().replace(/^(#|t-?)/i, '');
  return /^\d{1,12}$/.test(digits) ? digits : null;
}

/** The clock-in pre-check (statuses as the spec writes them). */
export const FILTER_LIST_STATUSES = ['Clock-In', 'Clock-out', 'Closed'] as const;
export const filterListBody = z.strictObject({
  userId: uuidField('userId'),
  status: z
    .array(z.enum(FILTER_LIST_STATUSES, { error: `status must be one of: ${FILTER_LIST_STATUSES.join(', ')}.` }))
    .min(1)
    .max(3),
});
export type FilterListBody = z.infer<typeof filterListBody>;

const actionStateSchema = z.object({ visible: z.boolean(), allowed: z.boolean(), reason: z.string().nullable() });
export const taskActionsSchema = z.object(
  Object.fromEntries(TASK_ACTIONS.map((a) => [a, actionStateSchema])) as Record<(typeof TASK_ACTIONS)[number], typeof actionStateSchema>,
);
/** Edit is an office right (full or partial access) on a task that is not closed or cancelled. */
export const taskRecordActionsSchema = taskActionsSchema.extend({ edit: actionStateSchema });

export const taskSchedulerSchema = z.object({
  id: z.string(),
  startDateTime: z.string(),
  expectedEndDateTime: z.string().nullable(),
  /** When the work actually ended (set on close). */
  endDateTime: z.string().nullable(),
  /**
   * The schedule's version: send it back on PUT /tasks/schedule/{id}; a stale one gets 409. It moves with
   * every change of start, end or assignee. Always sent; optional only so clients' older fixtures still type.
   */
  version: z.number().optional(),
});

export const taskActivitySchema = z.object({
  id: z.string(),
  startTime: z.string(),
  /** null while still clocked in. */
  endTime: z.string().nullable(),
  description: z.string().nullable(),
  user: z.object({ userId: z.string(), username: z.string() }).nullable(),
});
export type TaskActivity = z.infer<typeof taskActivitySchema>;

export const taskSchema = z.object({
  id: z.string(),
  taskNumber: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** Derived status (see task-status.ts) and its label. */
  status: z.enum(TASK_STATUSES),
  displayStatus: z.string(),
  lifecycle: z.enum(TASK_LIFECYCLES),
  dateCategory: z.enum(['past', 'today', 'future', 'unscheduled']),
  jobId: z.string(),
  job: z.object({ id: z.string(), jobNumber: z.number(), name: z.string(), status: z.enum(JOB_STATUSES) }),
  customer: namedRef,
  siteAddress: z.object({ id: z.string(), fullAddress: z.string() }).nullable(),
  buildingUnit: z.object({ id: z.string(), buildingUnit: z.string() }).nullable(),
  requester: namedRef.nullable(),
  createdBy: z.object({ userId: z.string(), username: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedTo: z.enum(['TECHNICIAN', 'SUBCONTRACTOR', 'NONE']),
  assignedUser: z.object({ userId: z.string(), username: z.string(), profileImgThumbnail: z.string().nullable() }).nullable(),
  assignedSubcontractor: z.object({ id: z.string(), name: z.string(), profilePictureUrl: z.string().nullable() }).nullable(),
  taskScheduler: taskSchedulerSchema.nullable(),
  /** The service plan the task is a visit of (the plan badge), or null. */
  plan: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  estimateCount: z.number(),
  estimateReceivedCount: z.number(),
  invoiceCount: z.number(),
  invoiceReceivedCount: z.number(),
  version: z.number(),
  actions: taskRecordActionsSchema,
});
export type Task = z.infer<typeof taskSchema>;

/** List rows carry everything but the long description. */
export const taskListItemSchema = taskSchema.omit({ description: true });
export type TaskListItem = z.infer<typeof taskListItemSchema>;

export const createdTaskSchema = z.object({ id: z.string(), taskNumber: z.number() });

/** When the start is set and the end is empty, the end becomes start + 2 hours. */
export function defaultExpectedEnd(startIso: string): string {
  return new Date(new Date(startIso).getTime() + DEFAULT_SCHEDULE_HOURS * 3_600_000).toISOString();
}
