import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { Database } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';
import { OPEN_BID_STATUSES, type BidStatus } from '@fieldwork/domain/tasks/bids.schemas';

/** A bid with what a list shows of its task (number, name, schedule, job number, customer, site address). */
export function bidViewQuery(db: Db, tenantId: string) {
  return db
    .selectFrom('bid_requests as bid')
    .innerJoin('tasks', 'tasks.id', 'bid.task_id')
    .innerJoin('jobs', 'jobs.id', 'tasks.job_id')
    .innerJoin('customers', 'customers.id', 'tasks.customer_id')
    .innerJoin('subcontractors as sub', 'sub.id', 'bid.subcontractor_id')
    .leftJoin('customer_addresses as site', 'site.id', 'jobs.site_address_id')
    .where('bid.tenant_id', '=', tenantId)
    .select([
      'bid.id',
      'bid.task_id',
      'bid.subcontractor_id',
      'bid.status',
      'bid.amount_cents',
      'bid.note',
      'bid.earliest_start_at',
      'bid.answered_at',
      'bid.created_at',
      'bid.updated_at',
      'bid.version',
      'sub.name as sub_name',
      'sub.user_id as sub_user_id',
      'tasks.task_number',
      'tasks.name as task_name',
      'tasks.start_at',
      'tasks.expected_end_at',
      'tasks.job_id',
      'jobs.job_number',
      'customers.name as customer_name',
      'site.full_address as site_address',
    ]);
}

export type BidViewRow = Awaited<ReturnType<ReturnType<typeof bidViewQuery>['execute']>>[number];

export function findBidView(db: Db, tenantId: string, bidId: string): Promise<BidViewRow | undefined> {
  return bidViewQuery(db, tenantId).where('bid.id', '=', bidId).executeTakeFirst();
}

/** A task's bids by subcontractor name. */
export function listTaskBids(db: Db, tenantId: string, taskId: string): Promise<BidViewRow[]> {
  return bidViewQuery(db, tenantId).where('bid.task_id', '=', taskId).orderBy('sub.name').orderBy('bid.id').execute();
}

export type BidFilter = { subcontractorId?: string | undefined; status?: BidStatus | undefined; taskId?: string | undefined };

/** A page of bids, newest first, over the (tenant, subcontractor, status, created) and (tenant, task) indexes. */
export async function listBidsPage(db: Db, tenantId: string, filter: BidFilter, page: number, limit: number): Promise<{ rows: BidViewRow[]; total: number }> {
  const { limit: take, offset } = paging(page, limit);
  const rows = await bidViewQuery(db, tenantId)
    .$if(Boolean(filter.subcontractorId), (q) => q.where('bid.subcontractor_id', '=', filter.subcontractorId!))
    .$if(Boolean(filter.status), (q) => q.where('bid.status', '=', filter.status!))
    .$if(Boolean(filter.taskId), (q) => q.where('bid.task_id', '=', filter.taskId!))
    .orderBy('bid.created_at', 'desc')
    .orderBy('bid.id', 'desc')
    .limit(take)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('bid_requests as bid')
    .where('bid.tenant_id', '=', tenantId)
    .$if(Boolean(filter.subcontractorId), (q) => q.where('bid.subcontractor_id', '=', filter.subcontractorId!))
    .$if(Boolean(filter.status), (q) => q.where('bid.status', '=', filter.status!))
    .$if(Boolean(filter.taskId), (q) => q.where('bid.task_id', '=', filter.taskId!))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Active subcontractors of the tenant among the ids, with their names. */
export function findActiveSubcontractors(db: Db, tenantId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('subcontractors').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids).where('is_active', '=', 1).execute();
}

/**
 * One REQUESTED bid per subcontractor that has none on the task yet (a repeat is a no-op through the
 * unique (task, subcontractor) constraint). Returns the ids of all of their bids on the task and which
 * subcontractors were newly asked.
 */
export async function insertBidRequests(
  trx: Db,
  tenantId: string,
  taskId: string,
  subcontractorIds: string[],
  actorId: string,
  at: string,
): Promise<{ bidIds: string[]; created: string[] }> {
  const before = await trx
    .selectFrom('bid_requests')
    .select('subcontractor_id')
    .where('tenant_id', '=', tenantId)
    .where('task_id', '=', taskId)
    .where('subcontractor_id', 'in', subcontractorIds)
    .execute();
  const had = new Set(before.map((r) => r.subcontractor_id));
  const fresh = subcontractorIds.filter((id) => !had.has(id));
  if (fresh.length) {
    await trx
      .insertInto('bid_requests')
      .values(
        fresh.map((subcontractorId) => ({
          id: randomUUID(),
          tenant_id: tenantId,
          task_id: taskId,
          subcontractor_id: subcontractorId,
          status: 'REQUESTED',
          amount_cents: null,
          note: null,
          earliest_start_at: null,
          answered_by: null,
          answered_at: null,
          created_by: actorId,
          created_at: at,
          updated_at: at,
          version: 1,
        })),
      )
      .onConflict((oc) => oc.columns(['task_id', 'subcontractor_id']).doNothing())
      .execute();
  }
  const rows = await trx
    .selectFrom('bid_requests')
    .select(['id', 'subcontractor_id'])
    .where('tenant_id', '=', tenantId)
    .where('task_id', '=', taskId)
    .where('subcontractor_id', 'in', subcontractorIds)
    .execute();
  const idOf = new Map(rows.map((r) => [r.subcontractor_id, r.id]));
  return { bidIds: subcontractorIds.map((id) => idOf.get(id)).filter((id): id is string => Boolean(id)), created: fresh };
}

/** A bid's answer or award, only while it is in one of the statuses and at the version read; false otherwise. */
export async function updateBidIf(
  trx: Db,
  tenantId: string,
  bidId: string,
  seen: { version: number; statuses: readonly string[] },
  patch: Updateable<Database['bid_requests']>,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('bid_requests')
    .set({ ...patch, updated_at: at, version: seen.version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', bidId)
    .where('version', '=', seen.version)
    .where('status', 'in', seen.statuses)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Close the task's still-open bids (all but `keep`); returns the closed ones' subcontractor ids and names. */
export async function closeOpenBids(
  trx: Db,
  tenantId: string,
  taskId: string,
  keep: string | null,
  at: string,
): Promise<{ id: string; name: string; subcontractor_id: string }[]> {
  let open = trx
    .selectFrom('bid_requests as bid')
    .innerJoin('subcontractors as sub', 'sub.id', 'bid.subcontractor_id')
    .select(['bid.id', 'sub.name', 'bid.subcontractor_id'])
    .where('bid.tenant_id', '=', tenantId)
    .where('bid.task_id', '=', taskId)
    .where('bid.status', 'in', OPEN_BID_STATUSES);
  if (keep) open = open.where('bid.id', '<>', keep);
  const rows = await open.orderBy('bid.created_at').orderBy('bid.id').execute();
  if (!rows.length) return [];
  await trx
    .updateTable('bid_requests')
    .set((eb) => ({ status: 'CLOSED', updated_at: at, version: eb('version', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('status', 'in', OPEN_BID_STATUSES)
    .execute();
  return rows;
}
