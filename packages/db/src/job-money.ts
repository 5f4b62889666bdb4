import { sql, type RawBuilder } from 'kysely';
import type { Db } from './connection.ts';

/**
 * A job's money columns recomputed from its documents, written independently of the triggers of migration 0019
 * that keep them (so a test comparing the two checks the triggers, not one rule against itself):
 * - open estimates: stored status SENT ("Open"), count and total;
 * - due invoices: status SENT, count and unpaid amount; open balance: the unpaid amount of SENT invoices;
 * - paid: payments of its non-void invoices; estimate_count / invoice_count: all its documents.
 */
export const JOB_MONEY_COLUMNS = [
  'open_estimates_count',
  'open_estimates_cents',
  'due_invoices_count',
  'due_invoices_cents',
  'paid_cents',
  'open_balance_cents',
  'estimate_count',
  'invoice_count',
] as const;
export type JobMoneyColumn = (typeof JOB_MONEY_COLUMNS)[number];
export type JobMoney = { id: string } & Record<JobMoneyColumn, number>;

/** Each column as a subquery over the documents of the `jobs` row it stands beside. */
function fromDocuments(): Record<JobMoneyColumn, RawBuilder<number>> {
  const estimates = (what: string, where = sql``) =>
    sql<number>`(select ${sql.raw(what)} from estimates e where e.tenant_id = jobs.tenant_id and e.job_id = jobs.id ${where})`;
  const invoices = (what: string, where = sql``) =>
    sql<number>`(select ${sql.raw(what)} from invoices i where i.tenant_id = jobs.tenant_id and i.job_id = jobs.id ${where})`;
  const sent = (alias: string) => sql.raw(`and ${alias}.status = 'SENT'`);
  return {
    open_estimates_count: estimates('count(*)', sent('e')),
    open_estimates_cents: estimates('coalesce(sum(e.total_cents), 0)', sent('e')),
    due_invoices_count: invoices('count(*)', sent('i')),
    due_invoices_cents: invoices('coalesce(sum(i.total_cents - i.paid_cents), 0)', sent('i')),
    open_balance_cents: invoices('coalesce(sum(i.total_cents - i.paid_cents), 0)', sent('i')),
    paid_cents: invoices('coalesce(sum(i.paid_cents), 0)', sql.raw(`and i.status <> 'VOID'`)),
    estimate_count: estimates('count(*)'),
    invoice_count: invoices('count(*)'),
  };
}

/** What every job of the company should hold, read without writing (numbers, whatever the driver returns). */
export async function recomputeJobMoney(db: Db, tenantId: string): Promise<JobMoney[]> {
  const columns = Object.entries(fromDocuments()).map(([name, expression]) => sql`${expression} as ${sql.ref(name)}`);
  const { rows } = await sql<
    Record<string, unknown>
  >`select jobs.id, ${sql.join(columns)} from jobs where jobs.tenant_id = ${tenantId} order by jobs.id`.execute(db);
  return rows.map((r) => ({ id: String(r.id), ...Object.fromEntries(JOB_MONEY_COLUMNS.map((c) => [c, Number(r[c])])) }) as JobMoney);
}

/** What every job of the company holds now, in the same shape. */
export async function keptJobMoney(db: Db, tenantId: string): Promise<JobMoney[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['id', ...JOB_MONEY_COLUMNS])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, ...Object.fromEntries(JOB_MONEY_COLUMNS.map((c) => [c, Number(r[c])])) }) as JobMoney);
}

/**
 * Writes the recomputed columns over a company's jobs: after a bulk load that ran with the triggers off, or inside
 * a rolled-back transaction to compare. Not for live writes (those move the columns through the triggers).
 */
export async function rebuildJobMoney(db: Db, tenantId: string): Promise<void> {
  const sets = Object.entries(fromDocuments()).map(([name, expression]) => sql`${sql.ref(name)} = ${expression}`);
  await sql`update jobs set ${sql.join(sets)} where tenant_id = ${tenantId}`.execute(db);
}
