import { z } from 'zod';
import { namedRef, storableInstant, uuidField, optionalText } from '../common/common.schemas.ts';
import { MAX_TASK_MS, TASK_DESCRIPTION_MAX, TASK_MESSAGES, taskActivitySchema } from './tasks.schemas.ts';

/** Clock-in, clock-out and the adjustment of a running clock-in. */

/** The assistants picker and the vehicle dropdown read up to 100. */
export const ASSISTANTS_LIMIT = 100;
/** At most this many assistants work one period with its user. */
export const MAX_ASSISTANTS = 10;
/** Clocks of phones and servers disagree a little: an instant up to a minute ahead is still "now". */
export const CLOCK_SKEW_MS = 60_000;

/**
 * A clock-in or clock-out kept on the phone while offline carries the time the technician acted, and the period
 * records that time, not the time it reached the server. Only for a day: a phone that stayed offline longer has the
 * office set the times (their adjustment tools), so a field user cannot backdate work by weeks.
 */
export const OFFLINE_ACTION_MAX_AGE_MS = 24 * 3_600_000;

export const CLOCK_MESSAGES = {
  // Spec texts, verbatim.
  finishCurrent: 'Finish your current task before clocking in a new one.',
  clockInFailedTitle: 'Task clocked in failed!',
  clockInStartedTitle: 'Clock-in started',
  clockInStarted: (taskNumber: number, name: string) => `You’re now working on task #${taskNumber}: ${name}`,
  clockOutSuccess: 'Task has been clocked out successfully! Do you want to add costs?',
  clockOutLater: 'No, I’ll do it later',
  addCosts: 'Add Costs',
  clockOutToast: 'Task clocked out successfully',
  clockOutFailedTitle: 'Task clocked out failed!',
  clockOutFailed: 'Something went wrong, Please try again',
  activityLoadFailed: 'Something went wrong, Please try again!',
  vehicleQuestion: 'Are you using a vehicle for this task?',
  noAssistants: 'No assistants found matching your search',
  // The server's refusals.
  descriptionRequired: 'Description is mandatory.',
  endInFuture: TASK_MESSAGES.endInFuture,
  endBeforeStart: 'End date-time must be the same as or after the clock-in time.',
  endFullAccessOnly: 'Only a user with full access can set the end date-time.',
  startInFuture: 'Start date-time cannot be in the future.',
  actedInFuture: 'The time of this action cannot be in the future.',
  actedTooLongAgo: `This action was made more than ${OFFLINE_ACTION_MAX_AGE_MS / 3_600_000} hours ago; ask the office to record its time.`,
  startTooEarly: `Start date-time can be at most ${MAX_TASK_MS / 86_400_000} days ago.`,
  duplicateAssistants: 'Each assistant can be added only once.',
  tooManyAssistants: `At most ${MAX_ASSISTANTS} assistants can be added.`,
  assistantIsAssignee: "The task's assignee cannot be added as an assistant.",
  assistantsInvalid: 'Assistants must be active technicians of this company.',
  vehicleInvalid: 'Vehicle must be an active vehicle of this company.',
  jobMismatch: 'The task does not belong to this job.',
  activityNotFound: 'Work period not found.',
  alreadyClockedOut: 'This work period has already been clocked out.',
  adjustNotAllowed: 'Only a user with full access who is not the assignee can adjust a running clock-in.',
  adjustNotRunning: 'Only a running clock-in can be adjusted.',
} as const;

