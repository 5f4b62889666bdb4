/** Products & services catalogue: lines of estimates and invoices are picked from it; free-text lines stay allowed. */
import { z } from 'zod';
import { clearableText, pageQuery, requiredText, versionField, optionalText } from '../common/common.schemas.ts';
import { moneyField, scaledField } from './billing.schemas.ts';
import { MAX_RATE_CENTS, PERCENT_SCALE } from '../common/money.rules.ts';

export const CATALOGUE_MESSAGES = { notFound: 'Product/Service not found.' } as const;

const fields = {
  name: requiredText('Product/Service Name', 200),
  description: clearableText('Description', 2000),
  rate: moneyField('Rate', MAX_RATE_CENTS).default(0),
  isTaxable: z.boolean({ error: 'isTaxable must be true or false.' }).default(false),
  taxPercent: scaledField('Tax %', 3, 0, 100 * PERCENT_SCALE).default(0),
  isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true),
};

export const createCatalogueItemBody = z.strictObject(fields);
export type CreateCatalogueItemBody = z.infer<typeof createCatalogueItemBody>;
export const updateCatalogueItemBody = z.strictObject({ ...fields, version: versionField });
export type UpdateCatalogueItemBody = z.infer<typeof updateCatalogueItemBody>;

export const catalogueListQuery = z.strictObject({
  ...pageQuery,
  searchText: optionalText('searchText', 100),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL'], { error: 'status must be ACTIVE, INACTIVE or ALL.' }).default('ACTIVE'),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuery>;

export const catalogueItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  rate: z.number(),
  isTaxable: z.boolean(),
  taxPercent: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;
