import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { CreatePlanBody, Plan, PlanListQuery, PlanVisit, PlanVisitsQuery } from '@fieldwork/domain/plans/plans.schemas';
import { toRRule } from '@fieldwork/domain/plans/recurrence-rrule.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { resolveJobRefs } from '../jobs/jobs-refs.service.ts';
import { insertJob } from '../jobs/jobs.repository.ts';
import { resolveAssignee } from '../task-core/tasks-assignee.service.ts';
import { assigneeNames, findPlanListRow, insertPlan, listPlanRows, listPlanVisits, planExists, type PlanListRow } from './plans.repository.ts';
import { planFacts, presentPlan, presentPlanVisit } from './plans.presenter.ts';
import { scheduleRenewalReminder } from './plan-renewal.service.ts';

export const PLAN_NOT_FOUND = 'Service plan not found.';

async function present(db: Db, tenantId: string, rows: PlanListRow[], now: Date): Promise<Plan[]> {
  const templates = rows.map((r) => JSON.parse(r.visit_template) as { assignedTechnicianId: string | null; assignedSubcontractorId: string | null });
  const names = await assigneeNames(
    db,
    tenantId,
    templates.map((t) => t.assignedTechnicianId).filter((v): v is string => !!v),
    templates.map((t) => t.assignedSubcontractorId).filter((v): v is string => !!v),
  );
  return rows.map((row) => presentPlan(row, names, now));
}

async function zoneOf(db: Db, tenantId: string): Promise<string> {
  return (await findTenant(db, tenantId))?.time_zone ?? 'UTC';
}

export async function getPlan(db: Db, viewer: Viewer, planId: string, now = new Date()): Promise<Plan> {
  const facts = planFacts(now, await zoneOf(db, viewer.tenantId));
  const row = await findPlanListRow(db, viewer.tenantId, facts, planId);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return (await present(db, viewer.tenantId, [row], now))[0]!;
}

/** The plans list: search on plan and customer name, status and customer filters, only those needing attention. */
export async function listPlans(db: Db, viewer: Viewer, q: PlanListQuery, now = new Date()) {
  const facts = planFacts(now, await zoneOf(db, viewer.tenantId));
  const { rows, total } = await listPlanRows(db, viewer.tenantId, facts, q);
  return { data: await present(db, viewer.tenantId, rows, now), pagination: pagination(total, q.page, q.limit) };
}

export async function planVisits(
  db: Db,
  viewer: Viewer,
  planId: string,
  q: PlanVisitsQuery,
): Promise<{ data: PlanVisit[]; pagination: ReturnType<typeof pagination> }> {
  if (!(await planExists(db, viewer.tenantId, planId))) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const { rows, total } = await listPlanVisits(db, viewer.tenantId, planId, q, nowIso());
  return { data: rows.map(presentPlanVisit), pagination: pagination(total, q.page, q.limit) };
}

/**
 * A new plan: its own job at the site (its visits are that job's tasks), the plan, and the job that generates its
 * visits — queued in the same transaction, so a plan never exists without its visits on the way.
 */
export async function createPlan(db: Db, viewer: Viewer, body: CreatePlanBody): Promise<Plan> {
  await resolveJobRefs(db, viewer.tenantId, body.customerId, { siteAddressId: body.siteAddressId });
  const t = body.visitTemplate;
  await resolveAssignee(db, viewer.tenantId, {
    assignTo: t.assignTo,
    assignedTechnicianId: t.assignedTechnicianId ?? undefined,
    assignedSubcontractorId: t.assignedSubcontractorId ?? undefined,
  });
  const timeZone = await zoneOf(db, viewer.tenantId);
  const planId = randomUUID();
  const jobId = randomUUID();
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    const jobNumber = await nextNumber(trx, viewer.tenantId, 'job');
    await insertJob(trx, viewer.tenantId, {
      id: jobId,
      job_number: jobNumber,
      job_number_text: String(jobNumber),
      name: body.name,
      description: `Visits of the service plan "${body.name}".`,
      status: 'OPEN',
      customer_id: body.customerId,
      site_address_id: body.siteAddressId,
      building_unit_id: null,
      site_contact_id: null,
      requester_id: null,
      job_lead_id: null,
      sales_manager_id: null,
      crm_lead_id: null,
      created_by: viewer.userId,
      created_at: at,
      updated_at: at,
    });
    const planNumber = await nextNumber(trx, viewer.tenantId, 'plan', 1);
    await insertPlan(trx, {
      id: planId,
      tenant_id: viewer.tenantId,
      customer_id: body.customerId,
      site_address_id: body.siteAddressId,
      job_id: jobId,
      plan_number: planNumber,
      name: body.name,
      status: 'active',
      recurrence: JSON.stringify(body.recurrence),
      rrule: toRRule(body.recurrence, timeZone),
      starts_on: body.recurrence.startDate,
      ends_on: body.recurrence.endDate,
      visit_template: JSON.stringify(t),
      billing: body.billing,
      price_cents: body.price,
      auto_send: body.autoSendInvoices ? 1 : 0,
      renewal_days: body.renewalReminderDays,
      renewal_to_customer: body.renewalReminderToCustomer ? 1 : 0,
      generated_through: null,
      paused_at: null,
      ended_at: null,
      created_by: viewer.userId,
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await recordActivity(trx, viewer.tenantId, {
      jobId,
      entityType: 'JOB',
      entityId: jobId,
      action: 'JOB_CREATED',
      message: `Created job #${jobNumber} for service plan #${planNumber} ${body.name}`,
      actorId: viewer.userId,
      at,
    });
    await enqueueJob(trx, viewer.tenantId, 'plans.generate', { planId });
    const r = body.recurrence;
    await scheduleRenewalReminder(
      trx,
      viewer.tenantId,
      { id: planId, starts_on: r.startDate, ends_on: r.endDate, renewal_days: body.renewalReminderDays },
      timeZone,
    );
  });
  return getPlan(db, viewer, planId);
}
