import type { Db } from '@fieldwork/db/connection';
import type { Lead } from '@fieldwork/domain/customers/leads.schemas';
import { jobsOfLeads, type LeadRow } from './leads.repository.ts';
import { photosOfLeads } from './lead-photos.repository.ts';

/** A lead's `job` is the newest job made from it; its photos are served one by one through the lead. */
export async function presentLeads(db: Db, tenantId: string, rows: LeadRow[]): Promise<Lead[]> {
  const ids = rows.map((r) => r.id);
  const [jobs, photos] = await Promise.all([jobsOfLeads(db, tenantId, ids), photosOfLeads(db, tenantId, ids)]);
  const photosOf = new Map<string, Lead['photos']>();
  for (const p of photos) {
    const list = photosOf.get(p.lead_id) ?? [];
    list.push({ id: p.file_id, url: `/api/leads/${p.lead_id}/photos/${p.file_id}` });
    photosOf.set(p.lead_id, list);
  }
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
    photos: photosOf.get(row.id) ?? [],
    createdAt: row.created_at,
  }));
}