const isoInstant = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a valid ISO 8601 date-time.` })
    .refine(storableInstant, { error: `${label} must be a valid ISO 8601 date-time.` })
    .transform((v) => new Date(v).toISOString());

/** When the technician tapped it, for an action kept on the phone while offline and sent later (actedAtError). */
export const actedAtField = () => isoInstant('Acted at').optional();

/** POST /tasks/clock-in: the vehicle only when the answer to the vehicle question is Yes; assistants exclude the assignee. */
export const clockInBody = z.strictObject({
  taskId: uuidField('Task'),
  jobId: uuidField('Job'),
  vehicleId: z
    .union([uuidField('Vehicle'), z.literal(''), z.null()])
    .transform((v) => (v ? v : null))
    .optional(),
  assistants: z
    .array(uuidField('Assistant'), { error: 'Assistants must be an array of user ids.' })
    .max(MAX_ASSISTANTS, { error: CLOCK_MESSAGES.tooManyAssistants })
    .refine((ids) => new Set(ids).size === ids.length, { error: CLOCK_MESSAGES.duplicateAssistants })
    .default([]),
  actedAt: actedAtField(),
});
export type ClockInBody = z.infer<typeof clockInBody>;

/**
 * POST /tasks/clock-out: closes the running period with a description. The end defaults to now; only a
 * full-access user may send one (the server checks who asks), never in the future, never before the start.
 */
export const clockOutBody = z.strictObject({
  taskId: uuidField('Task'),
  /** Without it, the task's running period: a clock-out kept on the phone offline never learnt its clock-in's id. */
  taskActivityId: uuidField('Task activity').optional(),
  jobId: uuidField('Job'),
  description: z
    .string({ error: (issue) => (issue.input === undefined ? CLOCK_MESSAGES.descriptionRequired : 'Description must be a string.') })
    .trim()
    .min(1, { error: CLOCK_MESSAGES.descriptionRequired })
    .max(TASK_DESCRIPTION_MAX, { error: `Description must be less than or equal to ${TASK_DESCRIPTION_MAX} characters.` }),
  endDateTime: isoInstant('End date-time').optional(),
  actedAt: actedAtField(),
});
export type ClockOutBody = z.infer<typeof clockOutBody>;

/** PATCH /tasks/{id}/activities/{activityId}: a full-access user corrects the start of a running clock-in. */
export const adjustActivityBody = z.strictObject({ startDateTime: isoInstant('Start date-time') });
export type AdjustActivityBody = z.infer<typeof adjustActivityBody>;

export const activityParams = z.strictObject({ id: uuidField('Id'), activityId: uuidField('Activity') });

/** GET /tasks/assistants?assignedTechnicianId&search&limit=100: active technicians other than the assignee. */
export const assistantsQuery = z.strictObject({
  assignedTechnicianId: z
    .union([uuidField('assignedTechnicianId'), z.literal('')])
    .transform((v) => v || undefined)
    .optional(),
  search: optionalText('search', 100),
  page: z.coerce.number({ error: 'page must be a number.' }).int().min(1, { error: 'page must be at least 1.' }).max(1_000_000).default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, { error: 'limit must be at least 1.' })
    .max(ASSISTANTS_LIMIT, { error: `limit must be at most ${ASSISTANTS_LIMIT}.` })
    .default(ASSISTANTS_LIMIT),
});
export type AssistantsQuery = z.infer<typeof assistantsQuery>;

export const assistantSchema = z.object({ userId: z.string(), name: z.string() });
export type Assistant = z.infer<typeof assistantSchema>;

/** A work period with the vehicle used and the people who assisted (GET /tasks/{id}/activities). */
export const clockActivitySchema = taskActivitySchema.extend({
  vehicle: namedRef.nullable(),
  assistants: z.array(assistantSchema),
});
export type ClockActivity = z.infer<typeof clockActivitySchema>;

/** The Clock-Out dialog's end check, shared by the dialog and the server: null when the end is acceptable. */
export function clockOutEndError(end: string, start: string, now: Date): string | null {
  if (Date.parse(end) > now.getTime() + CLOCK_SKEW_MS) return CLOCK_MESSAGES.endInFuture;
  if (Date.parse(end) < Date.parse(start)) return CLOCK_MESSAGES.endBeforeStart;
  return null;
}

/** The adjustment popup's start check: not in the future, not more than MAX_TASK_DAYS back. */
export function adjustedStartError(start: string, now: Date, end: string | null = null): string | null {
  const at = Date.parse(start);
  if (at > now.getTime() + CLOCK_SKEW_MS) return CLOCK_MESSAGES.startInFuture;
  if (at < now.getTime() - MAX_TASK_MS) return CLOCK_MESSAGES.startTooEarly;
  if (end && at > Date.parse(end)) return CLOCK_MESSAGES.endBeforeStart;
  return null;
}

/** The time an offline action says it was made: not in the future (beyond clock skew), at most a day old. */
export function actedAtError(actedAt: string, now: Date): string | null {
  const at = Date.parse(actedAt);
  if (at > now.getTime() + CLOCK_SKEW_MS) return CLOCK_MESSAGES.actedInFuture;
  if (at < now.getTime() - OFFLINE_ACTION_MAX_AGE_MS) return CLOCK_MESSAGES.actedTooLongAgo;
  return null;
}
