import { z } from 'zod';
import { requiredText, versionField } from './common.schemas.ts';
import { timeZoneSchema } from './time-zones.ts';

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  version: z.number(),
});
export type Company = z.infer<typeof companySchema>;

export const updateCompanyBody = z.strictObject({
  name: requiredText('Company Name', 100),
  timeZone: timeZoneSchema,
  version: versionField,
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;
