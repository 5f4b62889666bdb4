import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { runTransaction } from '@fieldwork/db/transactions';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { generatedVisitAssignee, generatesVisits, horizonEnd, MAX_PLAN_VISITS_AHEAD, type PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import { occurrences, type Occurrence, type Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import type { VisitTemplateBody } from '@fieldwork/domain/plans/plans.schemas';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';
import { bumpJobCount } from '../job-core/jobs-lookup.repository.ts';
import { slotOf, writeSchedule } from '../task-core/schedule-guard.ts';
import { visitChanged } from '../visit-notices/visit-notices.service.ts';
import { advanceGeneratedThrough, countVisitsAhead, findPlanRow, insertPlanVisit, visitOccurrences, type PlanRow } from './plans.repository.ts';

/** Visits created per call: a plan's year is generated in a few short transactions, never one long one. */
export const PLAN_VISIT_BATCH = 25;

/** `active`: false when the plan is gone, paused or ended (nothing generated, nothing to come back for). */
export type GenerateResult = { created: number; clashes: number; existing: number; done: boolean; active: boolean };

/** Thrown inside a visit's transaction when the occurrence already has a visit: rolls back its task number too. */
class VisitExists extends Error {}

type Assignee = { technicianId: string | null; subcontractorId: string | null };

function assigneeColumns(a: Assignee) {
  if (a.technicianId)
    return { assigned_to: 'TECHNICIAN', assigned_user_id: a.technicianId, assigned_subcontractor_id: null, assignee_key: a.technicianId } as const;
  if (a.subcontractorId)
    return { assigned_to: 'SUBCONTRACTOR', assigned_user_id: null, assigned_subcontractor_id: a.subcontractorId, assignee_key: a.subcontractorId } as const;
  return { assigned_to: 'NONE', assigned_user_id: null, assigned_subcontractor_id: null, assignee_key: null } as const;
}

/** One visit in its own transaction: the task, its number, the job's count and its reminder, or nothing at all. */
async function insertVisit(trx: Db, plan: PlanRow, template: VisitTemplateBody, occ: Occurrence, who: Assignee, attention: string | null): Promise<void> {
  const id = randomUUID();
  const at = nowIso();
  const number = await nextNumber(trx, plan.tenant_id, 'task');
  const inserted = await insertPlanVisit(trx, {
    id,
    tenant_id: plan.tenant_id,
    task_number: number,
    task_number_text: String(number),
    name: template.taskName,
    description: template.description || null,
    job_id: plan.job_id,
    customer_id: plan.customer_id,
    lifecycle: 'OPEN',
    ...assigneeColumns(who),
    schedule_id: randomUUID(),
    start_at: occ.startsAt.toISOString(),
    expected_end_at: occ.endsAt.toISOString(),
    end_at: null,
    created_by: null,
    created_at: at,
    updated_at: at,
    closed_at: null,
    version: 1,
    plan_id: plan.id,
    plan_occurrence: occ.localDate,
    plan_attention: attention,
  });
  if (!inserted) throw new VisitExists();
  await bumpJobCount(trx, plan.tenant_id, plan.job_id, 'task_count', 1);
  await visitChanged(trx, plan.tenant_id, id, null);
}

/**
 * A visit at its occurrence, with the template's technician or subcontractor when their time is free. When it
 * is not (another task, time off), the visit is still created — at that time, unassigned, marked for "Needs
 * attention" — so nothing is double-booked and nothing is dropped. The clash check is the scheduler's own
 * (writeSchedule), so PostgreSQL's exclusion constraint and SQLite's serialized write hold here too.
 */
async function createVisit(db: Db, plan: PlanRow, template: VisitTemplateBody, occ: Occurrence): Promise<'created' | 'clash' | 'existing'> {
  const wanted: Assignee = { technicianId: template.assignedTechnicianId, subcontractorId: template.assignedSubcontractorId };
  const columns = assigneeColumns(wanted);
  const slot = slotOf(plan.tenant_id, null, columns, occ.startsAt.toISOString(), occ.endsAt.toISOString());
  try {
    await writeSchedule(db, slot, (trx) => insertVisit(trx, plan, template, occ, wanted, null));
    return 'created';
  } catch (error) {
    if (error instanceof VisitExists) return 'existing';
    if (!(error instanceof AppError) || error.code !== 'SCHEDULE_CONFLICT') throw error;
  }
  const free = generatedVisitAssignee(wanted, true);
  try {
    await runTransaction(db, (trx) => insertVisit(trx, plan, template, occ, free, 'clash'));
    return 'clash';
  } catch (error) {
    if (error instanceof VisitExists) return 'existing';
    throw error;
  }
}

/** Midnight at the start of a local day (YYYY-MM-DD) in the zone, as an instant. */
function startOfLocalDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, timeZone).getTime());
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Creates the plan's next visits up to its horizon (12 months ahead, at most 100 to come), at most one batch per
 * call, starting after the day generated last. Safe to run again and from several processes at once: a visit
 * per plan and occurrence is held by a unique key, so a second run creates nothing. `done` is false while visits
 * up to the horizon are still missing.
 */
export async function generatePlanVisits(db: Db, tenantId: string, planId: string, now = new Date(), batch = PLAN_VISIT_BATCH): Promise<GenerateResult> {
  const plan = await findPlanRow(db, tenantId, planId);
  const result: GenerateResult = { created: 0, clashes: 0, existing: 0, done: true, active: false };
  if (!plan || !generatesVisits(plan.status as PlanStatus)) return result;
  result.active = true;
  const recurrence = JSON.parse(plan.recurrence) as Recurrence;
  const template = JSON.parse(plan.visit_template) as VisitTemplateBody;
  const room = MAX_PLAN_VISITS_AHEAD - (await countVisitsAhead(db, tenantId, planId, now.toISOString()));
  if (room <= 0) return result;
  const fromDay = plan.generated_through ? nextDay(plan.generated_through) : recurrence.startDate;
  const from = new Date(Math.max(now.getTime(), startOfLocalDay(fromDay, plan.time_zone).getTime()));
  const limit = Math.min(batch, room);
  const due = occurrences(recurrence, plan.time_zone, { from, until: horizonEnd(now, plan.time_zone), limit });
  if (due.length) {
    const have = await visitOccurrences(db, tenantId, planId, due[0]!.localDate, due.at(-1)!.localDate);
    for (const occ of due) {
      if (have.has(occ.localDate)) {
        result.existing++;
        continue;
      }
      const outcome = await createVisit(db, plan, template, occ);
      if (outcome === 'created') result.created++;
      else if (outcome === 'clash') result.clashes++;
      else result.existing++;
    }
  }
  // Up to the horizon's day when the rule had nothing more before it, else up to the last occurrence made.
  const reached = due.length === limit ? due.at(-1)!.localDate : dayIn(horizonEnd(now, plan.time_zone), plan.time_zone);
  await advanceGeneratedThrough(db, tenantId, planId, reached, nowIso());
  result.done = due.length < limit || limit === room;
  return result;
}
