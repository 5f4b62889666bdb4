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

export const SUBCONTRACTOR_KINDS = ['COMPANY', 'PERSON'] as const;

export const subcontractorSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SUBCONTRACTOR_KINDS),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  tags: z.array(namedRef),
  zones: z.array(namedRef),
  user: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type Subcontractor = z.infer<typeof subcontractorSchema>;

const refs = (label: string) =>
  z
    .array(z.strictObject({ id: uuidField(label) }), { error: `${label.replace(' ID', '')}s must be an array.` })
    .max(50)
    .default([]);

const subcontractorFields = {
  name: requiredText('Subcontractor Name', 100),
  kind: z.enum(SUBCONTRACTOR_KINDS, { error: 'Kind must be COMPANY or PERSON.' }),
  contactName: clearableText('Contact Name', 100),
  email: optionalEmail,
  phone: optionalPhone,
  tags: refs('Tag ID'),
  zones: refs('Zone ID'),
  userId: z
    .union([uuidField('Linked user'), z.literal(''), z.null()])
    .transform((v) => (v ? v : null))
    .optional(),
};

export const createSubcontractorBody = z.strictObject(subcontractorFields);
export type CreateSubcontractorBody = z.infer<typeof createSubcontractorBody>;

export const updateSubcontractorBody = z.strictObject({
  ...subcontractorFields,
  isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true),
  version: versionField,
});
export type UpdateSubcontractorBody = z.infer<typeof updateSubcontractorBody>;

export const subcontractorListQuery = z.strictObject({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  orderByKey: z.enum(['name', 'createdAt']).default('name'),
  orderByValue: orderValueSchema.default('asc'),
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  tagIds: idListQuery('Tag ID'),
  zoneIds: idListQuery('Zone ID'),
});
export type SubcontractorListQuery = z.infer<typeof subcontractorListQuery>;
