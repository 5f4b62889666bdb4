import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { CustomerAssetsTable } from '@fieldwork/db/schema-dashboard';
import { paging } from '@fieldwork/db/sql-helpers';

export type AssetRow = CustomerAssetsTable & { customer_name: string; address_line1: string; building_unit: string | null; full_address: string };

function assetsWithSite(db: Db, tenantId: string) {
  return db
    .selectFrom('customer_assets as a')
    .innerJoin('customers as c', (j) => j.onRef('c.id', '=', 'a.customer_id').on('c.tenant_id', '=', tenantId))
    .innerJoin('customer_addresses as ad', (j) => j.onRef('ad.id', '=', 'a.address_id').on('ad.tenant_id', '=', tenantId))
    .where('a.tenant_id', '=', tenantId)
    .selectAll('a')
    .select(['c.name as customer_name', 'ad.address_line1 as address_line1', 'ad.building_unit as building_unit', 'ad.full_address as full_address']);
}

export function findAsset(db: Db, tenantId: string, assetId: string): Promise<AssetRow | undefined> {
  return assetsWithSite(db, tenantId).where('a.id', '=', assetId).executeTakeFirst();
}

export type AssetFilter = { customerId?: string; addressId?: string; type?: string; page: number; limit: number };

export async function listAssets(db: Db, tenantId: string, f: AssetFilter): Promise<{ rows: AssetRow[]; total: number }> {
  let base = db.selectFrom('customer_assets as a').where('a.tenant_id', '=', tenantId);
  if (f.customerId) base = base.where('a.customer_id', '=', f.customerId);
  if (f.addressId) base = base.where('a.address_id', '=', f.addressId);
  if (f.type) base = base.where('a.asset_type', '=', f.type);
  let rowsQuery = assetsWithSite(db, tenantId);
  if (f.customerId) rowsQuery = rowsQuery.where('a.customer_id', '=', f.customerId);
  if (f.addressId) rowsQuery = rowsQuery.where('a.address_id', '=', f.addressId);
  if (f.type) rowsQuery = rowsQuery.where('a.asset_type', '=', f.type);
  const { limit, offset } = paging(f.page, f.limit);
  const [rows, count] = await Promise.all([
    rowsQuery.orderBy('a.asset_type').orderBy('a.install_date', 'desc').orderBy('a.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findAddress(db: Db, tenantId: string, addressId: string) {
  return db.selectFrom('customer_addresses').select(['id', 'customer_id']).where('tenant_id', '=', tenantId).where('id', '=', addressId).executeTakeFirst();
}

export async function customerExists(db: Db, tenantId: string, customerId: string): Promise<boolean> {
  return !!(await db.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', customerId).executeTakeFirst());
}

export function findJobSite(db: Db, tenantId: string, jobId: string) {
  return db.selectFrom('jobs').select(['id', 'site_address_id']).where('tenant_id', '=', tenantId).where('id', '=', jobId).executeTakeFirst();
}

/** Whether the technician has a task (not cancelled) on a job at this site address. */
export async function technicianWorksAt(db: Db, tenantId: string, userId: string, addressId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tasks as t')
    .innerJoin('jobs as j', (j) => j.onRef('j.id', '=', 't.job_id').on('j.tenant_id', '=', tenantId))
    .select('t.id')
    .where('t.tenant_id', '=', tenantId)
    .where('t.assigned_user_id', '=', userId)
    .where('t.lifecycle', '<>', 'CANCELLED')
    .where('j.site_address_id', '=', addressId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function insertAsset(db: Db, row: CustomerAssetsTable): Promise<void> {
  await db.insertInto('customer_assets').values(row).execute();
}

type AssetPatch = Pick<
  CustomerAssetsTable,
  'customer_id' | 'address_id' | 'asset_type' | 'make' | 'model' | 'serial' | 'install_date' | 'notes' | 'updated_at'
>;

/** Version-checked: false when someone else saved the asset first. */
export async function updateAssetRow(db: Db, tenantId: string, assetId: string, version: number, patch: AssetPatch): Promise<boolean> {
  const result = await db
    .updateTable('customer_assets')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', assetId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAssetRow(db: Db, tenantId: string, assetId: string): Promise<boolean> {
  const result = await db.deleteFrom('customer_assets').where('tenant_id', '=', tenantId).where('id', '=', assetId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Counts per (type, install date): few distinct pairs even for a large company, banded by the caller. */
/**
 * Assets per type and age band, one pass over the (tenant_id, asset_type, install_date) index (migration 0013);
 * the bands are install-date ranges from assetAgeCutoffs, so the SQL does no date math.
 */
export async function assetBandCounts(db: Db, tenantId: string, c: { years5: string; years10: string; years15: string }) {
  const r = await sql<{ asset_type: string; unknown: number; under5: number; from5: number; from10: number; over15: number }>`
    select asset_type,
      sum(case when install_date is null then 1 else 0 end) as unknown,
      sum(case when install_date > ${c.years5} then 1 else 0 end) as under5,
      sum(case when install_date <= ${c.years5} and install_date > ${c.years10} then 1 else 0 end) as from5,
      sum(case when install_date <= ${c.years10} and install_date > ${c.years15} then 1 else 0 end) as from10,
      sum(case when install_date <= ${c.years15} then 1 else 0 end) as over15
    from customer_assets where tenant_id = ${tenantId} group by asset_type`.execute(db);
  return r.rows.map((x) => ({
    type: x.asset_type,
    bands: { UNKNOWN: Number(x.unknown), UNDER_5: Number(x.under5), FROM_5_TO_10: Number(x.from5), FROM_10_TO_15: Number(x.from10), OVER_15: Number(x.over15) },
  }));
}
