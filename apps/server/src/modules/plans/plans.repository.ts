import type { Db } from '@fieldwork/db/connection';
import type { Insertable } from 'kysely';
import type { PlanListQuery } from '@fieldwork/domain/plans/plans.schemas';
import type { ServicePlansTable } from '@fieldwork/db/schema-plans';
import type { TasksTable } from '@fieldwork/db/schema-tasks';

export async function insertPlan(db: Db, row: Insertable<ServicePlansTable>): Promise<void> {
  await db.insertInto('service_plans').values(row).execute();
}

export function findPlanRow(db: Db, tenantId: string, planId: string) {
  return db
    .selectFrom('service_plans as p')
    .innerJoin('tenants as co', 'co.id', 'p.tenant_id')
    .selectAll('p')
    .select('co.time_zone')
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', planId)
    .executeTakeFirst();
}
export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlanRow>>>;

/** The occurrences (local dates) of the plan that already have a visit, between two local dates inclusive. */
export async function visitOccurrences(db: Db, tenantId: string, planId: string, fromDate: string, toDate: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('tasks')
    .select('plan_occurrence')
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('plan_occurrence', '>=', fromDate)
    .where('plan_occurrence', '<=', toDate)
    .execute();
  return new Set(rows.map((r) => r.plan_occurrence!));
}

