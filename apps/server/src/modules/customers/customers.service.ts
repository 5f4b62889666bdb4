import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { flag, nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import {
  customerSearchText,
  type CreateCustomerBody,
  type Customer,
  type CustomerListQuery,
  type UpdateCustomerBody,
} from '@fieldwork/domain/customers/customers.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { assertTagsOfType } from '../lookups/lookups.service.ts';
import { presentCustomer, presentCustomerListItems } from './customers.presenter.ts';
import {
  archiveChildrenExcept,
  childIdsOf,
  insertChildren,
  updateChild,
  type ChildFields,
  findCustomer,
  insertCustomer,
  listCustomers,
  replaceCustomerTags,
  updateCustomerRow,
} from './customers.repository.ts';

type AddressInput = CreateCustomerBody['customerAddress'][number];
type ContactInput = CreateCustomerBody['contacts'][number];

const NOT_FOUND = 'Customer not found.';
const WRONG_TAG_TYPE = 'Only ACCOUNT tags can be added to a customer.';

const addressFields = (a: AddressInput, position: number) => ({
  address_line1: a.addressLine1,
  building_unit: a.buildingUnit ?? null,
  full_address: a.fullAddress,
  position,
});

const contactFields = (c: ContactInput, position: number) => ({
  name: c.name,
  email: c.email ?? null,
  mobile_number: c.mobileNumber ?? null,
  is_billing: flag(c.isBilling),
  position,
});

const uniqueTagIds = (body: CreateCustomerBody) => [...new Set(body.tags.map((t) => t.id))];

async function requireCustomer(db: Db, tenantId: string, customerId: string) {
  const row = await findCustomer(db, tenantId, customerId);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Ids sent on an edit must be this customer's own rows, each once; any other id reads as missing. */
function assertOwnIds(items: { id?: string | undefined }[], own: Set<string>, notFound: string, duplicate: string): void {
  const seen = new Set<string>();
  for (const { id } of items) {
    if (!id) continue;
    if (seen.has(id)) throw new AppError('VALIDATION_FAILED', [duplicate]);
    seen.add(id);
    if (!own.has(id)) throw new AppError('NOT_FOUND', notFound);
  }
}

export async function listCustomersPage(db: Db, tenantId: string, q: CustomerListQuery) {
  const { rows, total } = await listCustomers(db, tenantId, q);
  return { data: await presentCustomerListItems(db, tenantId, rows, q.search), pagination: pagination(total, q.page, q.limit) };
}

export async function getCustomer(db: Db, tenantId: string, customerId: string): Promise<Customer> {
  return presentCustomer(db, tenantId, await requireCustomer(db, tenantId, customerId));
}

/** Ids sent on create are ignored: a new customer's addresses and contacts are always new rows. */
export async function createCustomer(db: Db, viewer: Viewer, body: CreateCustomerBody): Promise<Customer> {
  const { tenantId } = viewer;
  const tagIds = uniqueTagIds(body);
  await assertTagsOfType(db, tenantId, tagIds, 'ACCOUNT', WRONG_TAG_TYPE);
  const id = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await insertCustomer(trx, tenantId, {
      id,
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      notes: body.notes ?? null,
      is_active: 1,
      created_by: viewer.userId,
      search_text: searchTextOf(body),
      created_at: now,
      updated_at: now,
    });
    await insertChildren(
      trx,
      tenantId,
      'customer_addresses',
      id,
      body.customerAddress.map((a, i) => ({ id: randomUUID(), ...addressFields(a, i) })),
    );
    await insertChildren(
      trx,
      tenantId,
      'customer_contacts',
      id,
      body.contacts.map((c, i) => ({ id: randomUUID(), ...contactFields(c, i) })),
    );
    await replaceCustomerTags(trx, tenantId, id, tagIds);
  });
  return getCustomer(db, tenantId, id);
}

/**
 * Addresses and contacts with an id are edited in place (ids stay stable for the jobs that use them), ones
 * without are added, and ones left out are archived rather than deleted.
 */
