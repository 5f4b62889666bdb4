import { sql, type Expression, type Insertable, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { JobsTable } from '@fieldwork/db/schema';
import { paging } from '@fieldwork/db/sql-helpers';
import { jobNumberSearchDigits, type JobListQuery, type JobOrderKey } from '@fieldwork/domain/jobs/jobs.schemas';

export type JobRow = Selectable<JobsTable>;

const ORDER_COLUMN = {
  createdAt: 'jobs.created_at',
  jobNumber: 'jobs.job_number',
  openEstimateAmount: 'jobs.open_estimates_cents',
  dueInvoicesAmount: 'jobs.due_invoices_cents',
  totalCosts: 'jobs.total_cost_cents',
  paidAmount: 'jobs.paid_cents',
  openBalance: 'jobs.open_balance_cents',
} as const satisfies Record<JobOrderKey, string>;

/** Job numbers are integers: "10" as a prefix is the ranges [10,11), [100,110), [1000,1100)… — index-friendly on both dialects. */
function jobNumberPrefixRanges(digits: string): [number, number][] {
  const base = Number(digits);
  const ranges: [number, number][] = [];
  for (let scale = 1, length = digits.length; length <= 10; scale *= 10, length++) ranges.push([base * scale, (base + 1) * scale]);
  return ranges;
}

function listBase(db: Db, tenantId: string, q: JobListQuery) {
  let base = db.selectFrom('jobs').where('jobs.tenant_id', '=', tenantId);
  if (q.status.length) base = base.where('jobs.status', 'in', q.status);
  if (q.customerId) base = base.where('jobs.customer_id', '=', q.customerId);
  // Correlated EXISTS: the list walks its sort index and probes each job's links by primary key, so
  // page 1 stops after a handful of rows instead of gathering every linked job and sorting them.
  if (q.jobZoneIds.length) {
    const zones = q.jobZoneIds;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('job_zones').select('job_zones.job_id').whereRef('job_zones.job_id', '=', 'jobs.id').where('job_zones.zone_id', 'in', zones)),
    );
  }
  if (q.jobTagIds.length) {
    const tags = q.jobTagIds;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('job_tags').select('job_tags.job_id').whereRef('job_tags.job_id', '=', 'jobs.id').where('job_tags.tag_id', 'in', tags)),
    );
  }
  if (q.search) {
    const digits = jobNumberSearchDigits(q.search);
    if (!digits) return base.where(sql<SqlBool>`1 = 0`);
    const ranges = jobNumberPrefixRanges(digits);
    // tenant_id in every term lets SQLite answer each range from the (tenant_id, job_number) index.
    base = base.where((eb) =>
      eb.or(
        ranges.map(([from, to]) =>
          eb.and([eb('jobs.tenant_id', '=', tenantId), eb('jobs.job_number', '>=', from), eb('jobs.job_number', '<', to)]),
        ) as Expression<SqlBool>[],
      ),
    );
  }
  return base;
}

/**
 * The total, answered from the cheapest place that is exact: the per-status counters when only status
 * narrows the list, one index range over the tag or zone links (which carry the job's status) when one
 * kind of link narrows it, and a general count otherwise.
 */
