import { sql } from 'kysely';
import { dialectOf } from '@fieldwork/db/bulk-insert';
import type { Db } from '@fieldwork/db/connection';
import type { ReceptionistCallsTable } from '@fieldwork/db/schema-dashboard';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { CallOutcome } from '@fieldwork/domain/ai/receptionist.schemas';

export type CallRow = ReceptionistCallsTable & {
  lead_number: number | null;
  lead_customer_name: string | null;
  job_number: number | null;
  job_name: string | null;
};

/** Calls with their lead (and the lead's customer) and job, tenant-scoped on every join. */
function callsWithLinks(db: Db, tenantId: string) {
  return db
    .selectFrom('receptionist_calls as c')
    .leftJoin('crm_leads as l', (j) => j.onRef('l.id', '=', 'c.lead_id').on('l.tenant_id', '=', tenantId))
    .leftJoin('customers as lc', (j) => j.onRef('lc.id', '=', 'l.customer_id').on('lc.tenant_id', '=', tenantId))
    .leftJoin('jobs as j', (j) => j.onRef('j.id', '=', 'c.job_id').on('j.tenant_id', '=', tenantId))
    .where('c.tenant_id', '=', tenantId);
}

const selected = (q: ReturnType<typeof callsWithLinks>) =>
  q.selectAll('c').select(['l.lead_number as lead_number', 'lc.name as lead_customer_name', 'j.job_number as job_number', 'j.name as job_name']);

export function findCall(db: Db, tenantId: string, callId: string): Promise<CallRow | undefined> {
  return selected(callsWithLinks(db, tenantId)).where('c.id', '=', callId).executeTakeFirst();
}

export function findCallByExternalId(db: Db, tenantId: string, externalCallId: string): Promise<CallRow | undefined> {
  return selected(callsWithLinks(db, tenantId)).where('c.external_call_id', '=', externalCallId).executeTakeFirst();
}

/** Inserts unless (tenant, external call id) exists: the unique index settles any race. True when inserted. */
export async function insertCallIfAbsent(db: Db, row: ReceptionistCallsTable): Promise<boolean> {
  const result = await db
    .insertInto('receptionist_calls')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'external_call_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export type CallFilter = { page: number; limit: number; outcome?: CallOutcome; start?: string; end?: string; search?: string };

export async function listCalls(db: Db, tenantId: string, f: CallFilter): Promise<{ rows: CallRow[]; total: number }> {
  let base = callsWithLinks(db, tenantId);
  if (f.outcome) base = base.where('c.outcome', '=', f.outcome);
  if (f.start) base = base.where('c.started_at', '>=', f.start);
  if (f.end) base = base.where('c.started_at', '<', f.end);
  if (f.search) {
    const term = f.search;
    base = base.where((eb) => eb.or([containsText('c.caller_name', term), containsText('c.caller_number', term)]));
  }
  const { limit, offset } = paging(f.page, f.limit);
  const [rows, count] = await Promise.all([
    selected(base).orderBy('c.started_at', 'desc').orderBy('c.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Calls per company day and outcome, with their summed durations. The days' [start, end) instants come from
 * the caller (computed in the company's zone), so the SQL does no date math: one covering-index range
 * (tenant_id, started_at, outcome, duration_seconds) per day, whatever the zone's offset or DST.
 */
export async function callCountsByDay(
  db: Db,
  tenantId: string,
  days: readonly { start: string; end: string }[],
): Promise<{ dayIndex: number; outcome: string; n: number; seconds: number }[]> {
  if (!days.length) return [];
  const instant = (v: string) => (dialectOf(db) === 'postgres' ? sql`cast(${v} as timestamptz)` : sql`${v}`);
  const values = sql.join(days.map((d, i) => sql`(${i}, ${instant(d.start)}, ${instant(d.end)})`));
  const r = await sql<{ day_index: number; outcome: string; n: number; seconds: number }>`
    with days(day_index, day_start, day_end) as (values ${values})
    select d.day_index, c.outcome, count(*) as n, sum(c.duration_seconds) as seconds
    from days d join receptionist_calls c on c.tenant_id = ${tenantId} and c.started_at >= d.day_start and c.started_at < d.day_end
    group by d.day_index, c.outcome`.execute(db);
  return r.rows.map((x) => ({ dayIndex: Number(x.day_index), outcome: x.outcome, n: Number(x.n), seconds: Number(x.seconds) }));
}

export async function leadExists(db: Db, tenantId: string, leadId: string): Promise<boolean> {
  return !!(await db.selectFrom('crm_leads').select('id').where('tenant_id', '=', tenantId).where('id', '=', leadId).executeTakeFirst());
}

export async function jobExists(db: Db, tenantId: string, jobId: string): Promise<boolean> {
  return !!(await db.selectFrom('jobs').select('id').where('tenant_id', '=', tenantId).where('id', '=', jobId).executeTakeFirst());
}