/** Visits of the plan still to come (not cancelled): what the cap on visits ahead counts. */
export async function countVisitsAhead(db: Db, tenantId: string, planId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('lifecycle', '<>', 'CANCELLED')
    .where('start_at', '>=', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A generated visit, unless the plan already has one for this occurrence (the unique index decides, also
 * against another process generating at the same moment). True when this call inserted it.
 */
export async function insertPlanVisit(
  db: Db,
  row: Insertable<TasksTable> & { plan_id: string; plan_occurrence: string; plan_attention: string | null },
): Promise<boolean> {
  const inserted = await db
    .insertInto('tasks')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'plan_id', 'plan_occurrence']).where('plan_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!inserted;
}

/** Moves the plan's generated-through day forward only (two generators never move it back). */
export async function advanceGeneratedThrough(db: Db, tenantId: string, planId: string, day: string, at: string): Promise<void> {
  await db
    .updateTable('service_plans')
    .set({ generated_through: day, updated_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', planId)
    .where((eb) => eb.or([eb('generated_through', 'is', null), eb('generated_through', '<', day)]))
    .execute();
}

export type PlanFacts = { now: string; yearStart: string; yearEnd: string };

/**
 * Plans with what their answers show — customer, site, job number, next visit, visits done and due this year,
 * visits needing a person — one query for a page (the figures are correlated subqueries on the plan's tasks,
 * served by the (tenant_id, plan_id, plan_occurrence) index).
 */
export function planListQuery(db: Db, tenantId: string, facts: PlanFacts) {
  return db
    .selectFrom('service_plans as p')
    .innerJoin('customers as cu', (on) => on.onRef('cu.id', '=', 'p.customer_id').onRef('cu.tenant_id', '=', 'p.tenant_id'))
    .innerJoin('customer_addresses as ad', (on) => on.onRef('ad.id', '=', 'p.site_address_id').onRef('ad.tenant_id', '=', 'p.tenant_id'))
    .innerJoin('jobs as j', (on) => on.onRef('j.id', '=', 'p.job_id').onRef('j.tenant_id', '=', 'p.tenant_id'))
    .innerJoin('tenants as co', 'co.id', 'p.tenant_id')
    .selectAll('p')
    .select((eb) => {
      const visits = () => eb.selectFrom('tasks as v').whereRef('v.tenant_id', '=', 'p.tenant_id').whereRef('v.plan_id', '=', 'p.id');
      return [
        'cu.name as customer_name',
        'ad.full_address',
        'j.job_number',
        'co.time_zone',
        visits()
          .select((e) => e.fn.min('v.start_at').as('n'))
          .where('v.lifecycle', '=', 'OPEN')
          .where('v.start_at', '>=', facts.now)
          .as('next_visit_at'),
        visits()
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('v.lifecycle', '=', 'CLOSED')
          .where('v.start_at', '>=', facts.yearStart)
          .where('v.start_at', '<', facts.yearEnd)
          .as('done_this_year'),
        visits()
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('v.lifecycle', '<>', 'CANCELLED')
          .where('v.start_at', '>=', facts.yearStart)
          .where('v.start_at', '<', facts.yearEnd)
          .as('due_this_year'),
        visits()
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('v.plan_attention', 'is not', null)
          .where('v.lifecycle', '=', 'OPEN')
          .where('v.assignee_key', 'is', null)
          .as('needs_attention'),
      ];
    })
    .where('p.tenant_id', '=', tenantId);
}
export type PlanListRow = Awaited<ReturnType<ReturnType<typeof planListQuery>['execute']>>[number];

/** Names of the people a visit template names, for the answer. */
export async function assigneeNames(db: Db, tenantId: string, userIds: string[], subIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length)
    for (const u of await db.selectFrom('users').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute())
      names.set(u.id, u.name);
  if (subIds.length)
    for (const s of await db.selectFrom('subcontractors').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', subIds).execute())
      names.set(s.id, s.name);
  return names;
}

/** The plan's visits (tasks as v) with their technician (u) and subcontractor (s), for their names. */
function visitsOfPlan(db: Db, tenantId: string, planId: string) {
  return db
    .selectFrom('tasks as v')
    .leftJoin('users as u', (on) => on.onRef('u.id', '=', 'v.assigned_user_id').onRef('u.tenant_id', '=', 'v.tenant_id'))
    .leftJoin('subcontractors as s', (on) => on.onRef('s.id', '=', 'v.assigned_subcontractor_id').onRef('s.tenant_id', '=', 'v.tenant_id'))
    .where('v.tenant_id', '=', tenantId)
    .where('v.plan_id', '=', planId);
}

/** A plan's visits from now (soonest first) or before now (latest first), a page at a time. */
export async function listPlanVisits(db: Db, tenantId: string, planId: string, q: { when: 'upcoming' | 'past'; page: number; limit: number }, now: string) {
  const base = visitsOfPlan(db, tenantId, planId).where('v.start_at', q.when === 'upcoming' ? '>=' : '<', now);
  const [rows, total] = await Promise.all([
    base
      .select([
        'v.id',
        'v.task_number',
        'v.plan_occurrence',
        'v.start_at',
        'v.expected_end_at',
        'v.lifecycle',
        'v.assigned_to',
        'v.assignee_key',
        'v.plan_attention',
        'u.name as tech_name',
        's.name as sub_name',
      ])
      .orderBy('v.start_at', q.when === 'upcoming' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Un-started visits of the plan from an instant on: what ending or pushing back the plan moves or cancels. */
export function openVisitsFrom(db: Db, tenantId: string, planId: string, from: string) {
  return db
    .selectFrom('tasks')
    .select(['id', 'task_number', 'start_at', 'expected_end_at', 'lifecycle', 'version', 'schedule_version', 'assignee_key', 'assigned_to', 'job_id'])
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('lifecycle', '=', 'OPEN')
    .where('start_at', '>=', from)
    .orderBy('start_at')
    .execute();
}

/** The plan's row at the version read, with a change; false when someone changed it meanwhile. */
export async function updatePlanIf(db: Db, tenantId: string, planId: string, version: number, patch: Partial<ServicePlansTable>): Promise<boolean> {
  const result = await db
    .updateTable('service_plans')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', planId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findPlanListRow(db: Db, tenantId: string, facts: PlanFacts, planId: string) {
  return planListQuery(db, tenantId, facts).where('p.id', '=', planId).executeTakeFirst();
}

export async function planExists(db: Db, tenantId: string, planId: string): Promise<boolean> {
  return !!(await db.selectFrom('service_plans').select('id').where('tenant_id', '=', tenantId).where('id', '=', planId).executeTakeFirst());
}

const ORDER = {
  createdAt: 'p.created_at',
  name: 'p.name',
  planNumber: 'p.plan_number',
  nextVisitAt: 'next_visit_at',
  yearlyValue: 'p.yearly_value_cents',
} as const;

/** A page of plans: search on plan and customer name, status and customer filters, only those needing attention. */
export async function listPlanRows(db: Db, tenantId: string, facts: PlanFacts, q: PlanListQuery): Promise<{ rows: PlanListRow[]; total: number }> {
  let query = planListQuery(db, tenantId, facts);
  if (q.search) {
    const like = `%${q.search.toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(eb.fn('lower', ['p.name']), 'like', like), eb(eb.fn('lower', ['cu.name']), 'like', like)]));
  }
  if (q.status?.length) query = query.where('p.status', 'in', q.status);
  if (q.customerId) query = query.where('p.customer_id', '=', q.customerId);
  if (q.needsAttention)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('tasks as a')
          .select('a.id')
          .whereRef('a.tenant_id', '=', 'p.tenant_id')
          .whereRef('a.plan_id', '=', 'p.id')
          .where('a.plan_attention', 'is not', null)
          .where('a.lifecycle', '=', 'OPEN')
          .where('a.assignee_key', 'is', null),
      ),
    );
  const total = Number(
    (
      await query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const rows = await query
    .orderBy(ORDER[q.orderByKey], q.orderByValue)
    .orderBy('p.id')
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .execute();
  return { rows, total };
}

/** One visit of the plan (another plan's or company's task is none). */
export function findPlanVisit(db: Db, tenantId: string, planId: string, visitId: string) {
  return visitsOfPlan(db, tenantId, planId)
    .select([
      'v.id',
      'v.task_number',
      'v.lifecycle',
      'v.version',
      'v.schedule_version',
      'v.start_at',
      'v.expected_end_at',
      'v.assigned_to',
      'v.assigned_user_id',
      'v.assigned_subcontractor_id',
      'v.assignee_key',
      'v.plan_attention',
      'u.name as tech_name',
      's.name as sub_name',
    ])
    .where('v.id', '=', visitId)
    .executeTakeFirst();
}

/**
 * "This and following": the plan's un-started visits from an instant are cancelled and let go of their occurrence
 * (plan_occurrence null), so the changed rule may generate a visit on the same day again. Answers them for their
 * log entries and reminders.
 */
export function releaseOpenVisitsFrom(db: Db, tenantId: string, planId: string, from: string, at: string) {
  return db
    .updateTable('tasks')
    .set((eb) => ({ lifecycle: 'CANCELLED', plan_occurrence: null, version: eb('version', '+', 1), updated_at: at }))
    .where('tenant_id', '=', tenantId)
    .where('plan_id', '=', planId)
    .where('lifecycle', '=', 'OPEN')
    .where('start_at', '>=', from)
    .returning(['id', 'task_number', 'job_id'])
    .execute();
}

/** The plan's stored yearly value, a figure derived from its terms: not a change of the plan (no version bump). */
export async function setYearlyValue(db: Db, tenantId: string, planId: string, cents: number): Promise<void> {
  await db.updateTable('service_plans').set({ yearly_value_cents: cents }).where('tenant_id', '=', tenantId).where('id', '=', planId).execute();
}
