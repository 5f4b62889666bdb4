import type { Company } from '@fieldwork/domain/company.schemas';
import type { TenantsTable } from '@fieldwork/db/schema';

export function toCompanyDto(row: TenantsTable): Company {
  return { id: row.id, name: row.name, timeZone: row.time_zone, financingUrl: null, version: row.version };
}
