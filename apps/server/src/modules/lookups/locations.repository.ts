import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { LocationsTable } from '@fieldwork/db/schema';
import { containsText } from '@fieldwork/db/sql-helpers';

export type LocationRow = LocationsTable;
export type SiteRow = { id: string; name: string; full_address: string };

/** Supplier and user locations; `kinds` null means every kind. */
export function listLocationRows(db: Db, tenantId: string, kinds: string[] | null, search: string | undefined, limit: number): Promise<LocationRow[]> {
  let query = db.selectFrom('locations').selectAll().where('tenant_id', '=', tenantId);
  if (kinds) query = query.where('kind', 'in', kinds);
  if (search) query = query.where((eb) => eb.or([containsText('name', search), containsText('full_address', search)]));
  return query
    .orderBy(sql`lower(${sql.ref('name')})`)
    .orderBy('full_address')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Job sites: current addresses of active customers, named after the customer. */
export function listSiteRows(db: Db, tenantId: string, search: string | undefined, limit: number): Promise<SiteRow[]> {
  let query = db
    .selectFrom('customer_addresses')
    .innerJoin('customers', 'customers.id', 'customer_addresses.customer_id')
    .select(['customer_addresses.id', 'customers.name', 'customer_addresses.full_address'])
    .where('customer_addresses.tenant_id', '=', tenantId)
    .where('customers.tenant_id', '=', tenantId)
    .where('customer_addresses.archived_at', 'is', null)
    .where('customers.is_active', '=', 1);
  if (search) {
    query = query.where((eb) => eb.or([containsText('customers.name', search), containsText('customer_addresses.full_address', search)]));
  }
  return query
    .orderBy(sql`lower(${sql.ref('customers.name')})`)
    .orderBy('customer_addresses.full_address')
    .orderBy('customer_addresses.id')
    .limit(limit)
    .execute();
}

export async function insertLocation(db: Db, tenantId: string, row: Omit<LocationRow, 'tenant_id'>): Promise<void> {
  await db
    .insertInto('locations')
    .values({ ...row, tenant_id: tenantId })
    .execute();
}
