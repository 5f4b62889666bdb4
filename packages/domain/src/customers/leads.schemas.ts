import { z } from 'zod';
import { namedRef, orderValueSchema, pageQuery, uuidField } from '../common/common.schemas.ts';

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST'] as const;
export const LEAD_SOURCES = ['WEBSITE', 'REFERRAL', 'PHONE', 'AI_RECEPTIONIST', 'WALK_IN', 'OTHER'] as const;

export const leadSchema = z.object({
  id: z.string(),
  leadNumber: z.number(),
  customer: namedRef,
  status: z.enum(LEAD_STATUSES),
  source: z.enum(LEAD_SOURCES),
  notes: z.string().nullable(),
  job: z.object({ id: z.string(), jobNumber: z.number() }).nullable(),
  /** Photos the customer sent with a request for work, in the order sent (none for a lead the office typed in). */
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  createdAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const createLeadBody = z.strictObject({
  customerId: uuidField('Account Name'),
  source: z.enum(LEAD_SOURCES, { error: 'Source must be one of: ' + LEAD_SOURCES.join(', ') + '.' }),
  status: z.enum(LEAD_STATUSES, { error: 'Status must be one of: ' + LEAD_STATUSES.join(', ') + '.' }).default('NEW'),
  notes: z.string().trim().max(2000, { error: 'Notes must be less than or equal to 2000 characters.' }).optional(),
});
export type CreateLeadBody = z.infer<typeof createLeadBody>;

export const leadListQuery = z.strictObject({
  ...pageQuery,
  search: z.string().trim().max(50).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  customerId: uuidField('customerId').optional(),
  orderByValue: orderValueSchema.default('desc'),
});
export type LeadListQuery = z.infer<typeof leadListQuery>;

export const leadPhotoParams = z.strictObject({ id: uuidField('Id'), fileId: uuidField('Photo') });
