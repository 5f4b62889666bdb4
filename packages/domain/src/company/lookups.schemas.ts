import { z } from 'zod';
import { booleanQuery, requiredText } from '../common/common.schemas.ts';

export const TAG_TYPES = ['SERVICE', 'ACCOUNT'] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const zoneSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type Zone = z.infer<typeof zoneSchema>;

export const tagSchema = z.object({ id: z.string(), name: z.string(), type: z.enum(TAG_TYPES), createdAt: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const zoneBody = z.strictObject({ name: requiredText('Zone Name', 60) });
export const createTagBody = z.strictObject({
  name: requiredText('Tag Name', 60),
  type: z.enum(TAG_TYPES, { error: 'Tag type must be SERVICE or ACCOUNT.' }),
});
export const updateTagBody = z.strictObject({ name: requiredText('Tag Name', 60) });

export const tagFilterQuery = z.strictObject({
  type: z.enum(TAG_TYPES, { error: 'type must be SERVICE or ACCOUNT.' }).default('SERVICE'),
  search: z.string().trim().max(100).optional(),
});

export const locationQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  isSupplierLocation: booleanQuery('isSupplierLocation'),
  isUserLocation: booleanQuery('isUserLocation'),
});

export const LOCATION_KINDS = ['SITE', 'SUPPLIER', 'USER'] as const;
export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  fullAddress: z.string(),
  kind: z.enum(LOCATION_KINDS),
});
export type Location = z.infer<typeof locationSchema>;

export const createLocationBody = z.strictObject({
  name: requiredText('Location Name', 100),
  fullAddress: requiredText('Full Address', 300),
  kind: z.enum(['SUPPLIER', 'USER'], { error: 'Location kind must be SUPPLIER or USER.' }),
});
