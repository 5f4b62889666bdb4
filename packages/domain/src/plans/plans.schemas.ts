/**
 * Service plan contracts: the create/edit body (the plan form), the plan as answered, the list query, and the
 * edits of its visits. Money is dollars with 2 places on the wire and integer cents once parsed (moneyField).
 */
import { z } from 'zod';
import {
  clearableText,
  dataOf,
  dataPage,
  orderValueSchema,
  pageQuery,
  requiredText,
  storableInstant,
  uuidField,
  versionField,
  optionalText,
} from '../common/common.schemas.ts';
import { dateOnlyField, lineSchema, linesField, moneyField } from '../billing/billing.schemas.ts';
import { ASSIGN_TO_CHOICES, scheduleWindowError, TASK_MESSAGES, TASK_NAME_MAX } from '../tasks/tasks.schemas.ts';
import { BILLING_KINDS, MAX_PUSH_BACK_DAYS, PLAN_STATUSES } from './plans.rules.ts';
import { FREQUENCIES, ORDINALS, validateRecurrence, WEEKDAYS, type Recurrence } from './recurrence.rules.ts';

export const PLAN_PAGE_SIZE = 10;
export const PLAN_NAME_MAX = 100;
export const MAX_RENEWAL_REMINDER_DAYS = 365;

const wholeNumber = (label: string) => z.number({ error: `${label} must be a number.` });

const monthDaySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('day'), day: wholeNumber('Day of month') }),
    z.strictObject({
      kind: z.literal('weekday'),
      ordinal: z.literal([...ORDINALS], { error: 'Choose the first, second, third, fourth or last weekday of the month.' }),
      weekday: z.enum(WEEKDAYS, { error: 'Weekday must be MO, TU, WE, TH, FR, SA or SU.' }),
    }),
  ],
  { error: 'Day of month must be a day or a weekday of the month.' },
);

/**
 * The recurrence as the plan form edits it. Every rule of validateRecurrence applies, each message on its field;
 * weekdays and months come back in calendar order, so one rule has one stored text.
 */
export const recurrenceSchema = z
  .strictObject({
    frequency: z.enum(FREQUENCIES, { error: 'Choose how often: every day, week, month or year.' }),
    interval: wholeNumber('Interval'),
    weekdays: z
      .array(z.enum(WEEKDAYS, { error: 'Days of the week must be MO, TU, WE, TH, FR, SA or SU, each once.' }))
      .max(7, { error: 'Days of the week must be MO, TU, WE, TH, FR, SA or SU, each once.' })
      .default([]),
    monthDay: monthDaySchema.nullable().default(null),
    months: z.array(wholeNumber('Month')).max(12, { error: 'Months must be between 1 (January) and 12 (December), each once.' }).default([]),
    startDate: dateOnlyField('Start date'),
    endDate: dateOnlyField('End date').nullable().default(null),
    time: z.string({ error: 'Visit time must be a time such as 08:00.' }),
    durationMinutes: wholeNumber('Duration'),
    arrivalWindowMinutes: wholeNumber('Arrival window').default(0),
  })
  .superRefine((r, ctx) => {
    for (const problem of validateRecurrence(r as Recurrence)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  })
  .transform((r): Recurrence => ({
    ...(r as Recurrence),
    weekdays: [...r.weekdays].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b)),
    months: [...r.months].sort((a, b) => a - b),
  }));

