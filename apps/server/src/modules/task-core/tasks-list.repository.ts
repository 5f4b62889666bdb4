import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { Database } from '@fieldwork/db/schema';
import { commonlyNull, containsText, paging, startsWithDigits } from '@fieldwork/db/sql-helpers';
import { jobNumberSearchDigits } from '@fieldwork/domain/jobs/jobs.schemas';
import { WORK_QUEUE_EXCLUDED_LIFECYCLES } from '@fieldwork/domain/scheduling/scheduling.rules';
import type { statusBounds, TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import { boundedTotal, taskCountBound } from '@fieldwork/domain/tasks/task-list-total.rules';
import { taskNumberSearchDigits, type AssignedStatus, type TaskListQuery, type TaskOrderKey } from '@fieldwork/domain/tasks/tasks.schemas';
import { taskViewQuery, type TaskViewRow } from './tasks.repository.ts';

/** Who is asking: field viewers (technicians, subcontractor logins) only ever see rows with their own key. */
export type TaskScope = { tenantId: string; key: string | null; field: boolean };
export type StatusBounds = ReturnType<typeof statusBounds>;

type TasksQuery = SelectQueryBuilder<Database, 'tasks', object>;
type Eb = ExpressionBuilder<Database, 'tasks'>;

const ORDER_COLUMN = {
  createdAt: 'tasks.created_at',
  taskNumber: 'tasks.task_number',
  name: 'tasks.name',
  startDateTime: 'tasks.start_at',
} as const satisfies Record<TaskOrderKey, string>;

/**
 * Still in a work queue: not closed or cancelled (the domain's WORK_QUEUE_EXCLUDED_LIFECYCLES). Written with
 * literals so the planners see the very predicate of the queue tabs' partial indexes (migration 0022).
 */
const inWorkQueue = sql<SqlBool>`${sql.ref('tasks.lifecycle')} not in (${sql.join(WORK_QUEUE_EXCLUDED_LIFECYCLES.map((l) => sql.lit(l)))})`;

/**
 * The rows of a tab, or null when the tab cannot hold any for this viewer. Each tab states exactly the
 * predicate of its partial index (migrations 0003 and 0022), which SQLite needs to pick that index.
 */
export function tabQuery(db: Db, scope: TaskScope, tab: AssignedStatus): TasksQuery | null {
  const base = db.selectFrom('tasks').where('tasks.tenant_id', '=', scope.tenantId);
  if (scope.field) {
    if (!scope.key || (tab !== 'ALL' && tab !== 'ASSIGNED_TO_ME')) return null;
    return base.where('tasks.assignee_key', '=', scope.key);
  }
  switch (tab) {
    case 'ASSIGNED_TO_ME':
      return scope.key ? base.where('tasks.assignee_key', '=', scope.key) : null;
    case 'ASSIGNED_TO_OTHERS': {
      const assigned = base.where('tasks.assignee_key', 'is not', null);
      return scope.key ? assigned.where('tasks.assignee_key', '<>', scope.key) : assigned;
    }
    case 'UNSCHEDULED':
      return base.where(commonlyNull(db, 'tasks.start_at')).where(inWorkQueue);
    case 'UNASSIGNED':
      return base.where('tasks.start_at', 'is not', null).where('tasks.assignee_key', 'is', null).where(inWorkQueue);
    case 'ALL':
      return base;
  }
}

/**
 * A derived status (task-status.ts deriveTaskStatus) as a range over the stored columns, with the instants
 * of statusBounds in the tenant's zone. The status test checks these agree with the function row by row.
 */
export function statusCondition(eb: Eb, status: TaskStatus, b: StatusBounds): Expression<SqlBool> {
  const open = eb('tasks.lifecycle', '=', 'OPEN');
  const assigned = eb('tasks.assignee_key', 'is not', null);
  const started = eb('tasks.start_at', '<=', b.now);
  const noEnd = eb('tasks.expected_end_at', 'is', null);
  switch (status) {
    case 'UNSCHEDULED':
      return eb.and([open, eb('tasks.start_at', 'is', null)]);
    case 'UNASSIGNED':
      return eb.and([open, eb('tasks.start_at', 'is not', null), eb('tasks.assignee_key', 'is', null)]);
    case 'UPCOMING':
      return eb.and([open, assigned, eb('tasks.start_at', '>=', b.startOfTomorrow)]);
    case 'AWAITING_START':
      return eb.and([open, assigned, eb('tasks.start_at', '>', b.now), eb('tasks.start_at', '<', b.startOfTomorrow)]);
    case 'OPEN':
      return eb.and([open, assigned, started, eb.or([eb('tasks.expected_end_at', '>', b.now), eb.and([noEnd, eb('tasks.start_at', '>=', b.startOfToday)])])]);
    case 'MISSED':
      return eb.and([open, assigned, started, eb.or([eb('tasks.expected_end_at', '<=', b.now), eb.and([noEnd, eb('tasks.start_at', '<', b.startOfToday)])])]);
    default:
      return eb('tasks.lifecycle', '=', status);
  }
}

const none = (q: TasksQuery) => q.where(sql<SqlBool>`1 = 0`);

/** Every filter of the list beyond the tab. */
export type TaskFilters = Pick<TaskListQuery, 'jobId' | 'status' | 'tags' | 'zones' | 'search' | 'searchBy'> &
  Partial<Pick<TaskListQuery, 'assignedTo' | 'customerId'>>;

export function applyFilters(db: Db, scope: TaskScope, query: TasksQuery, q: TaskFilters, bounds: StatusBounds): TasksQuery {
  let out = query;
  if (q.assignedTo) out = out.where('tasks.assigned_to', '=', q.assignedTo);
  if (q.jobId) out = out.where('tasks.job_id', '=', q.jobId);
  if (q.customerId) out = out.where('tasks.customer_id', '=', q.customerId);
  if (q.status.length) {
    const statuses = q.status;
    out = out.where((eb) => eb.or(statuses.map((s) => statusCondition(eb, s, bounds))));
  }
  if (q.tags.length) {
    const tags = q.tags;
    out = out.where((eb) =>
      eb.exists(eb.selectFrom('job_tags').select('job_tags.job_id').whereRef('job_tags.job_id', '=', 'tasks.job_id').where('job_tags.tag_id', 'in', tags)),
    );
  }
  if (q.zones.length) {
    const zones = q.zones;
    out = out.where((eb) =>
      eb.exists(
        eb.selectFrom('job_zones').select('job_zones.job_id').whereRef('job_zones.job_id', '=', 'tasks.job_id').where('job_zones.zone_id', 'in', zones),
      ),
    );
  }
  const term = q.search?.trim();
  if (term) {
    if (q.searchBy === 'name') out = out.where(containsText('tasks.name', term));
    else if (q.searchBy === 'taskNumber') {
      const digits = taskNumberSearchDigits(term);
      out = digits ? out.where(startsWithDigits('tasks.task_number_text', digits)) : none(out);
    } else if (q.searchBy === 'jobNumber') {
      const jobs = jobsNumbered(db, scope, term);
      out = jobs ? out.where('tasks.job_id', 'in', jobs) : none(out);
    } else {
      // 'any': a name match, or — when the input reads as a number ("1042", "#1042", "T-1042", "J-77") — a
      // task or job number match. "T-" only means a task and "J-" only a job, as in the single-field searches.
      const taskDigits = taskNumberSearchDigits(term);
      const jobs = jobsNumbered(db, scope, term);
      out = out.where((eb) =>
        eb.or([
          containsText('tasks.name', term),
          ...(taskDigits ? [startsWithDigits('tasks.task_number_text', taskDigits)] : []),
          ...(jobs ? [eb('tasks.job_id', 'in', jobs)] : []),
        ]),
      );
    }
  }
  return out;
}

/** The ids of this tenant's jobs whose number starts with the input's digits, or null when it is not a job number. */
function jobsNumbered(db: Db, scope: TaskScope, term: string) {
  const digits = jobNumberSearchDigits(term);
  return digits
    ? db.selectFrom('jobs').select('jobs.id').where('jobs.tenant_id', '=', scope.tenantId).where(startsWithDigits('jobs.job_number_text', digits))
    : null;
}

export function hasFilters(q: TaskListQuery): boolean {
  return !!q.assignedTo || !!q.search?.trim() || !!q.jobId || !!q.customerId || q.status.length > 0 || q.tags.length > 0 || q.zones.length > 0;
}

/**
 * How many tasks are MISSED now (statusCondition's MISSED, counted): open and assigned, past their expected end,
 * or without one and started before today. Tasks that became MISSED before today's UTC day come from
 * task_due_counts (migration 0032: per UTC day of the expected end, or of the start when there is none), about a
 * thousand rows for three years; today's part comes from the tasks index, a day's entries at most. Counting the
 * whole set over the index read 125,000 entries at 2M tasks: 24 ms of SQL on PostgreSQL, 20 on SQLite.
 */
export async function countMissedTasks(db: Db, tenantId: string, b: StatusBounds): Promise<number> {
  const endDay = b.now.slice(0, 10);
  const startDay = b.startOfToday.slice(0, 10);
  const dueBefore = (family: 'end' | 'start', day: string) =>
    db
      .selectFrom('task_due_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
      .where('tenant_id', '=', tenantId)
      .where('key', '>', `${family}:`)
      .where('key', '<', `${family}:${day}`);
  const openAssigned = db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tasks.tenant_id', '=', tenantId)
    .where('tasks.lifecycle', '=', 'OPEN')
    .where('tasks.assignee_key', 'is not', null);
  const row = await db
    .selectNoFrom([
      dueBefore('end', endDay).as('ended_before'),
      openAssigned
        .where('tasks.expected_end_at', '>=', `${endDay}T00:00:00.000Z`)
        .where('tasks.expected_end_at', '<=', b.now)
        .where('tasks.start_at', '<=', b.now)
        .as('ended_today'),
      dueBefore('start', startDay).as('started_before'),
      openAssigned
        .where('tasks.expected_end_at', 'is', null)
        .where('tasks.start_at', '>=', `${startDay}T00:00:00.000Z`)
        .where('tasks.start_at', '<', b.startOfToday)
        .as('started_today'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.ended_before) + Number(row.ended_today) + Number(row.started_before) + Number(row.started_today);
}

/** Trigger-kept totals (migration 0003) by key; missing keys are zero. */
export async function readTaskCounts(db: Db, tenantId: string, keys: string[]): Promise<Record<string, number>> {
  const rows = await db.selectFrom('task_counts').select(['key', 'n']).where('tenant_id', '=', tenantId).where('key', 'in', keys).execute();
  const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
  for (const r of rows) out[r.key] = Number(r.n);
  return out;
}

/**
 * A whole tab's size from the counters: one primary-key read however many tasks the company has. The work
 * queues' keys count only tasks that are neither closed nor cancelled (migration 0022), as their rows.
 */
async function countTab(db: Db, scope: TaskScope, tab: AssignedStatus): Promise<number> {
  const mine = `assignee:${scope.key}`;
  if (scope.field || tab === 'ASSIGNED_TO_ME') return (await readTaskCounts(db, scope.tenantId, [mine]))[mine]!;
  if (tab === 'ASSIGNED_TO_OTHERS') {
    const c = await readTaskCounts(db, scope.tenantId, scope.key ? ['assigned', mine] : ['assigned']);
    return c.assigned! - (scope.key ? c[mine]! : 0);
  }
  const key = tab === 'ALL' ? 'all' : tab === 'UNSCHEDULED' ? 'unscheduled' : 'unassigned';
  return (await readTaskCounts(db, scope.tenantId, [key]))[key]!;
}

/**
 * One page of the list: the total (counters for a bare tab, otherwise a count over the same indexed range that
 * stops one row past the domain's bound), then the page's ids from the tab's covering index, then the full rows
 * for just those ids.
 */
export async function listTasks(
  db: Db,
  scope: TaskScope,
  q: TaskListQuery,
  bounds: StatusBounds,
): Promise<{ rows: TaskViewRow[]; total: number; totalIsLowerBound: boolean }> {
  const tab = tabQuery(db, scope, q.assignedStatus);
  if (!tab) return { rows: [], total: 0, totalIsLowerBound: false };
  const filtered = applyFilters(db, scope, tab, q, bounds);
  const counted = hasFilters(q)
    ? await countUpTo(db, filtered, taskCountBound(q.page, q.limit))
    : { total: await countTab(db, scope, q.assignedStatus), totalIsLowerBound: false };
  const { limit, offset } = paging(q.page, q.limit);
  if (counted.total <= offset) return { rows: [], ...counted };
  const order = ORDER_COLUMN[q.orderByKey];
  const page = filtered.select('tasks.id').orderBy(order, q.orderByValue).orderBy('tasks.id', q.orderByValue).limit(limit).offset(offset);
  const rows = await taskViewQuery(db, page).orderBy(order, q.orderByValue).orderBy('tasks.id', q.orderByValue).execute();
  return { rows, ...counted };
}

/** Counts the filtered rows, reading at most `bound + 1` of them from the index. */
async function countUpTo(db: Db, filtered: TasksQuery, bound: number) {
  const matches = filtered
    .select('tasks.id')
    .limit(bound + 1)
    .as('matches');
  const row = await db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return boundedTotal(Number(row.n), bound);
}

/** The clock-in pre-check: newest tasks of one assignee in the given lifecycles. */
export function listAssigneeTasks(db: Db, tenantId: string, key: string, lifecycles: string[], limit: number): Promise<TaskViewRow[]> {
  const ids = db
    .selectFrom('tasks')
    .select('tasks.id')
    .where('tasks.tenant_id', '=', tenantId)
    .where('tasks.assignee_key', '=', key)
    .where('tasks.lifecycle', 'in', lifecycles)
    .orderBy('tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc')
    .limit(limit);
  return taskViewQuery(db, ids).orderBy('tasks.created_at', 'desc').orderBy('tasks.id', 'desc').execute();
}
