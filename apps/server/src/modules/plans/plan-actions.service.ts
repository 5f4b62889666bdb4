import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PLAN_MESSAGES, planStatusAction, pushBack, type PlanStatus, type PlanStatusAction } from '@fieldwork/domain/plans/plans.rules';
import type { Plan, PlanActionBody } from '@fieldwork/domain/plans/plans.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { enqueueJob } from '../background/background.service.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { updateTaskIf, updateTaskScheduleIf } from '../task-core/tasks.repository.ts';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';
import { dayAfter, dayBefore, localMidnight, requireCurrentPlan, ruleChange, saveRuleFrom, stalePlan } from './plan-changes.service.ts';
import { changeOneVisit } from './plan-visit-edit.service.ts';
import { findPlanRow, findPlanVisit, openVisitsFrom, updatePlanIf, type PlanRow } from './plans.repository.ts';
import { getPlan, PLAN_NOT_FOUND } from './plans.service.ts';

function requireMove(plan: PlanRow, action: PlanStatusAction) {
  const move = planStatusAction(plan.status as PlanStatus, action);
  if (!move.allowed) throw new AppError('CONFLICT', move.reason);
  return move.next;
}

/** One visit cancelled (skip), its reminder withdrawn; it keeps its occurrence, so it is never generated again. */
async function cancelVisit(
  trx: Db,
  viewer: Viewer,
  plan: PlanRow,
  visit: { id: string; task_number: number; lifecycle: string; version: number; start_at: string | null; assignee_key: string | null },
  why: string,
) {
  if (
    !(await updateTaskIf(
      trx,
      viewer.tenantId,
      visit.id,
      { lifecycle: visit.lifecycle, version: visit.version },
      { lifecycle: 'CANCELLED', updated_at: nowIso() },
    ))
  )
    throw new AppError('CONFLICT', 'A visit of this plan was changed meanwhile. Reload and try again.');
  await visitChanged(trx, viewer.tenantId, visit.id, visitStateOf(visit));
  await recordActivity(trx, viewer.tenantId, {
    jobId: plan.job_id,
    entityType: 'TASK',
    entityId: visit.id,
    action: 'TASK_CANCELLED',
    message: `Cancelled visit #${visit.task_number} of service plan #${plan.plan_number} (${why})`,
    actorId: viewer.userId,
  });
}

/**
 * Every un-started visit from a day on moves N days later at the same wall-clock time — latest first, so a
 * visit never lands on the old slot of the one after it. A visit whose new slot clashes with its technician's
 * other work still moves, unassigned and marked for attention, as generation does: never double-booked.
 */
async function pushBackVisits(db: Db, viewer: Viewer, plan: PlanRow, fromDate: string, days: number): Promise<number> {
  const visits = await openVisitsFrom(db, viewer.tenantId, plan.id, localMidnight(fromDate, plan.time_zone));
  const slots = visits.map((v) => ({ id: v.id, startsAt: new Date(v.start_at!), endsAt: new Date(v.expected_end_at ?? v.start_at!), started: false }));
  const moves = new Map(pushBack(slots, fromDate, days, plan.time_zone).map((m) => [m.id, m]));
  let moved = 0;
  for (const visit of [...visits].reverse()) {
    const move = moves.get(visit.id);
    if (!move) continue;
    const start = move.startsAt.toISOString();
    const end = move.endsAt.toISOString();
    const seen = { lifecycle: visit.lifecycle, scheduleVersion: visit.schedule_version };
    const write = (unassign: boolean) => async (trx: Db) => {
      const patch = unassign
        ? {
            start_at: start,
            expected_end_at: end,
            assigned_to: 'NONE',
            assigned_user_id: null,
            assigned_subcontractor_id: null,
            assignee_key: null,
            plan_attention: 'clash',
            updated_at: nowIso(),
          }
        : { start_at: start, expected_end_at: end, updated_at: nowIso() };
      if (!(await updateTaskScheduleIf(trx, viewer.tenantId, visit.id, seen, patch)))
        throw new AppError('CONFLICT', 'A visit of this plan was changed meanwhile. Reload and try again.');
      await visitChanged(trx, viewer.tenantId, visit.id, visitStateOf(visit));
    };
    try {
      await writeSchedule(db, slotOf(viewer.tenantId, visit.id, visit, start, end), write(false));
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'SCHEDULE_CONFLICT') throw error;
      await runTransaction(db, write(true));
    }
    moved++;
  }
  return moved;
}

/**
 * POST /api/plans/{id}/actions: change one visit, change the rule from a date, pause, resume, skip a visit, push
 * everything back, end the plan.
 */
