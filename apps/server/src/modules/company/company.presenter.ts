import type { Company } from '@fieldwork/domain/company.schemas';
import type { TenantsTable } from '@fieldwork/db/schema';
import type { TenantFinancingColumns } from '@fieldwork/db/schema-dashboard';

/** financing_url: read by the company routes; sign-in's company block may come from a narrower select. */
export function toCompanyDto(row: TenantsTable & Partial<TenantFinancingColumns>): Company {
  return { id: row.id, name: row.name, timeZone: row.time_zone, financingUrl: row.financing_url ?? null, version: row.version };
}
