import type { Db } from '@fieldwork/db/connection';
import { customerSearchMatch, type Customer, type CustomerContact, type CustomerListItem } from '@fieldwork/domain/customers/customers.schemas';
import type { NamedRef } from '@fieldwork/domain/common/common.schemas';
import { DEFAULT_TEXT_COUNTRY, toE164 } from '@fieldwork/domain/texts/texts.rules';
import { findOptOuts, findTextCountry } from './contact-opt-outs.repository.ts';
import { loadAddresses, loadContacts, loadCustomerTags, type AddressRow, type ContactRow, type CustomerRow } from './customers.repository.ts';

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

const toAddressDto = (a: AddressRow) => ({ id: a.id, addressLine1: a.address_line1, buildingUnit: a.building_unit, fullAddress: a.full_address });

const toContactDto = (c: ContactRow, optedOut: Map<string, string>, country: string): CustomerContact => {
  const phone = toE164(c.mobile_number, country);
  const since = phone ? optedOut.get(phone) : undefined;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    mobileNumber: c.mobile_number,
    isBilling: c.is_billing === 1,
    textsOff: since ? { since } : null,
  };
};

/**
 * Which contacts replied STOP: their mobile numbers read the way the company's texts read them (its Twilio
 * country, US until it has one), matched against the opt-outs in one query for the whole page.
 */
async function loadTextsOff(db: Db, tenantId: string, contacts: ContactRow[]) {
  const country = (await findTextCountry(db, tenantId)) ?? DEFAULT_TEXT_COUNTRY;
  const phones = contacts.map((c) => toE164(c.mobile_number, country)).filter((p): p is string => p !== null);
  return { country, optedOut: await findOptOuts(db, tenantId, phones) };
}

/** One query per child table for the whole page, never one per customer. */
async function loadChildren(db: Db, tenantId: string, rows: CustomerRow[]) {
  const ids = rows.map((r) => r.id);
  const [addresses, contacts, tags] = await Promise.all([
    loadAddresses(db, tenantId, ids),
    loadContacts(db, tenantId, ids),
    loadCustomerTags(db, tenantId, ids),
  ]);
  return {
    addresses: groupBy(addresses, (a) => a.customer_id),
    contacts: groupBy(contacts, (c) => c.customer_id),
    tags: groupBy(tags, (t) => t.customer_id),
  };
}

const refs = (rows: { id: string; name: string }[] | undefined): NamedRef[] => (rows ?? []).map((t) => ({ id: t.id, name: t.name }));

export async function presentCustomers(db: Db, tenantId: string, rows: CustomerRow[]): Promise<Customer[]> {
  const children = await loadChildren(db, tenantId, rows);
  const { country, optedOut } = await loadTextsOff(db, tenantId, [...children.contacts.values()].flat());
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    isActive: row.is_active === 1,
    tags: refs(children.tags.get(row.id)),
    customerAddress: (children.addresses.get(row.id) ?? []).map(toAddressDto),
    contacts: (children.contacts.get(row.id) ?? []).map((c) => toContactDto(c, optedOut, country)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  }));
}

export async function presentCustomer(db: Db, tenantId: string, row: CustomerRow): Promise<Customer> {
  const [customer] = await presentCustomers(db, tenantId, [row]);
  return customer!;
}

/** The list shows the first address and the person to call: the billing contact when there is one. */
export async function presentCustomerListItems(db: Db, tenantId: string, rows: CustomerRow[], search?: string): Promise<CustomerListItem[]> {
  const children = await loadChildren(db, tenantId, rows);
  return rows.map((row) => {
    const contacts = children.contacts.get(row.id) ?? [];
    const addresses = children.addresses.get(row.id) ?? [];
    const matchedOn = customerSearchMatch(
      { name: row.name, email: row.email, phone: row.phone, contacts, addresses: addresses.map((a) => ({ fullAddress: a.full_address })) },
      search,
    );
    const primaryContact = contacts.find((c) => c.is_billing === 1) ?? contacts[0];
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      isActive: row.is_active === 1,
      tags: refs(children.tags.get(row.id)),
      createdAt: row.created_at,
      primaryAddress: children.addresses.get(row.id)?.[0]?.full_address ?? null,
      primaryContact: primaryContact?.name ?? null,
      ...(matchedOn ? { matchedOn } : {}),
    };
  });
}