export async function actOnPlan(db: Db, viewer: Viewer, planId: string, body: PlanActionBody): Promise<Plan> {
  const found = await findPlanRow(db, viewer.tenantId, planId);
  if (!found) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  if (body.action === 'this_visit') {
    await changeOneVisit(db, viewer, found, body);
    return getPlan(db, viewer, planId);
  }
  const plan = requireCurrentPlan(found, body.version);
  const at = nowIso();
  const log = (trx: Db, message: string) =>
    recordActivity(trx, viewer.tenantId, {
      jobId: plan.job_id,
      entityType: 'JOB',
      entityId: plan.job_id,
      action: 'JOB_UPDATED',
      message,
      actorId: viewer.userId,
      at,
    });
  const label = `service plan #${plan.plan_number} ${plan.name}`;
  switch (body.action) {
    case 'pause': {
      const next = requireMove(plan, 'pause');
      await runTransaction(db, async (trx) => {
        if (!(await updatePlanIf(trx, viewer.tenantId, planId, plan.version, { status: next, paused_at: at, updated_at: at }))) throw stalePlan();
        await log(trx, `Paused ${label}`);
      });
      break;
    }
    case 'resume': {
      const next = requireMove(plan, 'resume');
      const today = dayIn(new Date(), plan.time_zone);
      const from = body.fromDate && body.fromDate > today ? body.fromDate : today;
      await runTransaction(db, async (trx) => {
        // Generation starts again from the chosen day: the days paused are not filled in behind the office's back.
        const generatedThrough = !plan.generated_through || plan.generated_through < dayBefore(from) ? dayBefore(from) : plan.generated_through;
        if (
          !(await updatePlanIf(trx, viewer.tenantId, planId, plan.version, {
            status: next,
            paused_at: null,
            generated_through: generatedThrough,
            updated_at: at,
          }))
        )
          throw stalePlan();
        await enqueueJob(trx, viewer.tenantId, 'plans.generate', { planId });
        await log(trx, `Resumed ${label} from ${from}`);
      });
      break;
    }
    case 'skip': {
      const visit = await findPlanVisit(db, viewer.tenantId, planId, body.visitId);
      if (!visit) throw new AppError('NOT_FOUND', 'Visit not found.');
      if (visit.lifecycle !== 'OPEN') throw new AppError('CONFLICT', 'Only a visit that has not started can be skipped.');
      await runTransaction(db, async (trx) => {
        if (!(await updatePlanIf(trx, viewer.tenantId, planId, plan.version, { updated_at: at }))) throw stalePlan();
        await cancelVisit(trx, viewer, plan, visit, 'skipped');
      });
      break;
    }
    case 'push_back': {
      if (!(await updatePlanIf(db, viewer.tenantId, planId, plan.version, { updated_at: at }))) throw stalePlan();
      const moved = await pushBackVisits(db, viewer, plan, body.fromDate, body.days);
      await runTransaction(db, (trx) => log(trx, `Pushed back ${moved} visits of ${label} by ${body.days} days from ${body.fromDate}`));
      break;
    }
    case 'end': {
      requireMove(plan, 'end');
      const endDate = body.endDate ?? dayIn(new Date(), plan.time_zone);
      await runTransaction(db, async (trx) => {
        if (!(await updatePlanIf(trx, viewer.tenantId, planId, plan.version, { status: 'ended', ends_on: endDate, ended_at: at, updated_at: at })))
          throw stalePlan();
        const after = await openVisitsFrom(trx, viewer.tenantId, planId, localMidnight(dayAfter(endDate), plan.time_zone));
        // The confirmation named a count; cancelling a different number would not be what the office agreed to.
        if (after.length !== body.expectedCancelled) throw new AppError('CONFLICT', PLAN_MESSAGES.endConfirmation(after.length));
        for (const visit of after) await cancelVisit(trx, viewer, plan, visit, 'plan ended');
        await log(trx, `Ended ${label} on ${endDate}; ${after.length} upcoming visits cancelled`);
      });
      break;
    }
    case 'this_and_following': {
      const rule = ruleChange(plan, body.recurrence, body.fromDate);
      await runTransaction(db, async (trx) => {
        const released = await saveRuleFrom(trx, viewer.tenantId, plan, rule, {}, at);
        if (released === null) throw stalePlan();
        await log(trx, `Changed the rule of ${label} from ${rule.from}: ${released} upcoming visits made again under the new rule`);
      });
      break;
    }
  }
  return getPlan(db, viewer, planId);
}
