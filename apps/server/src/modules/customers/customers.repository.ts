import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CustomerAddressesTable, CustomerContactsTable, CustomersTable } from '@fieldwork/db/schema';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { CustomerListQuery } from '@fieldwork/domain/customers/customers.schemas';

export type CustomerRow = CustomersTable;
export type AddressRow = CustomerAddressesTable;
export type ContactRow = CustomerContactsTable;

export function findCustomer(db: Db, tenantId: string, customerId: string) {
  return db.selectFrom('customers').selectAll().where('tenant_id', '=', tenantId).where('id', '=', customerId).executeTakeFirst();
}

export async function listCustomers(db: Db, tenantId: string, q: CustomerListQuery): Promise<{ rows: CustomerRow[]; total: number }> {
  let base = db.selectFrom('customers').where('customers.tenant_id', '=', tenantId);
  if (q.status !== 'all') base = base.where('customers.is_active', '=', q.status === 'active' ? 1 : 0);
  if (q.search) base = base.where(containsText('customers.search_text', q.search));
  if (q.tags?.length) {
    const tags = q.tags;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_tags')
          .select('customer_tags.customer_id')
          .whereRef('customer_tags.customer_id', '=', 'customers.id')
          .where('customer_tags.tag_id', 'in', tags),
      ),
    );
  }
  const { limit, offset } = paging(q.page, q.limit);
  const orderColumn = q.orderByKey === 'name' ? sql`lower(${sql.ref('customers.name')})` : sql`${sql.ref('customers.created_at')}`;
  const [rows, count] = await Promise.all([
    base.selectAll('customers').orderBy(orderColumn, q.orderByValue).orderBy('customers.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertCustomer(db: Db, tenantId: string, row: Omit<CustomerRow, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('customers')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/** Version-checked: false when someone else saved the customer first. */
export async function updateCustomerRow(
  db: Db,
  tenantId: string,
  customerId: string,
  version: number,
  patch: Pick<CustomerRow, 'name' | 'email' | 'phone' | 'notes' | 'is_active' | 'search_text' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Current (non-archived) addresses or contacts of many customers in one query, in their saved order. */
function loadCurrentChildren(db: Db, tenantId: string, table: 'customer_addresses' | 'customer_contacts', customerIds: string[]) {
  return db
    .selectFrom(table as 'customer_addresses')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('customer_id', 'in', customerIds)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export function loadAddresses(db: Db, tenantId: string, customerIds: string[]): Promise<AddressRow[]> {
  return customerIds.length ? loadCurrentChildren(db, tenantId, 'customer_addresses', customerIds) : Promise.resolve([]);
}

export function loadContacts(db: Db, tenantId: string, customerIds: string[]): Promise<ContactRow[]> {
  return customerIds.length ? (loadCurrentChildren(db, tenantId, 'customer_contacts', customerIds) as unknown as Promise<ContactRow[]>) : Promise.resolve([]);
}

export function loadCustomerTags(db: Db, tenantId: string, customerIds: string[]) {
  if (customerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('customer_tags')
    .innerJoin('tags', 'tags.id', 'customer_tags.tag_id')
    .select(['customer_tags.customer_id', 'tags.id', 'tags.name'])
    .where('customer_tags.tenant_id', '=', tenantId)
    .where('customer_tags.customer_id', 'in', customerIds)
    .orderBy(sql`lower(${sql.ref('tags.name')})`)
    .execute();
}

/** Every address id the customer ever had, archived ones included, so an edit may bring one back. */
export async function childIdsOf(db: Db, tenantId: string, table: 'customer_addresses' | 'customer_contacts', customerId: string): Promise<Set<string>> {
  const rows = await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('customer_id', '=', customerId).execute();
  return new Set(rows.map((r) => r.id));
}

type AddressFields = Pick<AddressRow, 'address_line1' | 'building_unit' | 'full_address' | 'position'>;
type ContactFields = Pick<ContactRow, 'name' | 'email' | 'mobile_number' | 'is_billing' | 'position'>;

/** Addresses and contacts are both ordered child rows of a customer, archived rather than deleted. */
type ChildTable = 'customer_addresses' | 'customer_contacts';
export type ChildFields = { customer_addresses: AddressFields; customer_contacts: ContactFields };

export async function insertChildren<T extends ChildTable>(
  db: Db,
  tenantId: string,
  table: T,
  customerId: string,
  rows: (ChildFields[T] & { id: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto(table as 'customer_addresses')
    .values(rows.map((r) => ({ ...(r as AddressFields & { id: string }), tenant_id: tenantId, customer_id: customerId, archived_at: null })))
    .execute();
}

export async function updateChild<T extends ChildTable>(
  db: Db,
  tenantId: string,
  table: T,
  customerId: string,
  childId: string,
  fields: ChildFields[T],
): Promise<void> {
  await db
    .updateTable(table as 'customer_addresses')
    .set({ ...(fields as AddressFields), archived_at: null })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('id', '=', childId)
    .execute();
}

/** Archived, never deleted: jobs and tasks keep pointing at the address and contact they were done with. */
export async function archiveChildrenExcept(db: Db, tenantId: string, table: ChildTable, customerId: string, keepIds: string[], now: string): Promise<void> {
  let query = db
    .updateTable(table as 'customer_addresses')
    .set({ archived_at: now })
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('archived_at', 'is', null);
  if (keepIds.length) query = query.where('id', 'not in', keepIds);
  await query.execute();
}

export async function replaceCustomerTags(db: Db, tenantId: string, customerId: string, tagIds: string[]): Promise<void> {
  await db.deleteFrom('customer_tags').where('tenant_id', '=', tenantId).where('customer_id', '=', customerId).execute();
  if (tagIds.length) {
    await db
      .insertInto('customer_tags')
      .values(tagIds.map((tag_id) => ({ tenant_id: tenantId, customer_id: customerId, tag_id })))
      .execute();
  }
}
