import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { Company, UpdateCompanyBody } from '@fieldwork/domain/company/company.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { findTenant, updateTenant } from '../account-core/company.repository.ts';
import { toCompanyDto } from '../account-core/company.presenter.ts';

export async function getCompany(db: Db, tenantId: string): Promise<Company> {
  const row = await findTenant(db, tenantId);
  if (!row) throw new AppError('NOT_FOUND');
  return toCompanyDto(row);
}

export async function updateCompany(db: Db, tenantId: string, body: UpdateCompanyBody): Promise<Company> {
  const updated = await updateTenant(db, tenantId, { ...body, now: nowIso() });
  if (!updated) throw new AppError('STALE_VERSION');
  return getCompany(db, tenantId);
}
