import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createCustomerBody, updateCustomerBody, type Customer } from '@fieldwork/domain/customers/customers.schemas';

/**
 * The form holds the request body itself (optional texts as '' until sent), so the domain schemas
 * validate it directly and their field messages show under the matching inputs.
 */
export type CustomerFormValues = z.input<typeof createCustomerBody> & { isActive?: boolean; version?: number };
export type CustomerBody = z.output<typeof createCustomerBody> & { isActive?: boolean; version?: number };

export const emptyAddress = () => ({ addressLine1: '', buildingUnit: '', fullAddress: '' });
export const emptyContact = () => ({ name: '', email: '', mobileNumber: '', isBilling: false });

export function newCustomerValues(): CustomerFormValues {
  return { name: '', email: '', phone: '', notes: '', tags: [], customerAddress: [emptyAddress()], contacts: [] };
}

/** Existing address and contact ids go back with the edit, so the server updates rows instead of replacing them. */
export function customerToValues(c: Customer): CustomerFormValues {
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    notes: c.notes ?? '',
    tags: c.tags.map((t) => ({ id: t.id })),
    customerAddress: c.customerAddress.map((a) => ({ id: a.id, addressLine1: a.addressLine1, buildingUnit: a.buildingUnit ?? '', fullAddress: a.fullAddress })),
    contacts: c.contacts.map((p) => ({ id: p.id, name: p.name, email: p.email ?? '', mobileNumber: p.mobileNumber ?? '', isBilling: p.isBilling })),
    isActive: c.isActive,
    version: c.version,
  };
}

export function customerResolver(mode: 'create' | 'edit'): Resolver<CustomerFormValues, unknown, CustomerBody> {
  return (mode === 'edit' ? zodResolver(updateCustomerBody) : zodResolver(createCustomerBody)) as unknown as Resolver<
    CustomerFormValues,
    unknown,
    CustomerBody
  >;
}
