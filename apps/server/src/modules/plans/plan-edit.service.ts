import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PLAN_MESSAGES } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, UpdatePlanBody } from '@fieldwork/domain/plans/plans.schemas';
import { recordActivity } from '../activity/activity.repository.ts';
import { resolveAssignee } from '../task-core/tasks-assignee.service.ts';
import { ruleChange, saveRuleFrom } from './plan-changes.service.ts';
import { findPlanRow } from './plans.repository.ts';
import { getPlan, PLAN_NOT_FOUND } from './plans.service.ts';

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
  const rule = ruleChange(plan, body.recurrence, body.changesFrom);
  const at = nowIso();
  await runTransaction(db, async (trx) => {
    const released = await saveRuleFrom(
      trx,
      viewer.tenantId,
      plan,
      rule,
      {
        name: body.name,
        visit_template: JSON.stringify(t),
        billing: body.billing,
        price_cents: body.price,
        auto_send: body.autoSendInvoices ? 1 : 0,
        renewal_days: body.renewalReminderDays,
        renewal_to_customer: body.renewalReminderToCustomer ? 1 : 0,
      },
      at,
    );
    if (released === null) throw new AppError('STALE_VERSION');
    await recordActivity(trx, viewer.tenantId, {
      jobId: plan.job_id,
      entityType: 'JOB',
      entityId: plan.job_id,
      action: 'JOB_UPDATED',
      message: rule.changed
        ? `Changed service plan #${plan.plan_number} ${body.name} from ${rule.from}: ${released} upcoming visits made again under the new rule`
        : `Updated service plan #${plan.plan_number} ${body.name}`,
      actorId: viewer.userId,
      at,
    });
  });
  return getPlan(db, viewer, planId);
}
