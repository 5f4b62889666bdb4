import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nextNumber } from '@fieldwork/db/counters';
import { buildCustomer } from '@fieldwork/testing/factories';

/**
 * Tests only: a job row inserted directly (the jobs module owns the real create), with a customer of the
 * same tenant unless one is given. Used by the notes, media and leads tests.
 */
export async function insertTestJob(
  db: Db,
  tenantId: string,
  o: { status?: 'OPEN' | 'CLOSED' | 'CANCELLED'; customer?: { id: string; addressId: string }; crmLeadId?: string; createdAt?: string; name?: string } = {},
): Promise<{ id: string; jobNumber: number }> {
  const customer = o.customer ?? (await buildCustomer(db, tenantId));
  const id = randomUUID();
  const at = o.createdAt ?? new Date().toISOString();
  const jobNumber = await db.transaction().execute(async (trx) => {
    const n = await nextNumber(trx, tenantId, 'job');
    await trx
      .insertInto('jobs')
      .values({
        id, tenant_id: tenantId, job_number: n, job_number_text: String(n), name: o.name ?? `Job ${n}`, description: null,
        status: o.status ?? 'OPEN', customer_id: customer.id, site_address_id: customer.addressId, building_unit_id: null,
        site_contact_id: null, requester_id: null, job_lead_id: null, sales_manager_id: null, crm_lead_id: o.crmLeadId ?? null,
        open_estimates_count: 0, open_estimates_cents: 0, due_invoices_count: 0, due_invoices_cents: 0, paid_cents: 0,
        total_cost_cents: 0, open_balance_cents: 0, task_count: 0, estimate_count: 0, invoice_count: 0, cost_count: 0,
        note_count: 0, media_count: 0, created_by: null, created_at: at, updated_at: at, version: 1,
      })
      .execute();
    return n;
  });
  return { id, jobNumber };
}

export async function setJobStatus(db: Db, jobId: string, status: 'OPEN' | 'CLOSED' | 'CANCELLED'): Promise<void> {
  await db.updateTable('jobs').set({ status }).where('id', '=', jobId).execute();
}

export async function jobCounts(db: Db, jobId: string): Promise<{ note_count: number; media_count: number }> {
  const row = await db.selectFrom('jobs').select(['note_count', 'media_count']).where('id', '=', jobId).executeTakeFirstOrThrow();
  return { note_count: Number(row.note_count), media_count: Number(row.media_count) };
}
