import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import { pageMeta, pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { CreateJobBody, Job, JobListQuery, JobSummary, UpdateJobBody } from '@fieldwork/domain/jobs/jobs.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { statusBounds } from '@fieldwork/domain/tasks/task-status.rules';
import { listJobActivity, recordActivity } from '../activity/activity.repository.ts';
import { toActivityDto } from '../activity/activity.presenter.ts';
import { countEstimatesInStatus } from '../estimates/estimates.repository.ts';
import { attachUploadsToJob } from '../media/media.service.ts';
import { requireJobHeader } from '../job-core/jobs-lookup.service.ts';
import { countTaskCards } from './jobs-tasks.repository.ts';
import { taskCountsByJob } from './jobs-tasks.service.ts';
import { resolveJobRefs } from './jobs-refs.service.ts';
import { countJobsByStatus, findJobDetail, insertJob, listJobs, loadJobTagsAndZones, replaceJobTagsAndZones, updateJobRow } from './jobs.repository.ts';
import { jobSnapshot, toJobDto, toJobListItem } from './jobs.presenter.ts';
import { jobCreditCents } from '../payments/online-payments.repository.ts';

export async function listJobsPage(db: Db, viewer: Viewer, timeZone: string, q: JobListQuery) {
  const { rows, total } = await listJobs(db, viewer.tenantId, q);
  const ids = rows.map((r) => r.id);
  const [refs, tasksOf] = await Promise.all([loadJobTagsAndZones(db, viewer.tenantId, ids), taskCountsByJob(db, viewer.tenantId, ids, timeZone)]);
  return { data: rows.map((r) => toJobListItem(viewer, r, refs, tasksOf(r.id))), pagination: pagination(total, q.page, q.limit) };
}

export async function getJob(db: Db, viewer: Viewer, timeZone: string, jobId: string): Promise<Job> {
  const row = await findJobDetail(db, viewer.tenantId, jobId);
  if (!row) throw new AppError('NOT_FOUND', 'Job not found.');
  const [refs, tasksOf, creditCents] = await Promise.all([
    loadJobTagsAndZones(db, viewer.tenantId, [jobId]),
    taskCountsByJob(db, viewer.tenantId, [jobId], timeZone),
    jobCreditCents(db, viewer.tenantId, jobId),
  ]);
  return toJobDto(viewer, row, refs, tasksOf(jobId), creditCents);
}

const refColumns = (body: UpdateJobBody | CreateJobBody) => ({
  site_address_id: body.siteAddressId,
  building_unit_id: body.buildingUnitId ?? null,
  site_contact_id: body.siteContactId ?? null,
  requester_id: body.requesterId ?? null,
  job_lead_id: body.jobLeadId ?? null,
  sales_manager_id: body.salesManagerId ?? null,
  crm_lead_id: body.crmLeadId ?? null,
});

/** The number, the row, its tags and zones, the attached uploads and the log entry land in one transaction. */
export async function createJob(db: Db, viewer: Viewer, body: CreateJobBody): Promise<{ id: string; jobNumber: number }> {
  const refs = await resolveJobRefs(db, viewer.tenantId, body.customerId, body);
  const id = randomUUID();
  const now = nowIso();
  const jobNumber = await db.transaction().execute(async (trx) => {
    const number = await nextNumber(trx, viewer.tenantId, 'job');
    await insertJob(trx, viewer.tenantId, {
      id,
      job_number: number,
      job_number_text: String(number),
      name: body.name,
      description: body.description || null,
      status: 'OPEN',
      customer_id: body.customerId,
      ...refColumns(body),
      created_by: viewer.userId,
      created_at: now,
      updated_at: now,
    });
    await replaceJobTagsAndZones(trx, viewer.tenantId, id, 'OPEN', refs.tagIds, refs.zoneIds);
    if (body.sessionToken) await attachUploadsToJob(trx, viewer.tenantId, { sessionToken: body.sessionToken, userId: viewer.userId, jobId: id });
    await recordActivity(trx, viewer.tenantId, {
      jobId: id,
      entityType: 'JOB',
      entityId: id,
      action: 'JOB_CREATED',
      message: `Created job #${number}`,
      actorId: viewer.userId,
      changes: diffFields({}, jobSnapshot({ name: body.name, description: body.description ?? null, ...refs.view })),
      at: now,
    });
    return number;
  });
  return { id, jobNumber };
}

/** Editing needs an open job and the version the editor saw; the log keeps each field's old and new value. */
export async function updateJob(db: Db, viewer: Viewer, timeZone: string, jobId: string, body: UpdateJobBody): Promise<Job> {
  const before = await getJob(db, viewer, timeZone, jobId);
  if (before.status !== 'OPEN') throw new AppError('CONFLICT', 'This job is closed or cancelled; it can no longer be edited.');
  const refs = await resolveJobRefs(db, viewer.tenantId, before.customer.id, body, {
    siteAddressId: before.siteAddress.id,
    buildingUnitId: before.buildingUnit?.id ?? null,
    jobLeadId: before.jobLead?.userId ?? null,
    salesManagerId: before.salesManager?.userId ?? null,
  });
  const changes = diffFields(jobSnapshot(before), jobSnapshot({ name: body.name, description: body.description ?? null, ...refs.view }));
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const saved = await updateJobRow(trx, viewer.tenantId, jobId, body.version, {
      name: body.name,
      description: body.description || null,
      ...refColumns(body),
      updated_at: now,
    });
    if (!saved) throw new AppError('STALE_VERSION');
    await replaceJobTagsAndZones(trx, viewer.tenantId, jobId, before.status, refs.tagIds, refs.zoneIds);
    if (body.sessionToken) await attachUploadsToJob(trx, viewer.tenantId, { sessionToken: body.sessionToken, userId: viewer.userId, jobId });
    if (changes.length) {
      await recordActivity(trx, viewer.tenantId, {
        jobId,
        entityType: 'JOB',
        entityId: jobId,
        action: 'JOB_UPDATED',
        message: `Updated ${changes.map((c) => c.field).join(', ')}`,
        actorId: viewer.userId,
        changes,
        at: now,
      });
    }
  });
  return getJob(db, viewer, timeZone, jobId);
}

/** Summary cards: open and closed jobs, task cards, and approved estimates (stored status APPROVED, one index range). */
export async function jobSummary(db: Db, viewer: Viewer, timeZone: string): Promise<JobSummary> {
  const [byStatus, tasks, approved] = await Promise.all([
    countJobsByStatus(db, viewer.tenantId),
    countTaskCards(db, viewer.tenantId, statusBounds(new Date(), timeZone)),
    countEstimatesInStatus(db, viewer.tenantId, 'APPROVED'),
  ]);
  return { openJobs: byStatus.OPEN ?? 0, closedJobs: byStatus.CLOSED ?? 0, approvedEstimates: approved, ...tasks };
}

export async function jobActivities(db: Db, viewer: Viewer, jobId: string, page: number, limit: number) {
  await requireJobHeader(db, viewer.tenantId, jobId);
  const { rows, total } = await listJobActivity(db, viewer.tenantId, jobId, page, limit);
  return { items: rows.map(toActivityDto), meta: pageMeta(total, page, limit) };
}
