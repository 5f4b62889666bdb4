import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CrmLeadsTable } from '@fieldwork/db/schema';
import { containsText, likePattern, paging } from '@fieldwork/db/sql-helpers';
import type { LeadListQuery } from '@fieldwork/domain/customers/leads.schemas';

export type LeadRow = CrmLeadsTable & { customer_name: string };

function leadsWithCustomer(db: Db, tenantId: string) {
  return db
    .selectFrom('crm_leads')
    .innerJoin('customers', (join) => join.onRef('customers.id', '=', 'crm_leads.customer_id').onRef('customers.tenant_id', '=', 'crm_leads.tenant_id'))
    .where('crm_leads.tenant_id', '=', tenantId);
}

/** Search: a number ("12" or "#12") matches lead numbers containing those digits; any text matches customer names. */
export async function listLeads(db: Db, tenantId: string, q: LeadListQuery): Promise<{ rows: LeadRow[]; total: number }> {
  let base = leadsWithCustomer(db, tenantId);
  if (q.status) base = base.where('crm_leads.status', '=', q.status);
  if (q.customerId) base = base.where('crm_leads.customer_id', '=', q.customerId);
  if (q.search) {
    const term = q.search;
    const digits = /^#?\d+$/.test(term) ? term.replace('#', '') : null;
    base = base.where((eb) =>
      eb.or([
        containsText('customers.name', term),
        ...(digits ? [sql<boolean>`cast(${sql.ref('crm_leads.lead_number')} as text) like ${likePattern(digits)} escape '\\'`] : []),
      ]),
    );
  }
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base
      .selectAll('crm_leads')
      .select('customers.name as customer_name')
      .orderBy('crm_leads.created_at', q.orderByValue)
      .orderBy('crm_leads.lead_number', q.orderByValue)
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findLead(db: Db, tenantId: string, leadId: string): Promise<LeadRow | undefined> {
  return leadsWithCustomer(db, tenantId).selectAll('crm_leads').select('customers.name as customer_name').where('crm_leads.id', '=', leadId).executeTakeFirst();
}

export async function insertLead(db: Db, tenantId: string, row: Omit<CrmLeadsTable, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('crm_leads')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}

/** Jobs made from these leads, newest first, in one query for a whole page. */
export function jobsOfLeads(db: Db, tenantId: string, leadIds: string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('jobs')
    .select(['id', 'job_number', 'crm_lead_id'])
    .where('tenant_id', '=', tenantId)
    .where('crm_lead_id', 'in', leadIds)
    .orderBy('created_at', 'desc')
    .orderBy('job_number', 'desc')
    .execute();
}
