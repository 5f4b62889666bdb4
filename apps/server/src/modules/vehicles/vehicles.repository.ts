import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import type { VehiclesTable } from '@fieldwork/db/schema';
import { containsText, paging } from '@fieldwork/db/sql-helpers';
import type { VehicleListQuery } from '@fieldwork/domain/company/vehicles.schemas';

export type VehicleRow = VehiclesTable;

export function findVehicle(db: Db, tenantId: string, vehicleId: string): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('tenant_id', '=', tenantId).where('id', '=', vehicleId).executeTakeFirst();
}

export function findVehicleByVin(db: Db, tenantId: string, vin: string): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('tenant_id', '=', tenantId).where('vin', '=', vin).executeTakeFirst();
}

const ORDER_COLUMNS = {
  name: 'vehicles.name',
  vin: 'vehicles.vin',
  plate: 'vehicles.plate',
  state: 'vehicles.state',
  createdAt: 'vehicles.created_at',
  updatedAt: 'vehicles.updated_at',
} as const satisfies Record<VehicleListQuery['orderByKey'], string>;

const SEARCH_COLUMNS = { name: 'vehicles.name', vin: 'vehicles.vin', plate: 'vehicles.plate' } as const satisfies Record<VehicleListQuery['searchBy'], string>;

export async function listVehicles(db: Db, tenantId: string, q: VehicleListQuery): Promise<{ rows: VehicleRow[]; total: number }> {
  const status = q.status ?? q.isActive;
  let base = db.selectFrom('vehicles').where('vehicles.tenant_id', '=', tenantId);
  if (status) base = base.where('vehicles.is_active', '=', status === 'ACTIVE' ? 1 : 0);
  if (q.searchText) base = base.where(containsText(SEARCH_COLUMNS[q.searchBy], q.searchText));
  const { limit, offset } = paging(q.page, q.limit);
  const column = ORDER_COLUMNS[q.orderByKey];
  const order = q.orderByKey === 'name' || q.orderByKey === 'plate' || q.orderByKey === 'state' ? sql`lower(${sql.ref(column)})` : sql`${sql.ref(column)}`;
  const [rows, count] = await Promise.all([
    base.selectAll('vehicles').orderBy(order, q.orderByValue).orderBy('vehicles.id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertVehicle(db: Db, tenantId: string, row: Omit<VehicleRow, 'tenant_id' | 'version'>): Promise<void> {
  await db
    .insertInto('vehicles')
    .values({ ...row, tenant_id: tenantId, version: 1 })
    .execute();
}

/** Version-checked: false when someone else saved the vehicle first. */
export async function updateVehicleRow(
  db: Db,
  tenantId: string,
  vehicleId: string,
  version: number,
  patch: Pick<VehicleRow, 'name' | 'vin' | 'state' | 'plate' | 'is_active' | 'hourly_cost_cents' | 'mile_cost_cents' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({ ...patch, version: version + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', vehicleId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether any work period used the vehicle (the partial index on vehicle_id answers it). */
export async function vehicleInUse(db: Db, tenantId: string, vehicleId: string): Promise<boolean> {
  const row = await db
    .selectFrom('task_activities')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

export async function deleteVehicleRow(db: Db, tenantId: string, vehicleId: string): Promise<boolean> {
  const result = await db.deleteFrom('vehicles').where('tenant_id', '=', tenantId).where('id', '=', vehicleId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
