import { TZDate } from '@date-fns/tz';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PLAN_MESSAGES, yearlyValue } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, UpdatePlanBody } from '@fieldwork/domain/plans/plans.schemas';
import { toRRule } from '@fieldwork/domain/plans/recurrence-rrule.rules';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { resolveAssignee } from '../task-core/tasks-assignee.service.ts';
import { visitEnded } from '../visit-notices/visit-notices.service.ts';
import { findPlanRow, releaseOpenVisitsFrom, updatePlanIf } from './plans.repository.ts';
import { getPlan, PLAN_NOT_FOUND } from './plans.service.ts';
import { scheduleRenewalReminder } from './plan-renewal.service.ts';

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * PUT /api/plans/{id} at the version loaded. Name, visit template, billing and reminders change for what is
 * generated from now on. A changed rule applies "this and following" from `changesFrom` (default today, never
 * earlier): the plan's un-started visits from that day are cancelled and regenerated under the new rule; started,
 * clocked and closed visits are never touched.
 */
export async function updatePlan(db: Db, viewer: Viewer, planId: string, body: UpdatePlanBody): Promise<Plan> {
  const plan = await findPlanRow(db, viewer.tenantId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  // The ids the body names are checked first: another company's technician reads as one that does not exist (400).
  const t = body.visitTemplate;
  await resolveAssignee(db, viewer.tenantId, {
    assignTo: t.assignTo,
    assignedTechnicianId: t.assignedTechnicianId ?? undefined,
    assignedSubcontractorId: t.assignedSubcontractorId ?? undefined,
  });
  if (plan.status === 'ended') throw new AppError('CONFLICT', PLAN_MESSAGES.ended);
  if (plan.version !== body.version) throw new AppError('STALE_VERSION');
  const today = dayIn(new Date(), plan.time_zone);
  const from = body.changesFrom && body.changesFrom > today ? body.changesFrom : today;
  const ruleChanged = JSON.stringify(body.recurrence) !== plan.recurrence;
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    const saved = await updatePlanIf(trx, viewer.tenantId, planId, plan.version, {
      name: body.name,
      recurrence: JSON.stringify(body.recurrence),
      rrule: toRRule(body.recurrence, plan.time_zone),
      starts_on: body.recurrence.startDate,
      ends_on: body.recurrence.endDate,
      visit_template: JSON.stringify(t),
      billing: body.billing,
      price_cents: body.price,
      yearly_value_cents: yearlyValue({ billing: body.billing, priceCents: body.price, recurrence: body.recurrence }, plan.time_zone, new Date()),
      auto_send: body.autoSendInvoices ? 1 : 0,
      renewal_days: body.renewalReminderDays,
      renewal_to_customer: body.renewalReminderToCustomer ? 1 : 0,
      ...(ruleChanged && plan.generated_through && plan.generated_through >= from ? { generated_through: dayBefore(from) } : {}),
      updated_at: at,
    });
    if (!saved) throw new AppError('STALE_VERSION');
    const r = body.recurrence;
    await scheduleRenewalReminder(
      trx,
      viewer.tenantId,
      { id: planId, starts_on: r.startDate, ends_on: r.endDate, renewal_days: body.renewalReminderDays },
      plan.time_zone,
    );
    let released = 0;
    if (ruleChanged) {
      const [y, m, d] = from.split('-').map(Number) as [number, number, number];
      const fromInstant = new Date(new TZDate(y, m - 1, d, 0, 0, 0, plan.time_zone).getTime()).toISOString();
      const visits = await releaseOpenVisitsFrom(trx, viewer.tenantId, planId, fromInstant, at);
      for (const visit of visits) await visitEnded(trx, viewer.tenantId, visit.id);
      released = visits.length;
      if (plan.status === 'active') await enqueueJob(trx, viewer.tenantId, 'plans.generate', { planId });
    }
    await recordActivity(trx, viewer.tenantId, {
      jobId: plan.job_id,
      entityType: 'JOB',
      entityId: plan.job_id,
      action: 'JOB_UPDATED',
      message: ruleChanged
        ? `Changed service plan #${plan.plan_number} ${body.name} from ${from}: ${released} upcoming visits made again under the new rule`
        : `Updated service plan #${plan.plan_number} ${body.name}`,
      actorId: viewer.userId,
      at,
    });
  });
  return getPlan(db, viewer, planId);
}
