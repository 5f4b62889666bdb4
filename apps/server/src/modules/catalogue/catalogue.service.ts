import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { flag, nowIso } from '@fieldwork/db/sql-helpers';
import {
  CATALOGUE_MESSAGES,
  type CatalogueItem,
  type CatalogueListQuery,
  type CreateCatalogueItemBody,
  type UpdateCatalogueItemBody,
} from '@fieldwork/domain/billing/catalogue.schemas';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import {
  deleteCatalogueItemRow,
  findCatalogueItem,
  insertCatalogueItem,
  listCatalogueItems,
  updateCatalogueItemIf,
  type CatalogueItemRow,
} from './catalogue.repository.ts';

/** Products & services: one use case a function, queries in catalogue.repository.ts. */
function toDto(row: CatalogueItemRow): CatalogueItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rate: centsToDollars(row.rate_cents),
    isTaxable: row.is_taxable === 1,
    taxPercent: row.tax_percent_milli / 1000,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const columns = (b: CreateCatalogueItemBody) => ({
  name: b.name,
  description: b.description ?? null,
  rate_cents: b.rate,
  is_taxable: flag(b.isTaxable),
  tax_percent_milli: b.isTaxable ? b.taxPercent : 0,
  is_active: flag(b.isActive),
});

export async function getCatalogueItem(db: Db, tenantId: string, id: string): Promise<CatalogueItem> {
  const row = await findCatalogueItem(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.notFound);
  return toDto(row);
}

export async function listCatalogue(db: Db, tenantId: string, q: CatalogueListQuery) {
  const { rows, total } = await listCatalogueItems(db, tenantId, q);
  return { data: rows.map(toDto), pagination: pagination(total, q.page, q.limit) };
}

export async function createCatalogueItem(db: Db, tenantId: string, body: CreateCatalogueItemBody): Promise<CatalogueItem> {
  const id = randomUUID();
  await insertCatalogueItem(db, tenantId, id, columns(body), nowIso());
  return getCatalogueItem(db, tenantId, id);
}

export async function updateCatalogueItem(db: Db, tenantId: string, id: string, body: UpdateCatalogueItemBody): Promise<CatalogueItem> {
  await getCatalogueItem(db, tenantId, id);
  if (!(await updateCatalogueItemIf(db, tenantId, id, body.version, columns(body), nowIso()))) throw new AppError('STALE_VERSION');
  return getCatalogueItem(db, tenantId, id);
}

export async function deleteCatalogueItem(db: Db, tenantId: string, id: string): Promise<void> {
  if (!(await deleteCatalogueItemRow(db, tenantId, id))) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.notFound);
}
