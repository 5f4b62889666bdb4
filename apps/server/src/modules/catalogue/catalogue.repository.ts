import type { Db } from '@fieldwork/db/connection';

/** Products & services of a company; every query takes tenantId first and filters on it. */

/** How many of the ids are this company's items (a document's lines may name only those). */
export async function countCatalogueItems(db: Db, tenantId: string, ids: string[]): Promise<number> {
  const rows = await db.selectFrom('catalogue_items').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  return rows.length;
}
