import type { Db } from '@fieldwork/db/connection';

/** The job's site contact: who is told that the technician is coming. */
export function findSiteContact(db: Db, tenantId: string, jobId: string) {
  return db
    .selectFrom('jobs')
    .innerJoin('customer_contacts as c', (j) => j.onRef('c.id', '=', 'jobs.site_contact_id').onRef('c.tenant_id', '=', 'jobs.tenant_id'))
    .select(['c.id', 'c.name', 'c.mobile_number', 'c.email', 'jobs.customer_id'])
    .where('jobs.tenant_id', '=', tenantId)
    .where('jobs.id', '=', jobId)
    .executeTakeFirst();
}
