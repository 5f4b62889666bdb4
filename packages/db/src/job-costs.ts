import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';

/**
 * The job's cost columns (job list: Total Costs; detail: the Costs tab count), recomputed from its actual
 * (JOB) costs inside the caller's transaction. The job row is locked first on PostgreSQL so the recomputing
 * statement sees every change committed before it; call this BEFORE writing the cost row, so two concurrent
 * cost changes on one job queue behind each other's lock.
 */
export async function lockJobForCosts(trx: Db, tenantId: string, jobId: string | null, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (jobId && dialect === 'postgres') await sql`select id from jobs where tenant_id = ${tenantId} and id = ${jobId} for update`.execute(trx);
}

export async function refreshJobCosts(trx: Db, tenantId: string, jobId: string | null): Promise<void> {
  if (!jobId) return;
  await sql`
    update jobs set
      total_cost_cents = (select coalesce(sum(c.amount_cents), 0) from costs c where c.tenant_id = ${tenantId} and c.job_id = ${jobId} and c.cost_for = 'JOB'),
      cost_count = (select count(*) from costs c where c.tenant_id = ${tenantId} and c.job_id = ${jobId} and c.cost_for = 'JOB')
    where tenant_id = ${tenantId} and id = ${jobId}`.execute(trx);
}

/** An estimate's estimated cost (its margin fields), from its ESTIMATE costs; same locking rule as above. */
export async function lockEstimateForCosts(trx: Db, tenantId: string, estimateId: string | null, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (estimateId && dialect === 'postgres') await sql`select id from estimates where tenant_id = ${tenantId} and id = ${estimateId} for update`.execute(trx);
}

export async function refreshEstimateCosts(trx: Db, tenantId: string, estimateId: string | null): Promise<void> {
  if (!estimateId) return;
  await sql`
    update estimates set
      estimated_cost_cents = (select coalesce(sum(c.amount_cents), 0) from costs c where c.tenant_id = ${tenantId} and c.estimate_id = ${estimateId} and c.cost_for = 'ESTIMATE')
    where tenant_id = ${tenantId} and id = ${estimateId}`.execute(trx);
}
