import type { Insertable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CostsTable } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';
import { BUDGET_ESTIMATE_STATUSES, type CostType } from '@fieldwork/domain/jobs/costs.rules';

/** Every query takes the tenant first and filters on it: another company's id reads as missing. */

export function costQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('costs as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('vehicles as v', 'v.id', 'c.vehicle_id')
    .leftJoin('subcontractors as s', 's.id', 'c.subcontractor_id')
    .leftJoin('users as creator', 'creator.id', 'c.created_by')
    .leftJoin('tasks as t', (j) => j.onRef('t.id', '=', 'c.task_id').on('t.tenant_id', '=', tenantId))
    .leftJoin('estimates as est', (j) => j.onRef('est.id', '=', 'c.estimate_id').on('est.tenant_id', '=', tenantId))
    .leftJoin('invoices as inv', (j) => j.onRef('inv.id', '=', 'c.invoice_id').on('inv.tenant_id', '=', tenantId))
    .selectAll('c')
    .select(['u.name as user_name', 'v.name as vehicle_name', 's.name as subcontractor_name', 'creator.name as creator_name'])
    .select(['t.task_number as task_number', 't.name as task_name', 'est.estimate_number as estimate_number', 'inv.invoice_number as invoice_number'])
    .where('c.tenant_id', '=', tenantId);
}
export type CostRow = Awaited<ReturnType<ReturnType<typeof costQuery>['executeTakeFirstOrThrow']>>;

export function findCost(db: Db, tenantId: string, id: string): Promise<CostRow | undefined> {
  return costQuery(db, tenantId).where('c.id', '=', id).executeTakeFirst();
}

