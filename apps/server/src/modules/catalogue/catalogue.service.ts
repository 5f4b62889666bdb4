import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import type { CatalogueItemsTable } from '@fieldwork/db/schema';
import { containsText, flag, nowIso, paging } from '@fieldwork/db/sql-helpers';
import { CATALOGUE_MESSAGES, type CatalogueItem, type CatalogueListQuery, type CreateCatalogueItemBody, type UpdateCatalogueItemBody } from '@fieldwork/domain/catalogue.schemas';
import { pagination } from '@fieldwork/domain/common.schemas';
import { AppError } from '@fieldwork/domain/errors';
import { centsToDollars } from '@fieldwork/domain/money';

/** Products & services (issue 8). Small enough for one file: repository queries inline, tenantId first. */
function toDto(row: CatalogueItemsTable): CatalogueItem {
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
  const row = await db.selectFrom('catalogue_items').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.notFound);
  return toDto(row);
}

export async function listCatalogue(db: Db, tenantId: string, q: CatalogueListQuery) {
  let base = db.selectFrom('catalogue_items').where('tenant_id', '=', tenantId);
  if (q.status !== 'ALL') base = base.where('is_active', '=', q.status === 'ACTIVE' ? 1 : 0);
  if (q.searchText) base = base.where(containsText('name', q.searchText));
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toDto), pagination: pagination(Number(count.n), q.page, q.limit) };
}

export async function createCatalogueItem(db: Db, tenantId: string, body: CreateCatalogueItemBody): Promise<CatalogueItem> {
  const id = randomUUID();
  const at = nowIso();
  await db.insertInto('catalogue_items').values({ id, tenant_id: tenantId, ...columns(body), created_at: at, updated_at: at, version: 1 }).execute();
  return getCatalogueItem(db, tenantId, id);
}

export async function updateCatalogueItem(db: Db, tenantId: string, id: string, body: UpdateCatalogueItemBody): Promise<CatalogueItem> {
  await getCatalogueItem(db, tenantId, id);
  const result = await db
    .updateTable('catalogue_items')
    .set({ ...columns(body), updated_at: nowIso(), version: body.version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', body.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('STALE_VERSION');
  return getCatalogueItem(db, tenantId, id);
}

/** Lines that used the item keep their own copy of name, rate and tax (service_id becomes null). */
export async function deleteCatalogueItem(db: Db, tenantId: string, id: string): Promise<void> {
  const result = await db.deleteFrom('catalogue_items').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.notFound);
}
