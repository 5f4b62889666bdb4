import type { Db } from '@fieldwork/db/connection';
import type { Lead } from '@fieldwork/domain/customers/leads.schemas';
import { jobsOfLeads, type LeadRow } from './leads.repository.ts';

/** A lead's `job` is the newest job made from it. */
export async function presentLeads(db: Db, tenantId: string, rows: LeadRow[]): Promise<Lead[]> {
  const jobs = await jobsOfLeads(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  const newest = new Map<string, { id: string; jobNumber: number }>();
  for (const job of jobs) {
    if (job.crm_lead_id && !newest.has(job.crm_lead_id)) newest.set(job.crm_lead_id, { id: job.id, jobNumber: Number(job.job_number) });
  }
  return rows.map((row) => ({
    id: row.id,
    leadNumber: Number(row.lead_number),
    customer: { id: row.customer_id, name: row.customer_name },
    status: row.status as Lead['status'],
    source: row.source as Lead['source'],
    notes: row.notes,
    job: newest.get(row.id) ?? null,
    createdAt: row.created_at,
  }));
}
