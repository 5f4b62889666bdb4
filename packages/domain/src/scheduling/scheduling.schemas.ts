import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, idListQuery, pageQuery, storableInstant, uuidField, optionalText } from '../common/common.schemas.ts';
import { TASK_STATUSES } from '../tasks/task-status.rules.ts';
import { DEFAULT_SCHEDULE_HOURS, listOf, scheduleWindowError, taskSchema } from '../tasks/tasks.schemas.ts';
import { taskPlanRef } from '../plans/plans.schemas.ts';

/** The fallback text and the clash wording the UI matches on. */
export const SCHEDULE_MESSAGES = {
  conflictFallback: 'Unable to update schedule. This user has a conflicting schedule.',
  conflictWith: (taskNumber: number) => `Unable to update schedule. This user has a conflicting schedule with task #${taskNumber}.`,
  conflictWithTimeOff: 'Unable to update schedule. This user has a conflicting schedule: time off.',
  busy: 'This technician is busy at that time and cannot be picked.',
  rangeTooWide: 'The date range can be at most 62 days.',
  noSchedule: 'This task has no schedule yet.',
  alreadyScheduled: 'This task is already scheduled; re-schedule it instead.',
  bidsNeedSubcontractor: 'Bids can only be requested when assigning to a subcontractor.',
  bidsOrAssign: 'Either assign a subcontractor or request bids, not both.',
  assigneeRequired: 'Choose a technician or subcontractor to assign the task to.',
  scheduleNotFound: 'Schedule not found.',
  timeOffNotFound: 'Time off not found.',
} as const;

export const MAX_SCHEDULER_RANGE_DAYS = 62;
/** Spec: AVAILABLE_SOON when the previous task ends less than this before the window starts. */
export const AVAILABLE_SOON_MINUTES = 60;