/** Who a generated visit goes to: a technician, a subcontractor, or nobody yet (it waits unassigned). */
const visitTemplateSchema = z
  .strictObject({
    taskName: requiredText('Task Name', TASK_NAME_MAX),
    description: clearableText('Description', 4000),
    assignTo: z.enum(ASSIGN_TO_CHOICES, { error: 'assignTo must be TECHNICIAN, SUBCONTRACTOR or LATER.' }).default('LATER'),
    assignedTechnicianId: z.union([uuidField('Technician'), z.null()]).default(null),
    assignedSubcontractorId: z.union([uuidField('Subcontractor'), z.null()]).default(null),
    productServices: linesField.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.assignTo === 'TECHNICIAN' && !v.assignedTechnicianId)
      ctx.addIssue({ code: 'custom', path: ['assignedTechnicianId'], message: TASK_MESSAGES.technicianRequired });
    if (v.assignTo === 'SUBCONTRACTOR' && !v.assignedSubcontractorId)
      ctx.addIssue({ code: 'custom', path: ['assignedSubcontractorId'], message: TASK_MESSAGES.subcontractorRequired });
  })
  .transform((v) => ({
    ...v,
    assignedTechnicianId: v.assignTo === 'TECHNICIAN' ? v.assignedTechnicianId : null,
    assignedSubcontractorId: v.assignTo === 'SUBCONTRACTOR' ? v.assignedSubcontractorId : null,
  }));
export type VisitTemplateBody = z.infer<typeof visitTemplateSchema>;

const planFields = {
  name: requiredText('Plan Name', PLAN_NAME_MAX),
  recurrence: recurrenceSchema,
  visitTemplate: visitTemplateSchema,
  billing: z.enum(BILLING_KINDS, { error: 'Billing must be per_visit, monthly, quarterly or yearly.' }),
  /** Per visit: each visit's price; per period: each period's. In dollars; parsed to cents. */
  price: moneyField('Price'),
  /** Drafted invoices are sent on their own only when the company turns this on. */
  autoSendInvoices: z.boolean({ error: 'autoSendInvoices must be true or false.' }).default(false),
  /** Days before the end date the office is reminded to renew; null: no reminder. */
  renewalReminderDays: z
    .number({ error: 'Renewal reminder must be a number of days.' })
    .int({ error: 'Renewal reminder must be whole days.' })
    .min(1, { error: `Renewal reminder must be between 1 and ${MAX_RENEWAL_REMINDER_DAYS} days.` })
    .max(MAX_RENEWAL_REMINDER_DAYS, { error: `Renewal reminder must be between 1 and ${MAX_RENEWAL_REMINDER_DAYS} days.` })
    .nullable()
    .default(null),
  renewalReminderToCustomer: z.boolean({ error: 'renewalReminderToCustomer must be true or false.' }).default(false),
};

/** POST /api/plans. */
export const createPlanBody = z.strictObject({
  customerId: uuidField('Account Name'),
  siteAddressId: uuidField('Site Address'),
  ...planFields,
});
export type CreatePlanBody = z.infer<typeof createPlanBody>;

/**
 * PUT /api/plans/{id} at the version loaded: a changed recurrence applies from `changesFrom` (default: today in the
 * company's zone) as "this and following"; the customer and site of a plan do not change.
 */
export const updatePlanBody = z.strictObject({ ...planFields, changesFrom: dateOnlyField('Changes from').optional(), version: versionField });
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;

export const PLAN_ORDER_KEYS = ['createdAt', 'name', 'nextVisitAt', 'yearlyValue', 'planNumber'] as const;
export type PlanOrderKey = (typeof PLAN_ORDER_KEYS)[number];

/** GET /api/plans: search by plan name, customer or site; filter by status and customer; the jobs list's paging. */
export const planListQuery = z.strictObject({
  ...pageQuery,
  limit: pageQuery.limit.default(PLAN_PAGE_SIZE),
  search: optionalText('search', 100),
  status: z
    .union([z.enum(PLAN_STATUSES), z.array(z.enum(PLAN_STATUSES)).max(PLAN_STATUSES.length)], { error: `status must be one of: ${PLAN_STATUSES.join(', ')}.` })
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  customerId: uuidField('customerId').optional(),
  /** Only plans with generated visits that need a person (their technician was busy). */
  needsAttention: z
    .enum(['true', 'false'], { error: 'needsAttention must be true or false.' })
    .transform((v) => v === 'true')
    .optional(),
  orderByKey: z.enum(PLAN_ORDER_KEYS, { error: `orderByKey must be one of: ${PLAN_ORDER_KEYS.join(', ')}.` }).default('createdAt'),
  orderByValue: orderValueSchema.default('desc'),
});
export type PlanListQuery = z.infer<typeof planListQuery>;

