import type { Insertable, Updateable } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CatalogueItemsTable } from '@fieldwork/db/schema';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { CatalogueListQuery } from '@fieldwork/domain/billing/catalogue.schemas';

/** Products & services of a company; every query takes tenantId first and filters on it. */
export type CatalogueItemRow = CatalogueItemsTable;
type ItemFields = Omit<Insertable<CatalogueItemsTable>, 'id' | 'tenant_id' | 'created_at' | 'updated_at' | 'version'>;

export function findCatalogueItem(db: Db, tenantId: string, id: string): Promise<CatalogueItemRow | undefined> {
  return db.selectFrom('catalogue_items').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** One page by name, then id, and the total: active, inactive or all, optionally by name text. */
export async function listCatalogueItems(db: Db, tenantId: string, q: CatalogueListQuery): Promise<{ rows: CatalogueItemRow[]; total: number }> {
  let base = db.selectFrom('catalogue_items').where('tenant_id', '=', tenantId);
  if (q.status !== 'ALL') base = base.where('is_active', '=', q.status === 'ACTIVE' ? 1 : 0);
  if (q.searchText) base = base.where(containsText('name', q.searchText));
  const { limit, offset } = paging(q.page, q.limit);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('name').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertCatalogueItem(db: Db, tenantId: string, id: string, fields: ItemFields, at: string): Promise<void> {
  await db
    .insertInto('catalogue_items')
    .values({ id, tenant_id: tenantId, ...fields, created_at: at, updated_at: at, version: 1 })
    .execute();
}

/** Only at the version the caller read; false when it moved on (409 STALE_VERSION for the caller). */
export async function updateCatalogueItemIf(
  db: Db,
  tenantId: string,
  id: string,
  version: number,
  fields: Updateable<CatalogueItemsTable>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('catalogue_items')
    .set({ ...fields, updated_at: at, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Lines that used the item keep their own copy of name, rate and tax (service_id becomes null). */
export async function deleteCatalogueItemRow(db: Db, tenantId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('catalogue_items').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many of the ids are this company's items (a document's lines may name only those). */
export async function countCatalogueItems(db: Db, tenantId: string, ids: string[]): Promise<number> {
  const rows = await db.selectFrom('catalogue_items').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return rows.length;
}
