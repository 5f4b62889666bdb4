import { z } from 'zod';
import { clearableText, optionalEmail, optionalPhone, requiredText, versionField } from '../common/common.schemas.ts';
import { timeZoneSchema } from '../time/time-zones.rules.ts';
import { PORTAL_LINK_MAX_DAYS } from '../portal/portal.rules.ts';

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

export const COMPANY_ADDRESS_MAX = 300;
/** Largest logo file: it is embedded in every PDF and email. */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The product's own blue: documents of a company without a brand colour use it. */
export const DEFAULT_BRAND_COLOR = '#1d4ed8';

/** Relative luminance of an sRGB '#rrggbb' colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Contrast of a colour against white paper and screens, 1–21 (WCAG 2). */
export const contrastOnWhite = (hex: string): number => 1.05 / (luminance(hex) + 0.05);
/**
 * Headings in the brand colour sit on white: below 3:1 (WCAG's floor for large text) a customer cannot read
 * the document's title, so such a colour is refused with the reason.
 */
export const MIN_BRAND_CONTRAST = 3;

const HEX_COLOR = /^#[0-9a-f]{6}$/;
export const brandColorField = z
  .union([
    z
      .string({ error: 'Brand colour must be a string.' })
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || HEX_COLOR.test(v), { error: 'Brand colour must be a hex colour like #1d4ed8.' })
      .refine((v) => !HEX_COLOR.test(v) || contrastOnWhite(v) >= MIN_BRAND_CONTRAST, {
        error: (issue) =>
          `Brand colour is too light to read on white (contrast ${contrastOnWhite(String(issue.input)).toFixed(1)}:1; it needs at least ${MIN_BRAND_CONTRAST}:1). Pick a darker shade.`,
      }),
    z.null(),
  ])
  .transform((v) => (v ? v : null))
  .optional();

export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  /** Printed under the name on estimates and invoices. */
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  /** '#rrggbb' of document titles and headers; null means the product's own blue. */
  brandColor: z.string().nullable().optional(),
  /** Where the logo is served (changes when the logo does), or null without one. */
  logoUrl: z.string().nullable().optional(),
  /** Whether the admin confirmed the company's email address: until then its customers cannot be emailed. */
  emailVerified: z.boolean().optional(),
  /** The lender's apply page the dashboard's Customer Financing banner opens; the server always sends it. */
  financingUrl: z.string().nullable().optional(),
  /** The company's public customer portal page (sign-in links, requests for work). */
  portalPath: z.string().nullable().optional(),
  /** Days a customer's personal link lives (an estimate's due date comes first). */
  portalLinkDays: z.object({ estimate: z.number(), invoice: z.number() }).optional(),
  version: z.number(),
});
export type Company = z.infer<typeof companySchema>;

const linkDaysField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days.` })
    .int({ error: `${label} must be a whole number of days.` })
    .min(1, { error: `${label} must be between 1 and ${PORTAL_LINK_MAX_DAYS} days.` })
    .max(PORTAL_LINK_MAX_DAYS, { error: `${label} must be between 1 and ${PORTAL_LINK_MAX_DAYS} days.` })
    .optional();

export const updateCompanyBody = z.strictObject({
  name: requiredText('Company Name', 100),
  timeZone: timeZoneSchema,
  /** Absent keeps the stored URL; '' or null clears it. */
  financingUrl: financingUrlField,
  /** Absent keeps the stored value; '' or null clears it. */
  email: optionalEmail,
  phone: optionalPhone,
  address: clearableText('Address', COMPANY_ADDRESS_MAX),
  brandColor: brandColorField,
  /** Absent keeps the stored number of days. */
  portalEstimateLinkDays: linkDaysField('Estimate links'),
  portalInvoiceLinkDays: linkDaysField('Invoice links'),
  version: versionField,
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBody>;
