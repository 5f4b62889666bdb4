import type { Db } from '@fieldwork/db/connection';

/** Everything a job form may point at, fetched in parallel and scoped to the tenant (and customer). */
export async function loadJobRefs(
  db: Db,
  tenantId: string,
  customerId: string,
  ids: { addressIds: string[]; contactIds: string[]; userIds: string[]; leadId: string | null; tagIds: string[]; zoneIds: string[] },
) {
  const none = Promise.resolve([] as never[]);
  const [customer, addresses, contacts, users, lead, tags, zones] = await Promise.all([
    db.selectFrom('customers').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', customerId).executeTakeFirst(),
    ids.addressIds.length
      ? db
          .selectFrom('customer_addresses')
          .select(['id', 'full_address', 'building_unit', 'archived_at'])
          .where('tenant_id', '=', tenantId)
          .where('customer_id', '=', customerId)
          .where('id', 'in', ids.addressIds)
          .execute()
      : none,
    ids.contactIds.length
      ? db
          .selectFrom('customer_contacts')
          .select(['id', 'name'])
          .where('tenant_id', '=', tenantId)
          .where('customer_id', '=', customerId)
          .where('id', 'in', ids.contactIds)
          .execute()
      : none,
    ids.userIds.length
      ? db.selectFrom('users').select(['id', 'name', 'status', 'role', 'access']).where('tenant_id', '=', tenantId).where('id', 'in', ids.userIds).execute()
      : none,
    ids.leadId
      ? db
          .selectFrom('crm_leads')
          .select(['id', 'lead_number', 'customer_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', ids.leadId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    ids.tagIds.length ? db.selectFrom('tags').select(['id', 'name', 'type']).where('tenant_id', '=', tenantId).where('id', 'in', ids.tagIds).execute() : none,
    ids.zoneIds.length ? db.selectFrom('zones').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', ids.zoneIds).execute() : none,
  ]);
  return { customer, addresses, contacts, users, lead, tags, zones };
}