const instant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a valid ISO 8601 date-time.` })
    .refine(storableInstant, { error: `${label} must be a valid ISO 8601 date-time.` })
    .transform((v) => new Date(v).toISOString());
const optionalInstant = (label: string) =>
  z
    .union([instant(label), z.literal(''), z.null()], { error: `${label} must be a valid ISO 8601 date-time.` })
    .transform((v) => (v ? v : null))
    .optional();
const optionalId = (label: string) =>
  z
    .union([uuidField(label), z.literal(''), z.null()], { error: `${label} must be a valid UUID.` })
    .transform((v) => (v ? v : null))
    .optional();
const bidList = z
  .array(uuidField('Subcontractor'), { error: 'bidRequestSentTo must be a list of subcontractor ids.' })
  .max(20, { error: 'Request bids from at most 20 subcontractors.' });

type ScheduleShape = {
  startDateTime: string;
  expectedEndDateTime?: string | null;
  assignedTo?: 'TECHNICIAN' | 'SUBCONTRACTOR';
  assignedTechnicianId?: string | null;
  assignedSubcontractorId?: string | null;
  bidRequestSentTo?: string[] | undefined;
};

function checkWindow(v: ScheduleShape, ctx: z.RefinementCtx) {
  const windowError = scheduleWindowError(v.startDateTime, v.expectedEndDateTime);
  if (windowError) ctx.addIssue({ code: 'custom', path: ['expectedEndDateTime'], message: windowError });
  if (v.assignedTo === 'TECHNICIAN' && !v.assignedTechnicianId)
    ctx.addIssue({ code: 'custom', path: ['assignedTechnicianId'], message: 'Select a technician to assign the task to.' });
  const requestsBids = Boolean(v.bidRequestSentTo?.length);
  if (requestsBids && v.assignedTo !== 'SUBCONTRACTOR')
    ctx.addIssue({ code: 'custom', path: ['bidRequestSentTo'], message: SCHEDULE_MESSAGES.bidsNeedSubcontractor });
  if (requestsBids && v.assignedSubcontractorId) ctx.addIssue({ code: 'custom', path: ['bidRequestSentTo'], message: SCHEDULE_MESSAGES.bidsOrAssign });
  if (v.assignedTo === 'SUBCONTRACTOR' && !v.assignedSubcontractorId && !requestsBids)
    ctx.addIssue({ code: 'custom', path: ['assignedSubcontractorId'], message: 'Select a subcontractor to assign the task to.' });
}

/** POST /tasks/schedule: the first schedule of a task. expectedEndDateTime null → start + 2 h. */
export const scheduleTaskBody = z
  .strictObject({
    taskId: uuidField('Task'),
    startDateTime: instant('Start date-time'),
    expectedEndDateTime: optionalInstant('End date-time'),
    isAssigned: z.boolean({ error: 'isAssigned must be true or false.' }).optional(),
    assignedTo: z.enum(['TECHNICIAN', 'SUBCONTRACTOR'], { error: 'assignedTo must be TECHNICIAN or SUBCONTRACTOR.' }).optional(),
    assignedTechnicianId: optionalId('Technician'),
    assignedSubcontractorId: optionalId('Subcontractor'),
    bidRequestSentTo: bidList.optional(),
  })
  .superRefine((v, ctx) => {
    checkWindow(v, ctx);
    if (v.isAssigned && !v.assignedTo) ctx.addIssue({ code: 'custom', path: ['assignedTo'], message: SCHEDULE_MESSAGES.assigneeRequired });
  });
export type ScheduleTaskBody = z.infer<typeof scheduleTaskBody>;

/**
 * The schedule's version (taskScheduler.version): 0 for a schedule set when the task was created, one more
 * for every change of start, end or assignee since.
 */
export const scheduleVersionField = z
  .number({ error: 'version must be a number.' })
  .int({ error: 'version must be a whole number.' })
  .min(0, { error: 'version must not be negative.' });

/** PUT /tasks/schedule/{scheduleId}: re-schedule; version is the task's schedule version the sheet loaded. */
export const rescheduleTaskBody = z
  .strictObject({
    startDateTime: instant('Start date-time'),
    expectedEndDateTime: optionalInstant('End date-time'),
    assignedTo: z.enum(['TECHNICIAN', 'SUBCONTRACTOR'], { error: 'assignedTo must be TECHNICIAN or SUBCONTRACTOR.' }).optional(),
    assignedTechnicianId: optionalId('Technician'),
    assignedSubcontractorId: optionalId('Subcontractor'),
    bidRequestSentTo: bidList.optional(),
    version: scheduleVersionField,
  })
  .superRefine(checkWindow);
export type RescheduleTaskBody = z.infer<typeof rescheduleTaskBody>;

/**
 * The answer of POST /tasks/schedule and PUT /tasks/schedule/{id}: {data: task}, plus bidIds (one per
 * subcontractor in bidRequestSentTo, existing requests included) when the submit requested bids.
 */
export const scheduleResponse = z.object({ data: taskSchema, bidIds: z.array(z.string()).optional() });

export const scheduleIdParams = z.strictObject({ scheduleId: uuidField('Schedule') });

export const technicianAvailabilityQuery = z
  .strictObject({
    ...pageQuery,
    startDateTime: instant('startDateTime'),
    expectedEndDateTime: optionalInstant('expectedEndDateTime'),
    search: z.string().trim().max(100).optional(),
    /** The task being re-scheduled: its own slot must not make its assignee look busy. */
    excludeTaskId: uuidField('excludeTaskId').optional(),
    /** Qualification tags and operating zones, as the team list filters them. */
    technicianTagIds: idListQuery('Technician tag'),
    technicianZoneIds: idListQuery('Technician zone'),
  })
  .superRefine((v, ctx) => {
    if (v.expectedEndDateTime && v.expectedEndDateTime < v.startDateTime)
      ctx.addIssue({ code: 'custom', path: ['expectedEndDateTime'], message: 'expectedEndDateTime must not be before startDateTime.' });
  });

export const AVAILABILITY_STATUSES = ['AVAILABLE', 'AVAILABLE_SOON', 'BUSY'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export const AVAILABILITY_LABELS = { AVAILABLE: 'Available', AVAILABLE_SOON: 'Available Soon', BUSY: 'Busy' } as const satisfies Record<
  AvailabilityStatus,
  string
>;

export const availableTechnicianSchema = z.object({
  userId: z.string(),
  username: z.string(),
  profilePictureUrl: z.string().nullable(),
  status: z.enum(AVAILABILITY_STATUSES),
  availability: z.object({ startDateTime: z.string().nullable(), endDateTime: z.string().nullable() }),
});
export type AvailableTechnician = z.infer<typeof availableTechnicianSchema>;

export type Interval = { start: string; end: string };

/**
 * Spec + issue: BUSY when an active task or time off overlaps the window; AVAILABLE_SOON when free but the
 * previous busy interval ends less than 60 minutes before the window starts (availability.start = that end);
 * otherwise AVAILABLE, with availability.end = the start of the next busy interval on the window's day
 * (`dayEnd` is the end of that day in the tenant zone). Intervals are half-open: touching ones do not overlap.
 */
export function technicianAvailability(
  window: Interval,
  busy: readonly Interval[],
  dayEnd: string,
): { status: AvailabilityStatus; availability: { startDateTime: string | null; endDateTime: string | null } } {
  const ws = Date.parse(window.start);
  const we = Date.parse(window.end);
  const spans = busy.map((b) => ({ s: Date.parse(b.start), e: Date.parse(b.end), start: b.start, end: b.end }));
  const clash = spans.find((b) => b.s < we && b.e > ws);
  if (clash) return { status: 'BUSY', availability: { startDateTime: clash.end, endDateTime: null } };
  const previous = spans.filter((b) => b.e <= ws).sort((a, b) => b.e - a.e)[0];
  if (previous && ws - previous.e < AVAILABLE_SOON_MINUTES * 60_000)
    return { status: 'AVAILABLE_SOON', availability: { startDateTime: previous.end, endDateTime: null } };
  const next = spans.filter((b) => b.s >= we && b.s < Date.parse(dayEnd)).sort((a, b) => a.s - b.s)[0];
  return { status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: next ? next.start : null } };
}

/** The interval a scheduled task occupies for clash checks: its expected end, or the default duration. */
export function occupiedInterval(start: string, expectedEnd: string | null): Interval {
  return { start, end: expectedEnd ?? new Date(Date.parse(start) + DEFAULT_SCHEDULE_HOURS * 3_600_000).toISOString() };
}

export const timeOffBody = z
  .strictObject({
    userId: uuidField('Technician'),
    startDateTime: instant('Start date-time'),
    endDateTime: instant('End date-time'),
    reason: optionalText('Reason', 200),
  })
  .superRefine((v, ctx) => {
    if (v.endDateTime <= v.startDateTime) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'End date-time must be after the start date-time.' });
  });
export type TimeOffBody = z.infer<typeof timeOffBody>;

export const timeOffListQuery = z.strictObject({
  userId: uuidField('userId').optional(),
  startDateTime: instant('startDateTime'),
  endDateTime: instant('endDateTime'),
});

export const timeOffSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** One assigned_to filter of the scheduler: a JSON object per repeated query value. */
const assigneeFilter = z.strictObject({
  type: z.enum(['TECHNICIAN', 'SUBCONTRACTOR'], { error: 'assigned_to type must be TECHNICIAN or SUBCONTRACTOR.' }),
  filterId: uuidField('assigned_to filterId'),
});
const ASSIGNED_TO_JSON = 'assigned_to must be a JSON object {"type", "filterId"}.';
const assigneeFilterJson = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: ASSIGNED_TO_JSON });
      return z.NEVER;
    }
  })
  .pipe(assigneeFilter);

/** At most this many entries in one scheduler answer (a week of 80 technicians is far fewer). */
export const MAX_SCHEDULER_ITEMS = 5000;

/** GET /tasks/scheduler: the chart's and calendar's tasks in a range of at most 62 days. */
export const schedulerQuery = z
  .strictObject({
    startDateTime: instant('startDateTime'),
    endDateTime: instant('endDateTime'),
    assigned_to: z
      .union([z.string(), z.array(z.string()).max(200)])
      .transform((v) => (Array.isArray(v) ? v : [v]))
      .pipe(z.array(assigneeFilterJson).max(200))
      .optional(),
    jobId: uuidField('jobId').optional(),
    status: listOf(TASK_STATUSES, 'status'),
    zones: idListQuery('Zone ID'),
    tags: idListQuery('Tag ID'),
    search: z.string().trim().max(100).optional(),
    searchBy: z.enum(['taskNumber'], { error: 'searchBy must be taskNumber.' }).default('taskNumber'),
  })
  .superRefine((v, ctx) => {
    if (v.endDateTime <= v.startDateTime) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'endDateTime must be after startDateTime.' });
    else if (Date.parse(v.endDateTime) - Date.parse(v.startDateTime) > MAX_SCHEDULER_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: SCHEDULE_MESSAGES.rangeTooWide });
  });
export type SchedulerQuery = z.output<typeof schedulerQuery>;

/** Spec "Scheduler chart entry" plus what the calendar cards show. endTime is the occupied end (start + 2 h without one). */
export const schedulerItemSchema = z.object({
  id: z.string(),
  taskNumber: z.number(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  assignedTo: z.object({ id: z.string(), type: z.enum(['TECHNICIAN', 'SUBCONTRACTOR']) }).nullable(),
  status: z.enum(TASK_STATUSES),
  displayStatus: z.string(),
  job: z.object({ id: z.string(), jobNumber: z.number() }),
  customer: z.object({ id: z.string(), name: z.string() }),
  /** What a drag sends back: PUT /tasks/schedule/{scheduleId} at this version. */
  scheduleId: z.string(),
  scheduleVersion: z.number(),
  /** The service plan the task is a visit of (the entry's plan mark), or null for one-off work. */
  plan: taskPlanRef,
});
export type SchedulerItem = z.infer<typeof schedulerItemSchema>;

export const TEAM_MEMBER_TYPES = ['TECHNICIAN', 'SUBCONTRACTOR'] as const;

/**
 * GET /tasks/team: active technicians and subcontractors for the scheduler's team sidebar
 * and the pickers, by name. Technician filters apply to technicians, subcontractor filters to subcontractors.
 */
/**
 * The scheduler loads the whole team for its sidebar and chart rows; a page of up to 500 people keeps a big
 * company to one or two requests (the board waits for them before drawing).
 */
export const MAX_TEAM_PAGE = 500;

export const teamQuery = z.strictObject({
  ...pageQuery,
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, { error: 'limit must be at least 1.' })
    .max(MAX_TEAM_PAGE, { error: `limit must be at most ${MAX_TEAM_PAGE}.` })
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  searchBy: z.enum(['personName'], { error: 'searchBy must be personName.' }).optional(),
  type: z.enum(TEAM_MEMBER_TYPES, { error: 'type must be TECHNICIAN or SUBCONTRACTOR.' }).optional(),
  technicianZoneIds: idListQuery('Technician zone'),
  technicianTagIds: idListQuery('Technician tag'),
  subcontractorZonesId: idListQuery('Subcontractor zone'),
  subcontractorTagIds: idListQuery('Subcontractor tag'),
});
export type TeamQuery = z.infer<typeof teamQuery>;

const ref = z.object({ id: z.string(), name: z.string() });
export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(TEAM_MEMBER_TYPES),
  tags: z.array(ref),
  zones: z.array(ref),
  profilePictureUrl: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The scheduler's people rows (spec: "scheduler users endpoint": startDateTime, endDateTime, userType). */
export const schedulerUsersQuery = z
  .strictObject({
    ...pageQuery,
    startDateTime: instant('startDateTime'),
    endDateTime: instant('endDateTime'),
    userType: z.enum(['technician', 'subcontractor'], { error: 'userType must be technician or subcontractor.' }),
    search: z.string().trim().max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.endDateTime <= v.startDateTime) ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: 'endDateTime must be after startDateTime.' });
    else if (Date.parse(v.endDateTime) - Date.parse(v.startDateTime) > MAX_SCHEDULER_RANGE_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: SCHEDULE_MESSAGES.rangeTooWide });
  });
export type SchedulerUsersQuery = z.output<typeof schedulerUsersQuery>;

export const schedulerUserSchema = teamMemberSchema.extend({
  /** Active (non-cancelled) tasks of this person meeting the range. */
  taskCount: z.number(),
});
export type SchedulerUser = z.infer<typeof schedulerUserSchema>;

/** GET /schedule: what the calendar draws for a range — the scheduler's tasks and the technicians' time off. */
export const scheduleFeedSchema = z.object({ tasks: z.array(schedulerItemSchema), timeOff: z.array(timeOffSchema) });