const instantField = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a valid ISO 8601 date-time.` })
    .refine(storableInstant, { error: `${label} must be a valid ISO 8601 date-time.` })
    .transform((v) => new Date(v).toISOString());

export const PLAN_VISIT_ACTIONS = ['this_visit', 'this_and_following', 'skip', 'pause', 'resume', 'push_back', 'end'] as const;
export type PlanVisitAction = (typeof PLAN_VISIT_ACTIONS)[number];

/**
 * POST /api/plans/{id}/actions, at the plan's version. this_visit moves or reassigns one visit (it keeps its
 * occurrence, so it is not generated again); this_and_following changes the rule from a date; skip cancels one
 * visit; pause stops generating (visits already made stay unless cancelled), resume generates again from a date;
 * push_back moves every un-started visit from a date by N days; end cancels un-started visits after the end date.
 */
export const planActionBody = z.discriminatedUnion(
  'action',
  [
    z
      .strictObject({
        action: z.literal('this_visit'),
        visitId: uuidField('Visit'),
        startDateTime: instantField('Start date-time'),
        expectedEndDateTime: instantField('End date-time'),
        assignTo: z.enum(ASSIGN_TO_CHOICES, { error: 'assignTo must be TECHNICIAN, SUBCONTRACTOR or LATER.' }).optional(),
        assignedTechnicianId: z.union([uuidField('Technician'), z.null()]).optional(),
        assignedSubcontractorId: z.union([uuidField('Subcontractor'), z.null()]).optional(),
        version: versionField,
      })
      .superRefine((v, ctx) => {
        const window = scheduleWindowError(v.startDateTime, v.expectedEndDateTime);
        if (window) ctx.addIssue({ code: 'custom', path: ['expectedEndDateTime'], message: window });
        if (v.assignTo === 'TECHNICIAN' && !v.assignedTechnicianId)
          ctx.addIssue({ code: 'custom', path: ['assignedTechnicianId'], message: TASK_MESSAGES.technicianRequired });
        if (v.assignTo === 'SUBCONTRACTOR' && !v.assignedSubcontractorId)
          ctx.addIssue({ code: 'custom', path: ['assignedSubcontractorId'], message: TASK_MESSAGES.subcontractorRequired });
      }),
    z.strictObject({ action: z.literal('this_and_following'), fromDate: dateOnlyField('From date'), recurrence: recurrenceSchema, version: versionField }),
    z.strictObject({ action: z.literal('skip'), visitId: uuidField('Visit'), version: versionField }),
    z.strictObject({ action: z.literal('pause'), version: versionField }),
    z.strictObject({ action: z.literal('resume'), fromDate: dateOnlyField('From date').optional(), version: versionField }),
    z.strictObject({
      action: z.literal('push_back'),
      fromDate: dateOnlyField('From date'),
      days: z
        .number({ error: 'Days must be a number.' })
        .int({ error: 'Days must be whole days.' })
        .min(1, { error: `Push back by 1 to ${MAX_PUSH_BACK_DAYS} days.` })
        .max(MAX_PUSH_BACK_DAYS, { error: `Push back by 1 to ${MAX_PUSH_BACK_DAYS} days.` }),
      version: versionField,
    }),
    z.strictObject({
      action: z.literal('end'),
      /** The last day of the plan (default: today); its visits after it that have not started are cancelled. */
      endDate: dateOnlyField('End date').optional(),
      /** The count the confirmation named: refused (409) when it no longer matches, so the office cancels what it saw. */
      expectedCancelled: z.number({ error: 'expectedCancelled must be a number.' }).int().min(0).max(10_000),
      version: versionField,
    }),
  ],
  { error: `action must be one of: ${PLAN_VISIT_ACTIONS.join(', ')}.` },
);
export type PlanActionBody = z.infer<typeof planActionBody>;

const ref = z.object({ id: z.string(), name: z.string() });

/** The recurrence as answered: the form's fields, already valid. */
export const recurrenceDto = z.object({
  frequency: z.enum(FREQUENCIES),
  interval: z.number(),
  weekdays: z.array(z.enum(WEEKDAYS)),
  monthDay: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('day'), day: z.number() }),
      z.object({ kind: z.literal('weekday'), ordinal: z.literal([...ORDINALS]), weekday: z.enum(WEEKDAYS) }),
    ])
    .nullable(),
  months: z.array(z.number()),
  startDate: z.string(),
  endDate: z.string().nullable(),
  time: z.string(),
  durationMinutes: z.number(),
  arrivalWindowMinutes: z.number(),
}) satisfies z.ZodType<Recurrence>;

export const planActionsSchema = z.object({ edit: z.boolean(), pause: z.boolean(), resume: z.boolean(), end: z.boolean(), pushBack: z.boolean() });

/** A plan as answered (GET /api/plans/{id}, and each item of the list). Money in dollars. */
export const planSchema = z.object({
  id: z.string(),
  planNumber: z.number(),
  name: z.string(),
  status: z.enum(PLAN_STATUSES),
  customer: ref,
  siteAddress: z.object({ id: z.string(), fullAddress: z.string() }),
  /** The plan's own job: its visits are that job's tasks. */
  job: z.object({ id: z.string(), jobNumber: z.number() }),
  recurrence: recurrenceDto,
  /** The stored RFC 5545 text (DTSTART in the zone, RRULE, DURATION). */
  rrule: z.string(),
  /** The rule in words, e.g. "Every 3 months on the 15th, 8:00–10:00 AM". */
  ruleText: z.string(),
  timeZone: z.string(),
  visitTemplate: z.object({
    taskName: z.string(),
    description: z.string().nullable(),
    assignedTechnician: ref.nullable(),
    assignedSubcontractor: ref.nullable(),
    productServices: z.array(lineSchema),
  }),
  billing: z.enum(BILLING_KINDS),
  price: z.number(),
  autoSendInvoices: z.boolean(),
  renewalReminderDays: z.number().nullable(),
  renewalReminderToCustomer: z.boolean(),
  nextVisitAt: z.string().nullable(),
  visitsDoneThisYear: z.number(),
  visitsDueThisYear: z.number(),
  yearlyValue: z.number(),
  /** Generated visits left unassigned because their technician was busy at that time. */
  needsAttention: z.number(),
  actions: planActionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export const planResponse = dataOf(planSchema);
export const planListResponse = dataPage(planSchema);

/** GET /api/plans/{id}/visits: the plan's visits to come (from now, soonest first) or past (latest first). */
export const planVisitsQuery = z.strictObject({
  ...pageQuery,
  when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past.' }).default('upcoming'),
});
export type PlanVisitsQuery = z.infer<typeof planVisitsQuery>;

/** One visit of a plan: a task of the plan's job, with the occurrence it stands for. */
export const planVisitSchema = z.object({
  id: z.string(),
  taskNumber: z.number(),
  /** YYYY-MM-DD in the company's zone: the occurrence of the rule this visit is (kept when a visit is moved). */
  occurrence: z.string(),
  startAt: z.string().nullable(),
  expectedEndAt: z.string().nullable(),
  /** The task's lifecycle: OPEN, CLOCKED_IN, CLOCKED_OUT, CLOSED, CANCELLED. */
  lifecycle: z.string(),
  assignee: z.object({ kind: z.enum(['TECHNICIAN', 'SUBCONTRACTOR']), id: z.string(), name: z.string() }).nullable(),
  /** Generated unassigned because its technician was busy: the office should assign it. */
  needsAttention: z.boolean(),
});
export type PlanVisit = z.infer<typeof planVisitSchema>;
export const planVisitsResponse = dataPage(planVisitSchema);

/** The plan a task is a visit of, on task answers (the plan badge on calendars, lists and the job page). */
export const taskPlanRef = z.object({ id: z.string(), name: z.string() }).nullable();
