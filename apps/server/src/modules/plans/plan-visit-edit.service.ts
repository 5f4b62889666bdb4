import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { afterCommit } from '@fieldwork/db/transactions';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { assigneeKeys } from '@fieldwork/domain/common/events.schemas';
import { diffFields } from '@fieldwork/domain/jobs/activity.schemas';
import type { PlanActionBody } from '@fieldwork/domain/plans/plans.schemas';
import { recordActivity } from '../activity/activity.repository.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { currentAssigneeName, resolveAssignee, type Assignee } from '../task-core/tasks-assignee.service.ts';
import { updateTaskScheduleIf } from '../task-core/tasks.repository.ts';
import { visitChanged, visitStateOf } from '../visit-notices/visit-notices.service.ts';
import { requireCurrentPlan, stalePlan } from './plan-changes.service.ts';
import { findPlanVisit, updatePlanIf, type PlanRow } from './plans.repository.ts';

type ThisVisitBody = Extract<PlanActionBody, { action: 'this_visit' }>;
type PlanVisitRow = NonNullable<Awaited<ReturnType<typeof findPlanVisit>>>;

const VISIT_NOT_FOUND = 'Visit not found.';

function keptAssignee(visit: PlanVisitRow): Assignee {
  const name = currentAssigneeName(visit);
  return {
    columns: {
      assigned_to: visit.assigned_to as Assignee['columns']['assigned_to'],
      assigned_user_id: visit.assigned_user_id,
      assigned_subcontractor_id: visit.assigned_subcontractor_id,
      assignee_key: visit.assignee_key,
    },
    name,
  };
}

/**
 * "This visit only": one un-started visit of the plan moved and/or given to someone else. It keeps its occurrence,
 * so generation never makes the slot it left again. Unlike generation, which books a busy technician's visit
 * unassigned, this is the office choosing a time and a person: a clash is refused with the scheduler's own error.
 * The ids the body names are checked before the plan's version, as on every write (another company's technician
 * is a 400); the plan's version moves with the visit in one transaction.
 */
export async function changeOneVisit(db: Db, viewer: Viewer, found: PlanRow, body: ThisVisitBody): Promise<void> {
  const tenantId = viewer.tenantId;
  const visit = await findPlanVisit(db, tenantId, found.id, body.visitId);
  const assignee =
    body.assignTo === undefined
      ? null
      : await resolveAssignee(
          db,
          tenantId,
          body,
          visit ? { assigned_user_id: visit.assigned_user_id, assigned_subcontractor_id: visit.assigned_subcontractor_id } : undefined,
        );
  const plan = requireCurrentPlan(found, body.version);
  if (!visit) throw new AppError('NOT_FOUND', VISIT_NOT_FOUND);
  if (visit.lifecycle !== 'OPEN') throw new AppError('CONFLICT', 'Only a visit that has not started can be changed.');
  const before = keptAssignee(visit);
  const next = assignee ?? before;
  const start = body.startDateTime;
  const end = body.expectedEndDateTime;
  const at = nowIso();
  const scheduleChanges = diffFields(
    { 'Start Date-Time': visit.start_at, 'Expected End Date-Time': visit.expected_end_at },
    { 'Start Date-Time': start, 'Expected End Date-Time': end },
  );
  const assigneeChanges = diffFields({ 'Assigned To': before.name }, { 'Assigned To': next.name });
  await writeSchedule(db, slotOf(tenantId, visit.id, next.columns, start, end), async (trx) => {
    if (!(await updatePlanIf(trx, tenantId, plan.id, plan.version, { updated_at: at }))) throw stalePlan();
    const patch = {
      ...next.columns,
      start_at: start,
      expected_end_at: end,
      // A visit flagged because its technician was busy needs nobody's attention once someone has it.
      plan_attention: next.columns.assignee_key ? null : visit.plan_attention,
      updated_at: at,
    };
    if (!(await updateTaskScheduleIf(trx, tenantId, visit.id, { lifecycle: visit.lifecycle, scheduleVersion: visit.schedule_version }, patch)))
      throw new AppError('CONFLICT', 'A visit of this plan was changed meanwhile. Reload and try again.');
    await visitChanged(trx, tenantId, visit.id, visitStateOf(visit));
    const entry = { jobId: plan.job_id, entityType: 'TASK' as const, entityId: visit.id, actorId: viewer.userId, at };
    const of = `visit #${visit.task_number} of service plan #${plan.plan_number}`;
    if (scheduleChanges.length)
      await recordActivity(trx, tenantId, { ...entry, action: 'TASK_UPDATED', message: `Re-scheduled ${of}`, changes: scheduleChanges });
    if (assigneeChanges.length)
      await recordActivity(trx, tenantId, {
        ...entry,
        action: 'TASK_ASSIGNED',
        message: next.name ? `Assigned ${of} to ${next.name}` : `Unassigned ${of}`,
        changes: assigneeChanges,
      });
    await afterCommit(trx, tenantId, {
      type: 'schedule.changed',
      taskId: visit.id,
      jobId: plan.job_id,
      taskNumber: visit.task_number,
      assigneeKeys: assigneeKeys(visit.assignee_key, next.columns.assignee_key),
      at,
    });
  });
}