export type CostFilter = {
  costType?: CostType | undefined;
  costFor?: string | undefined;
  jobId?: string | undefined;
  taskId?: string | undefined;
  estimateId?: string | undefined;
  invoiceId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

function filtered(db: Db, tenantId: string, f: CostFilter) {
  let q = costQuery(db, tenantId);
  if (f.costType) q = q.where('c.cost_type', '=', f.costType);
  if (f.costFor) q = q.where('c.cost_for', '=', f.costFor);
  if (f.jobId) q = q.where('c.job_id', '=', f.jobId);
  if (f.taskId) q = q.where('c.task_id', '=', f.taskId);
  if (f.estimateId) q = q.where('c.estimate_id', '=', f.estimateId);
  if (f.invoiceId) q = q.where('c.invoice_id', '=', f.invoiceId);
  if (f.from) q = q.where('c.cost_date', '>=', f.from);
  if (f.to) q = q.where('c.cost_date', '<=', f.to);
  return q;
}

export async function listCosts(db: Db, tenantId: string, f: CostFilter, page: number, limit: number): Promise<{ rows: CostRow[]; total: number }> {
  const p = paging(page, limit);
  const base = filtered(db, tenantId, f);
  const [rows, count] = await Promise.all([
    base.orderBy('c.cost_date', 'desc').orderBy('c.created_at', 'desc').orderBy('c.id').limit(p.limit).offset(p.offset).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The export: every matching cost, oldest first, bounded so one request cannot pull a whole company. */
export const EXPORT_LIMIT = 10_000;
export function allCosts(db: Db, tenantId: string, f: CostFilter): Promise<CostRow[]> {
  return filtered(db, tenantId, f).orderBy('c.cost_date').orderBy('c.created_at').orderBy('c.id').limit(EXPORT_LIMIT).execute();
}

export async function insertCost(db: Db, tenantId: string, row: Omit<Insertable<CostsTable>, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('costs')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/** Version-checked: false when someone else saved (or deleted) the cost first. */
export async function updateCostRow(db: Db, tenantId: string, id: string, version: number, patch: Partial<CostsTable>): Promise<boolean> {
  const result = await db
    .updateTable('costs')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteCostRow(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('costs').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Count and sum per type of one job's actual costs, or of the estimated costs of its approved estimates. */
export async function jobCostSums(db: Db, tenantId: string, jobId: string) {
  const actual = await db
    .selectFrom('costs')
    .select((eb) => ['cost_type', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount_cents').as('cents')])
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('cost_for', '=', 'JOB')
    .groupBy('cost_type')
    .execute();
  const estimated = await db
    .selectFrom('costs as c')
    .innerJoin('estimates as e', 'e.id', 'c.estimate_id')
    .select((eb) => ['c.cost_type', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('c.amount_cents').as('cents')])
    .where('c.tenant_id', '=', tenantId)
    .where('e.tenant_id', '=', tenantId)
    .where('e.job_id', '=', jobId)
    .where('e.status', 'in', BUDGET_ESTIMATE_STATUSES)
    .where('c.cost_for', '=', 'ESTIMATE')
    .groupBy('c.cost_type')
    .execute();
  return { actual, estimated };
}

/** Revenue inputs: the non-void invoices' subtotal (null when none), and the approved estimates' (null when none). */
export async function jobRevenue(db: Db, tenantId: string, jobId: string): Promise<{ invoiced: number | null; approved: number | null }> {
  const inv = await db
    .selectFrom('invoices')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('sub_total_cents').as('cents')])
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('status', '<>', 'VOID')
    .executeTakeFirstOrThrow();
  const est = await db
    .selectFrom('estimates')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('sub_total_cents').as('cents')])
    .where('tenant_id', '=', tenantId)
    .where('job_id', '=', jobId)
    .where('status', 'in', BUDGET_ESTIMATE_STATUSES)
    .executeTakeFirstOrThrow();
  return { invoiced: Number(inv.n) > 0 ? Number(inv.cents) : null, approved: Number(est.n) > 0 ? Number(est.cents) : null };
}

export function findJobRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('jobs').select(['id', 'status']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
export function findEstimateRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('estimates').select(['id', 'job_id', 'status']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
export function findInvoiceRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('invoices').select(['id', 'job_id']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
export function findUserRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('users').select(['id', 'name', 'cost_rate_cents']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
export function findVehicleRef(db: Db, tenantId: string, id: string) {
  return db
    .selectFrom('vehicles')
    .select(['id', 'name', 'hourly_cost_cents', 'mile_cost_cents'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export function findSubcontractorRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('subcontractors').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
export function findBidRef(db: Db, tenantId: string, id: string) {
  return db.selectFrom('bid_requests').select(['id', 'subcontractor_id']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export type ActivityRef = {
  id: string;
  task_id: string;
  user_id: string | null;
  vehicle_id: string | null;
  start_time: string;
  end_time: string | null;
  assistants: string[];
};

export async function findActivityRef(db: Db, tenantId: string, id: string): Promise<ActivityRef | undefined> {
  const row = await db
    .selectFrom('task_activities')
    .select(['id', 'task_id', 'user_id', 'vehicle_id', 'start_time', 'end_time'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const assistants = await db
    .selectFrom('task_activity_assistants')
    .select('user_id')
    .where('tenant_id', '=', tenantId)
    .where('activity_id', '=', id)
    .execute();
  return { ...row, assistants: assistants.map((a) => a.user_id) };
}

/** A task's finished work periods with who worked them (user and assistants, with cost rates) and the vehicle used. */
export async function finishedActivities(db: Db, tenantId: string, taskId: string) {
  const periods = await db
    .selectFrom('task_activities as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('vehicles as v', 'v.id', 'a.vehicle_id')
    .select([
      'a.id',
      'a.user_id',
      'a.vehicle_id',
      'a.start_time',
      'a.end_time',
      'u.name as user_name',
      'u.cost_rate_cents',
      'v.name as vehicle_name',
      'v.hourly_cost_cents',
      'v.mile_cost_cents',
    ])
    .where('a.tenant_id', '=', tenantId)
    .where('a.task_id', '=', taskId)
    .where('a.end_time', 'is not', null)
    .orderBy('a.start_time')
    .orderBy('a.id')
    .execute();
  const ids = periods.map((p) => p.id);
  const assistants = ids.length
    ? await db
        .selectFrom('task_activity_assistants as x')
        .innerJoin('users as u', 'u.id', 'x.user_id')
        .select(['x.activity_id', 'x.user_id', 'u.name', 'u.cost_rate_cents'])
        .where('x.tenant_id', '=', tenantId)
        .where('x.activity_id', 'in', ids)
        .orderBy('u.name')
        .execute()
    : [];
  const costed = ids.length
    ? await db
        .selectFrom('costs')
        .select(['activity_id', 'cost_type', 'user_id', 'vehicle_id'])
        .where('tenant_id', '=', tenantId)
        .where('activity_id', 'in', ids)
        .execute()
    : [];
  return { periods, assistants, costed };
}
