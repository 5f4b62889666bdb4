import { z } from 'zod';
import {
  optionalEmail,
  optionalPhone,
  clearableText,
  idListQuery,
  namedRef,
  orderValueSchema,
  pageQuery,
  requiredText,
  uuidField,
  versionField,
} from '../common/common.schemas.ts';

export const addressSchema = z.object({
  id: z.string(),
  addressLine1: z.string(),
  buildingUnit: z.string().nullable(),
  fullAddress: z.string(),
});
export type CustomerAddress = z.infer<typeof addressSchema>;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  isBilling: z.boolean(),
  /**
   * The contact's mobile number replied STOP to the company's texts (since when): no text reaches it until it
   * replies START. Emails are not affected. Null when texts reach it.
   */
  textsOff: z.object({ since: z.string() }).nullable(),
});
export type CustomerContact = z.infer<typeof contactSchema>;

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  isActive: z.boolean(),
  tags: z.array(namedRef),
  customerAddress: z.array(addressSchema),
  contacts: z.array(contactSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerListItemSchema = customerSchema
  .pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    isActive: true,
    tags: true,
    createdAt: true,
  })
  .extend({
    primaryAddress: z.string().nullable(),
    primaryContact: z.string().nullable(),
    /** With a search that matched something other than the name: what it matched (customerSearchMatch); absent otherwise. */
    matchedOn: z.string().nullable().optional(),
  });
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

const addressInput = z.strictObject({
  id: uuidField('Address ID').optional(),
  addressLine1: requiredText('Address Line', 200),
  buildingUnit: clearableText('Building/Unit', 100),
  fullAddress: requiredText('Full Address', 300),
});

const contactInput = z.strictObject({
  id: uuidField('Contact ID').optional(),
  name: requiredText('Contact Name', 100),
  email: optionalEmail,
  mobileNumber: optionalPhone,
  isBilling: z.boolean({ error: 'isBilling must be true or false.' }).default(false),
});

const customerFields = {
  name: requiredText('Account Name', 100),
  email: optionalEmail,
  phone: optionalPhone,
  notes: clearableText('Notes', 2000),
  tags: z
    .array(z.strictObject({ id: uuidField('Tag ID') }), { error: 'Tags must be an array.' })
    .max(50)
    .default([]),
  customerAddress: z
    .array(addressInput, { error: 'Addresses must be an array.' })
    .min(1, { error: 'At least one address is required.' })
    .max(50, { error: 'A customer can have at most 50 addresses.' }),
  contacts: z.array(contactInput, { error: 'Contacts must be an array.' }).max(50, { error: 'A customer can have at most 50 contacts.' }).default([]),
};

export const createCustomerBody = z.strictObject(customerFields);
export type CreateCustomerBody = z.infer<typeof createCustomerBody>;

export const updateCustomerBody = z.strictObject({
  ...customerFields,
  isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true),
  version: versionField,
});
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;

export const CUSTOMER_ORDER_KEYS = ['name', 'createdAt'] as const;

export const customerListQuery = z.strictObject({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  orderByKey: z.enum(CUSTOMER_ORDER_KEYS, { error: 'orderByKey must be name or createdAt.' }).default('createdAt'),
  orderByValue: orderValueSchema.default('desc'),
  status: z.enum(['active', 'inactive', 'all'], { error: 'status must be active, inactive or all.' }).default('active'),
  tags: idListQuery('Tag ID'),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/**
 * Everything a customer search matches (name, email, phone, contact names, addresses), lowercased in one
 * stored column, so a search is one LIKE over one column instead of five over three tables.
 */
/**
 * Why a customer answered a search, when it was not by the name the list shows: the search also looks in email,
 * phone, contacts and addresses, so "Garcia" finds the Smiths whose contact is Ana Garcia — the list says so
 * ("matches contact Ana Garcia") instead of looking wrong. Null when the name itself matches (or no search).
 */
export function customerSearchMatch(
  c: { name: string; email?: string | null; phone?: string | null; contacts?: { name: string }[]; addresses?: { fullAddress: string }[] },
  search: string | undefined,
): string | null {
  const needle = search?.trim().toLowerCase();
  if (!needle || c.name.toLowerCase().includes(needle)) return null;
  const has = (v: string | null | undefined) => !!v && v.toLowerCase().includes(needle);
  const contact = c.contacts?.find((x) => has(x.name));
  if (contact) return `matches contact ${contact.name}`;
  if (has(c.email)) return `matches email ${c.email}`;
  if (has(c.phone)) return `matches phone ${c.phone}`;
  const address = c.addresses?.find((a) => has(a.fullAddress));
  if (address) return `matches address ${address.fullAddress}`;
  return null;
}

export function customerSearchText(c: {
  name: string;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  contacts?: { name: string }[];
  addresses?: { addressLine1: string; fullAddress: string }[];
}): string {
  const parts = [c.name, c.email, c.phone, ...(c.contacts ?? []).map((x) => x.name), ...(c.addresses ?? []).flatMap((a) => [a.addressLine1, a.fullAddress])];
  return parts.filter(Boolean).join('\n').toLowerCase();
}