export async function updateCustomer(db: Db, tenantId: string, customerId: string, body: UpdateCustomerBody): Promise<Customer> {
  await requireCustomer(db, tenantId, customerId);
  const tagIds = uniqueTagIds(body);
  const [ownAddresses, ownContacts] = await Promise.all([
    childIdsOf(db, tenantId, 'customer_addresses', customerId),
    childIdsOf(db, tenantId, 'customer_contacts', customerId),
    assertTagsOfType(db, tenantId, tagIds, 'ACCOUNT', WRONG_TAG_TYPE),
  ]);
  assertOwnIds(body.customerAddress, ownAddresses, 'Address not found.', 'Each address may appear only once.');
  assertOwnIds(body.contacts, ownContacts, 'Contact not found.', 'Each contact may appear only once.');
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const saved = await updateCustomerRow(trx, tenantId, customerId, body.version, {
      name: body.name,
      email: body.email ?? null,
      phone: body.phone ?? null,
      notes: body.notes ?? null,
      is_active: flag(body.isActive),
      search_text: searchTextOf(body),
      updated_at: now,
    });
    if (!saved) throw new AppError('STALE_VERSION');

    await saveChildren(
      trx,
      tenantId,
      'customer_addresses',
      customerId,
      body.customerAddress.map((a, i) => ({ id: a.id, fields: addressFields(a, i) })),
      now,
    );
    await saveChildren(
      trx,
      tenantId,
      'customer_contacts',
      customerId,
      body.contacts.map((c, i) => ({ id: c.id, fields: contactFields(c, i) })),
      now,
    );
    await replaceCustomerTags(trx, tenantId, customerId, tagIds);
  });
  return getCustomer(db, tenantId, customerId);
}

/** Children sent with an id are edited in place, new ones inserted, and the ones left out archived. */
async function saveChildren<T extends 'customer_addresses' | 'customer_contacts'>(
  trx: Db,
  tenantId: string,
  table: T,
  customerId: string,
  items: { id?: string | undefined; fields: ChildFields[T] }[],
  now: string,
): Promise<void> {
  await archiveChildrenExcept(
    trx,
    tenantId,
    table,
    customerId,
    items.flatMap((item) => (item.id ? [item.id] : [])),
    now,
  );
  const added: (ChildFields[T] & { id: string })[] = [];
  for (const item of items) {
    if (item.id) await updateChild(trx, tenantId, table, customerId, item.id, item.fields);
    else added.push({ id: randomUUID(), ...item.fields });
  }
  await insertChildren(trx, tenantId, table, customerId, added);
}

function searchTextOf(body: CreateCustomerBody): string {
  return customerSearchText({ name: body.name, email: body.email, phone: body.phone, contacts: body.contacts, addresses: body.customerAddress });
}

/**
 * A customer the office has not met yet, asking for work from the company's public portal page: their name, the
 * address of the work, and themselves as the billing contact — in the caller's transaction, with its lead.
 */
export async function insertProspect(trx: Db, tenantId: string, p: { name: string; email: string; phone: string | null; address: string }): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  const address = { addressLine1: p.address, fullAddress: p.address };
  const contact = { name: p.name, email: p.email, mobileNumber: p.phone, isBilling: true };
  await insertCustomer(trx, tenantId, {
    id,
    name: p.name,
    email: p.email,
    phone: p.phone,
    notes: null,
    is_active: 1,
    created_by: null,
    search_text: customerSearchText({ name: p.name, email: p.email, phone: p.phone, contacts: [contact], addresses: [address] }),
    created_at: now,
    updated_at: now,
  });
  await insertChildren(trx, tenantId, 'customer_addresses', id, [{ id: randomUUID(), ...addressFields(address, 0) }]);
  await insertChildren(trx, tenantId, 'customer_contacts', id, [{ id: randomUUID(), ...contactFields(contact, 0) }]);
  return id;
}