async function countJobs(db: Db, tenantId: string, q: JobListQuery): Promise<number> {
  const narrowedByOther = !!q.search || !!q.customerId;
  if (!narrowedByOther && !q.jobZoneIds.length && !q.jobTagIds.length) {
    const byStatus = await countJobsByStatus(db, tenantId);
    return Object.entries(byStatus).reduce((sum, [status, n]) => sum + (q.status.length === 0 || q.status.includes(status as never) ? n : 0), 0);
  }
  const links =
    q.jobZoneIds.length && !q.jobTagIds.length
      ? { table: 'job_zones' as const, column: 'zone_id' as const, ids: q.jobZoneIds }
      : q.jobTagIds.length && !q.jobZoneIds.length
        ? { table: 'job_tags' as const, column: 'tag_id' as const, ids: q.jobTagIds }
        : null;
  if (!narrowedByOther && links) {
    let query = db
      .selectFrom(links.table as 'job_zones')
      .where('tenant_id', '=', tenantId)
      .where(links.column as 'zone_id', 'in', links.ids);
    if (q.status.length) query = query.where('status', 'in', q.status);
    const distinct = links.ids.length > 1;
    const row = await query.select((eb) => (distinct ? eb.fn.count<number>('job_id').distinct() : eb.fn.countAll<number>()).as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
  if (!narrowedByOther && q.jobZoneIds.length && q.jobTagIds.length) {
    const tags = q.jobTagIds;
    let query = db
      .selectFrom('job_zones')
      .where('job_zones.tenant_id', '=', tenantId)
      .where('job_zones.zone_id', 'in', q.jobZoneIds)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('job_tags').select('job_tags.job_id').whereRef('job_tags.job_id', '=', 'job_zones.job_id').where('job_tags.tag_id', 'in', tags),
        ),
      );
    if (q.status.length) query = query.where('job_zones.status', 'in', q.status);
    const row = await query.select((eb) => eb.fn.count<number>('job_zones.job_id').distinct().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await listBase(db, tenantId, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Below this many matches, gathering the matching jobs and sorting them beats walking the sort index. */
const SPARSE_MATCHES = 2000;

/**
 * Page ids. Dense filters walk the sort index and stop after the page; when link filters (zones, tags)
 * leave few matches, the walk could cover the whole company, so the matches are gathered from the links
 * first and only they are sorted.
 */
function pageIdsQuery(db: Db, tenantId: string, q: JobListQuery, total: number) {
  const { limit, offset } = paging(q.page, q.limit);
  const order = ORDER_COLUMN[q.orderByKey];
  const sparse = total <= SPARSE_MATCHES && (q.jobZoneIds.length > 0 || q.jobTagIds.length > 0);
  if (!sparse) return listBase(db, tenantId, q).select('jobs.id').orderBy(order, q.orderByValue).orderBy('jobs.id', q.orderByValue).limit(limit).offset(offset);
  const links = q.jobZoneIds.length
    ? db
        .selectFrom('job_zones')
        .select('job_zones.job_id as match_id')
        .where('job_zones.tenant_id', '=', tenantId)
        .where('job_zones.zone_id', 'in', q.jobZoneIds)
    : db.selectFrom('job_tags').select('job_tags.job_id as match_id').where('job_tags.tenant_id', '=', tenantId).where('job_tags.tag_id', 'in', q.jobTagIds);
  return listBase(db, tenantId, q)
    .innerJoin(links.distinct().as('matches'), 'matches.match_id', 'jobs.id')
    .select('jobs.id')
    .orderBy(order, q.orderByValue)
    .orderBy('jobs.id', q.orderByValue)
    .limit(limit)
    .offset(offset);
}

export async function listJobs(db: Db, tenantId: string, q: JobListQuery) {
  const order = ORDER_COLUMN[q.orderByKey];
  const total = await countJobs(db, tenantId, q);
  if (total === 0) return { rows: [], total };
  // A derived table, not `id IN (…)`: SQLite plans the IN form as a walk over the whole outer index.
  const rows = await db
    .selectFrom(pageIdsQuery(db, tenantId, q, total).as('page'))
    .innerJoin('jobs', 'jobs.id', 'page.id')
    .innerJoin('customers', 'customers.id', 'jobs.customer_id')
    .leftJoin('users as lead', 'lead.id', 'jobs.job_lead_id')
    .leftJoin('users as sales', 'sales.id', 'jobs.sales_manager_id')
    .selectAll('jobs')
    .select(['customers.name as customer_name', 'lead.name as job_lead_name', 'lead.phone as job_lead_phone', 'sales.name as sales_manager_name'])
    .orderBy(order, q.orderByValue)
    .orderBy('jobs.id', q.orderByValue)
    .execute();
  return { rows, total };
}

export type JobListRow = Awaited<ReturnType<typeof listJobs>>['rows'][number];

export function findJobDetail(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('jobs')
    .innerJoin('customers', 'customers.id', 'jobs.customer_id')
    .innerJoin('customer_addresses as site', 'site.id', 'jobs.site_address_id')
    .leftJoin('customer_addresses as unit', 'unit.id', 'jobs.building_unit_id')
    .leftJoin('customer_contacts as contact', 'contact.id', 'jobs.site_contact_id')
    .leftJoin('customer_contacts as requester', 'requester.id', 'jobs.requester_id')
    .leftJoin('users as lead', 'lead.id', 'jobs.job_lead_id')
    .leftJoin('users as sales', 'sales.id', 'jobs.sales_manager_id')
    .leftJoin('users as creator', 'creator.id', 'jobs.created_by')
    .leftJoin('crm_leads', 'crm_leads.id', 'jobs.crm_lead_id')
    .selectAll('jobs')
    .select([
      'customers.name as customer_name',
      'site.full_address as site_address',
      'unit.building_unit as building_unit',
      'contact.name as site_contact_name',
      'contact.mobile_number as site_contact_mobile',
      'requester.name as requester_name',
      'lead.name as job_lead_name',
      'lead.phone as job_lead_phone',
      'sales.name as sales_manager_name',
      'creator.name as creator_name',
      'crm_leads.lead_number as lead_number',
    ])
    .where('jobs.tenant_id', '=', tenantId)
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}

export type JobDetailRow = NonNullable<Awaited<ReturnType<typeof findJobDetail>>>;

export async function loadJobTagsAndZones(db: Db, tenantId: string, jobIds: string[]) {
  if (jobIds.length === 0) return { tags: [], zones: [] };
  const [tags, zones] = await Promise.all([
    db
      .selectFrom('job_tags')
      .innerJoin('tags', 'tags.id', 'job_tags.tag_id')
      .select(['job_tags.job_id', 'tags.id', 'tags.name'])
      .where('job_tags.tenant_id', '=', tenantId)
      .where('job_tags.job_id', 'in', jobIds)
      .orderBy('tags.name')
      .execute(),
    db
      .selectFrom('job_zones')
      .innerJoin('zones', 'zones.id', 'job_zones.zone_id')
      .select(['job_zones.job_id', 'zones.id', 'zones.name'])
      .where('job_zones.tenant_id', '=', tenantId)
      .where('job_zones.job_id', 'in', jobIds)
      .orderBy('zones.name')
      .execute(),
  ]);
  return { tags, zones };
}

export async function insertJob(db: Db, tenantId: string, row: Omit<Insertable<JobsTable>, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

type EditableJob = Pick<
  JobRow,
  | 'name'
  | 'description'
  | 'site_address_id'
  | 'building_unit_id'
  | 'site_contact_id'
  | 'requester_id'
  | 'job_lead_id'
  | 'sales_manager_id'
  | 'crm_lead_id'
  | 'updated_at'
>;

/** Version-checked: false when someone else saved the job first. */
export async function updateJobRow(db: Db, tenantId: string, jobId: string, version: number, patch: EditableJob): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceJobTagsAndZones(db: Db, tenantId: string, jobId: string, status: string, tagIds: string[], zoneIds: string[]): Promise<void> {
  await db.deleteFrom('job_tags').where('tenant_id', '=', tenantId).where('job_id', '=', jobId).execute();
  await db.deleteFrom('job_zones').where('tenant_id', '=', tenantId).where('job_id', '=', jobId).execute();
  if (tagIds.length)
    await db
      .insertInto('job_tags')
      .values(tagIds.map((tag_id) => ({ tenant_id: tenantId, job_id: jobId, tag_id, status })))
      .execute();
  if (zoneIds.length)
    await db
      .insertInto('job_zones')
      .values(zoneIds.map((zone_id) => ({ tenant_id: tenantId, job_id: jobId, zone_id, status })))
      .execute();
}

/** Kept by triggers (migration 0002), so this is one tiny read however many jobs a company has. */
export async function countJobsByStatus(db: Db, tenantId: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('job_counts').select(['status', 'n']).where('tenant_id', '=', tenantId).execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * A status change only from the status the caller read: of two racing changes one moves the row and the
 * other finds 0 rows. On PostgreSQL the winner holds the job's row lock until it commits.
 */
export async function setJobStatusIf(db: Db, tenantId: string, jobId: string, from: string, to: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ status: to, version: eb('version', '+', 1), updated_at: at }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', jobId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
