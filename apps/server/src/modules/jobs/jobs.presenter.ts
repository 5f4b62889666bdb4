import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { jobStatusActions, jobTaskSummary, type JobTaskCounts } from '@fieldwork/domain/jobs/job-status.rules';
import type { Job, JobListItem, JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import { centsToAmount, jobActions } from '@fieldwork/domain/jobs/jobs.rules';
import { can, type Viewer } from '@fieldwork/domain/access/roles.rules';
import type { JobDetailRow, JobListRow } from './jobs.repository.ts';

type Refs = { tags: { job_id: string; id: string; name: string }[]; zones: { job_id: string; id: string; name: string }[] };

const refsOf = (refs: Refs, jobId: string) => ({
  jobTags: refs.tags.filter((t) => t.job_id === jobId).map(({ id, name }) => ({ id, name })),
  jobZones: refs.zones.filter((z) => z.job_id === jobId).map(({ id, name }) => ({ id, name })),
});

function money(row: JobListRow | JobDetailRow) {
  return {
    openEstimates: row.open_estimates_count,
    openEstimatesAmount: centsToAmount(row.open_estimates_cents),
    dueInvoices: row.due_invoices_count,
    dueInvoicesAmount: centsToAmount(row.due_invoices_cents),
    paidAmount: centsToAmount(row.paid_cents),
    totalCost: centsToAmount(row.total_cost_cents),
    openBalance: centsToAmount(row.open_balance_cents),
  };
}

/** The task side of a job: its badge, counts, and which status changes this viewer may make now. */
function taskStatusFields(viewer: Viewer, status: JobStatus, c: JobTaskCounts) {
  return {
    statusInfo: { status, openTasksCount: c.open, overdueTasksCount: c.overdue, totalTasksCount: c.total, summary: jobTaskSummary({ status }, c) },
    statusActions: can(viewer, 'jobs.write') ? jobStatusActions({ status }, c) : { CLOSED: false, REOPENED: false, CANCELLED: false },
  };
}

const userRef = (id: string | null, name: string | null) => (id ? { userId: id, username: name ?? '' } : null);

export function toJobListItem(viewer: Viewer, row: JobListRow, refs: Refs, tasks: JobTaskCounts): JobListItem {
  const status = row.status as JobStatus;
  return {
    id: row.id,
    jobNumber: row.job_number,
    name: row.name,
    status,
    customer: { id: row.customer_id, name: row.customer_name },
    jobLead: row.job_lead_id ? { userId: row.job_lead_id, username: row.job_lead_name ?? '', phoneNumber: row.job_lead_phone } : null,
    salesManager: userRef(row.sales_manager_id, row.sales_manager_name),
    ...refsOf(refs, row.id),
    ...money(row),
    createdAt: row.created_at,
    actions: jobActions(viewer, { status }),
    ...taskStatusFields(viewer, status, tasks),
  };
}

export function toJobDto(viewer: Viewer, row: JobDetailRow, refs: Refs, tasks: JobTaskCounts, creditCents: number): Job {
  const status = row.status as JobStatus;
  return {
    id: row.id,
    jobNumber: row.job_number,
    name: row.name,
    description: row.description,
    status,
    customer: { id: row.customer_id, name: row.customer_name },
    siteAddress: { id: row.site_address_id, fullAddress: row.site_address },
    buildingUnit: row.building_unit_id && row.building_unit ? { id: row.building_unit_id, buildingUnit: row.building_unit } : null,
    siteContact: row.site_contact_id ? { id: row.site_contact_id, name: row.site_contact_name ?? '', mobileNumber: row.site_contact_mobile ?? null } : null,
    requester: row.requester_id ? { id: row.requester_id, name: row.requester_name ?? '' } : null,
    jobLead: row.job_lead_id ? { userId: row.job_lead_id, username: row.job_lead_name ?? '', phoneNumber: row.job_lead_phone } : null,
    salesManager: userRef(row.sales_manager_id, row.sales_manager_name),
    crmLead: row.crm_lead_id && row.lead_number !== null ? { id: row.crm_lead_id, leadNumber: row.lead_number } : null,
    ...refsOf(refs, row.id),
    ...money(row),
    credit: centsToDollars(creditCents),
    counts: {
      tasks: row.task_count,
      estimates: row.estimate_count,
      invoices: row.invoice_count,
      costs: row.cost_count,
      notes: row.note_count,
      media: row.media_count,
    },
    createdBy: userRef(row.created_by, row.creator_name),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    actions: jobActions(viewer, { status }),
    ...taskStatusFields(viewer, status, tasks),
    taskCounts: { total: tasks.total, closed: tasks.closed, clockedIn: tasks.clockedIn, clockedOut: tasks.clockedOut },
  };
}

/** The job as the activity log describes it: human values per field, for old → new entries. */
export function jobSnapshot(
  job: Pick<
    Job,
    'name' | 'description' | 'siteAddress' | 'buildingUnit' | 'siteContact' | 'requester' | 'jobLead' | 'salesManager' | 'crmLead' | 'jobTags' | 'jobZones'
  >,
): Record<string, string | null> {
  return {
    'Job Name': job.name,
    Description: job.description || null,
    'Site Address': job.siteAddress.fullAddress,
    'Building/Unit': job.buildingUnit?.buildingUnit ?? null,
    'Site Contact': job.siteContact?.name ?? null,
    Requester: job.requester?.name ?? null,
    'Job Lead': job.jobLead?.username ?? null,
    'Sales Manager': job.salesManager?.username ?? null,
    'CRM Lead': job.crmLead ? `#${job.crmLead.leadNumber}` : null,
    Tags: job.jobTags.map((t) => t.name).join(', ') || null,
    'Service Areas': job.jobZones.map((z) => z.name).join(', ') || null,
  };
}
