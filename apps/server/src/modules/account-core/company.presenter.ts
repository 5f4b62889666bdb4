import type { Company } from '@fieldwork/domain/company/company.schemas';
import type { TenantsTable } from '@fieldwork/db/schema';
import type { TenantBrandingColumns, TenantFinancingColumns } from '@fieldwork/db/schema-dashboard';

/** The logo's address changes with the logo, so a browser never shows an old one from its cache. */
export const logoUrlOf = (fileId: string) => `/api/company/logo?v=${fileId.slice(0, 8)}`;

/** Later columns are optional: sign-in's company block may come from a narrower select. */
export function toCompanyDto(
  row: TenantsTable &
    Partial<TenantFinancingColumns> &
    Partial<TenantBrandingColumns> & {
      email_verified_at?: string | null;
      portal_slug?: string | null;
      portal_estimate_link_days?: number;
      portal_invoice_link_days?: number;
    },
): Company {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    email: row.email ?? null,
    phone: row.phone ?? null,
    address: row.address ?? null,
    brandColor: row.brand_color ?? null,
    logoUrl: row.logo_file_id ? logoUrlOf(row.logo_file_id) : null,
    emailVerified: !!row.email_verified_at,
    financingUrl: row.financing_url ?? null,
    portalPath: row.portal_slug ? `/portal/${row.portal_slug}` : null,
    ...(row.portal_estimate_link_days !== undefined && row.portal_invoice_link_days !== undefined
      ? { portalLinkDays: { estimate: row.portal_estimate_link_days, invoice: row.portal_invoice_link_days } }
      : {}),
    version: row.version,
  };
}
