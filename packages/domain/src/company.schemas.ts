import { z } from 'zod';
import { requiredText, versionField } from './common.schemas.ts';
import { timeZoneSchema } from './time-zones.ts';

export const FINANCING_URL_MAX = 500;
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
/** An https URL with a dotted host name: the banner opens it in a new tab, so no other scheme may get in. */
export function isHttpsUrl(value: string): boolean {
  return httpsUrl.safeParse(value).success;
}
export const financingUrlField = z
  .union([
    z
      .string({ error: 'Financing URL must be a string.' })
      .trim()
      .max(FINANCING_URL_MAX, { error: `Financing URL must be less than or equal to ${FINANCING_URL_MAX} characters.` })
      .refine((v) => v === '' || isHttpsUrl(v), { error: 'Financing URL must be a valid https:// URL.' }),
    z.null(),
  ])
  .transform((v) => (v ? v : null))
  .optional();

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** The lender's apply page the dashboard's Customer Financing banner opens (issue 10); the server always sends it. */
  financingUrl: z.string().nullable().optional(),
  version: z.number(),
});
export type Company = z.infer<typeof companySchema>;

export const updateCompanyBody = z.strictObject({
  name: requiredText('Company Name', 100),
  timeZone: timeZoneSchema,
  /** Absent keeps the stored URL; '' or null clears it. */
  financingUrl: financingUrlField,
  version: versionField,
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;
