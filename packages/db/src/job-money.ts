import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';

/**
 * The job's money columns (job list: Open Estimates, Due Invoices, Paid Amount / Open Balance; detail counts),
 * recomputed from its estimates and invoices inside the caller's transaction:
 * - open estimates: stored status SENT ("Open"), count and total;
 * - due invoices: status SENT, count and unpaid amount; open balance: the unpaid amount of SENT invoices;
 * - paid: payments of its non-void invoices; estimate_count / invoice_count: all its documents.
 *
 * The job row is locked first (PostgreSQL: FOR UPDATE; SQLite transactions are already serial), so the
 * recomputing statement — a new snapshot under READ COMMITTED — sees every change committed before it.
 */
export async function refreshJobMoney(trx: Db, tenantId: string, jobId: string | null, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (!jobId) return;
  if (dialect === 'postgres') await sql`select id from jobs where tenant_id = ${tenantId} and id = ${jobId} for update`.execute(trx);
  await sql`
    update jobs set
      open_estimates_count = (select count(*) from estimates e where e.tenant_id = ${tenantId} and e.job_id = ${jobId} and e.status = 'SENT'),
      open_estimates_cents = (select coalesce(sum(e.total_cents), 0) from estimates e where e.tenant_id = ${tenantId} and e.job_id = ${jobId} and e.status = 'SENT'),
      due_invoices_count = (select count(*) from invoices i where i.tenant_id = ${tenantId} and i.job_id = ${jobId} and i.status = 'SENT'),
      due_invoices_cents = (select coalesce(sum(i.total_cents - i.paid_cents), 0) from invoices i where i.tenant_id = ${tenantId} and i.job_id = ${jobId} and i.status = 'SENT'),
      open_balance_cents = (select coalesce(sum(i.total_cents - i.paid_cents), 0) from invoices i where i.tenant_id = ${tenantId} and i.job_id = ${jobId} and i.status = 'SENT'),
      paid_cents = (select coalesce(sum(i.paid_cents), 0) from invoices i where i.tenant_id = ${tenantId} and i.job_id = ${jobId} and i.status <> 'VOID'),
      estimate_count = (select count(*) from estimates e where e.tenant_id = ${tenantId} and e.job_id = ${jobId}),
      invoice_count = (select count(*) from invoices i where i.tenant_id = ${tenantId} and i.job_id = ${jobId})
    where tenant_id = ${tenantId} and id = ${jobId}`.execute(trx);
}
