import { z } from 'zod';
import { idListQuery, namedRef, orderValueSchema, pageQuery, uuidField, versionField, requiredText, optionalText } from '../common/common.schemas.ts';

export const JOB_STATUSES = ['OPEN', 'CLOSED', 'CANCELLED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_ACTIONS = ['CLOSED', 'REOPENED', 'CANCELLED'] as const;
export type JobStatusAction = (typeof JOB_STATUS_ACTIONS)[number];
export const JOB_TASK_SUMMARY_STATES = ['OPEN_TASKS', 'OVERDUE_TASKS', 'CLOSED', 'ALL_TASKS_CLOSED'] as const;
export type JobTaskSummaryState = (typeof JOB_TASK_SUMMARY_STATES)[number];

export const JOB_NAME_MAX = 50;
export const JOB_DESCRIPTION_MAX = 1000;
/** The form's own message for the title limit. */
export const JOB_NAME_FORM_MESSAGE = 'Max length 50 symbols';

/** Optional references may be sent empty: '' or null both mean "none". */
const optionalRef = (label: string) =>
  z
    .union([uuidField(label), z.literal(''), z.null()])
    .transform((v) => (v ? v : null))
    .optional();

const tagRefs = z.array(z.strictObject({ id: uuidField('Tag ID') }), { error: 'Tags must be an array.' }).max(50, { error: 'A job can have at most 50 tags.' });
const zoneRefs = z
  .array(z.strictObject({ id: uuidField('Zone ID') }), { error: 'Zones must be an array.' })
  .max(50, { error: 'A job can have at most 50 service areas.' });

const jobName = requiredText('Job Name', JOB_NAME_MAX);

const jobFields = {
  siteAddressId: uuidField('Site Address'),
  name: jobName,
  description: optionalText('Description', JOB_DESCRIPTION_MAX),
  buildingUnitId: optionalRef('Building Unit'),
  requesterId: optionalRef('Requester'),
  siteContactId: optionalRef('Site Contact'),
  jobLeadId: optionalRef('Job Lead'),
  salesManagerId: optionalRef('Sales Manager'),
  crmLeadId: optionalRef('CRM Lead'),
  tags: tagRefs.optional(),
  zones: zoneRefs.optional(),
  /** Media uploaded before the job existed are held under this token and attached on save. */
  sessionToken: z.string().trim().min(16).max(100).optional(),
};

export const createJobBody = z.strictObject({ customerId: uuidField('Account Name'), ...jobFields });
export type CreateJobBody = z.infer<typeof createJobBody>;

export const updateJobBody = z.strictObject({ ...jobFields, version: versionField });
export type UpdateJobBody = z.infer<typeof updateJobBody>;

export const JOB_ORDER_KEYS = ['createdAt', 'dueInvoicesAmount', 'openEstimateAmount', 'totalCosts', 'paidAmount', 'openBalance', 'jobNumber'] as const;
export type JobOrderKey = (typeof JOB_ORDER_KEYS)[number];

const statusList = z
  .union([z.string(), z.array(z.string()).max(10)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(JOB_STATUSES, { error: 'status must be OPEN, CLOSED or CANCELLED.' })))
  .optional();

/** The spec sends arrays as `jobZoneIds[]=…`; plain repeated keys work too. */
export const jobListQuery = z
  .strictObject({
    ...pageQuery,
    search: z.string().trim().max(50).optional(),
    searchBy: z.enum(['jobNumber'], { error: 'searchBy must be jobNumber.' }).default('jobNumber'),
    jobZoneIds: idListQuery('Zone ID'),
    'jobZoneIds[]': idListQuery('Zone ID'),
    jobTagIds: idListQuery('Tag ID'),
    'jobTagIds[]': idListQuery('Tag ID'),
    status: statusList,
    'status[]': statusList,
    customerId: uuidField('customerId').optional(),
    orderByKey: z.enum(JOB_ORDER_KEYS, { error: 'orderByKey is not a sortable column.' }).default('createdAt'),
    orderByValue: orderValueSchema.default('desc'),
  })
  .transform(({ 'jobZoneIds[]': zb, 'jobTagIds[]': tb, 'status[]': sb, ...q }) => ({
    ...q,
    jobZoneIds: [...(q.jobZoneIds ?? []), ...(zb ?? [])],
    jobTagIds: [...(q.jobTagIds ?? []), ...(tb ?? [])],
    status: [...(q.status ?? []), ...(sb ?? [])],
  }));
export type JobListQuery = z.infer<typeof jobListQuery>;

/** A job's search input is a job number: "1042", "#1042" and "J-1042" all mean 1042; digits match as a prefix. */
export function jobNumberSearchDigits(search: string): string | null {
  const digits = search.trim().replace(/^(#|j-?)/i, '');
  return /^\d{1,12}$/.test(digits) ? digits : null;
}

const userRef = z.object({ userId: z.string(), username: z.string() });

export const jobActionsSchema = z.object({ edit: z.boolean(), addNote: z.boolean() });

/** Spec: statusInfo(status, openTasksCount, overdueTasksCount, totalTasksCount), plus the badge it implies. */
export const jobStatusInfoSchema = z.object({
  status: z.enum(JOB_STATUSES),
  openTasksCount: z.number(),
  overdueTasksCount: z.number(),
  totalTasksCount: z.number(),
  summary: z.object({ state: z.enum(JOB_TASK_SUMMARY_STATES), label: z.string() }).nullable(),
});
export const jobTaskCountsSchema = z.object({ total: z.number(), closed: z.number(), clockedIn: z.number(), clockedOut: z.number() });
/** Which status changes the viewer may make now (Close Job, Cancel Job, Re-open). */
export const jobStatusActionsSchema = z.object({ CLOSED: z.boolean(), REOPENED: z.boolean(), CANCELLED: z.boolean() });

export const patchJobStatusBody = z.strictObject({
  action: z.enum(JOB_STATUS_ACTIONS, { error: `action must be one of: ${JOB_STATUS_ACTIONS.join(', ')}.` }),
});
export type PatchJobStatusBody = z.infer<typeof patchJobStatusBody>;

export const jobSchema = z.object({
  id: z.string(),
  jobNumber: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  customer: namedRef,
  siteAddress: z.object({ id: z.string(), fullAddress: z.string() }),
  buildingUnit: z.object({ id: z.string(), buildingUnit: z.string() }).nullable(),
  siteContact: z.object({ id: z.string(), name: z.string(), mobileNumber: z.string().nullable() }).nullable(),
  requester: namedRef.nullable(),
  jobLead: userRef.extend({ phoneNumber: z.string().nullable() }).nullable(),
  salesManager: userRef.nullable(),
  crmLead: z.object({ id: z.string(), leadNumber: z.number() }).nullable(),
  jobTags: z.array(namedRef),
  jobZones: z.array(namedRef),
  openEstimates: z.number(),
  openEstimatesAmount: z.number(),
  dueInvoices: z.number(),
  dueInvoicesAmount: z.number(),
  paidAmount: z.number(),
  totalCost: z.number(),
  openBalance: z.number(),
  /** Money received on the job's invoices beyond their totals: to refund or apply. */
  credit: z.number(),
  counts: z.object({ tasks: z.number(), estimates: z.number(), invoices: z.number(), costs: z.number(), notes: z.number(), media: z.number() }),
  createdBy: userRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  actions: jobActionsSchema,
  statusInfo: jobStatusInfoSchema,
  taskCounts: jobTaskCountsSchema,
  statusActions: jobStatusActionsSchema,
});
export type Job = z.infer<typeof jobSchema>;

export const jobListItemSchema = jobSchema.pick({
  id: true,
  jobNumber: true,
  name: true,
  status: true,
  customer: true,
  jobLead: true,
  salesManager: true,
  jobTags: true,
  jobZones: true,
  openEstimates: true,
  openEstimatesAmount: true,
  dueInvoices: true,
  dueInvoicesAmount: true,
  paidAmount: true,
  totalCost: true,
  openBalance: true,
  createdAt: true,
  actions: true,
  statusInfo: true,
  statusActions: true,
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobSummarySchema = z.object({
  openJobs: z.number(),
  overdueTasks: z.number(),
  approvedEstimates: z.number(),
  closedTasks: z.number(),
  closedJobs: z.number(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const createdJobSchema = z.object({ id: z.string(), jobNumber: z.number() });
