import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { flag, isForeignKeyViolation, isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import {
  VEHICLE_DROPDOWN_LIMIT,
  VEHICLE_MESSAGES,
  type CreateVehicleBody,
  type UpdateVehicleBody,
  type Vehicle,
  type VehicleCost,
  type VehicleCostQuery,
  type VehicleListQuery,
} from '@fieldwork/domain/company/vehicles.schemas';
import { toVehicleCostDto, toVehicleDto } from './vehicles.presenter.ts';
import { deleteVehicleRow, findVehicle, findVehicleByVin, insertVehicle, listVehicles, updateVehicleRow, vehicleInUse } from './vehicles.repository.ts';

/** Another company's vehicle reads exactly like a missing one. */
async function requireVehicle(db: Db, tenantId: string, vehicleId: string) {
  const row = await findVehicle(db, tenantId, vehicleId);
  if (!row) throw new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
  return row;
}

/** UNIQUE (tenant_id, vin) decides when two saves of one VIN race; the message names the field. */
async function vinSafely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', VEHICLE_MESSAGES.vinTaken);
    throw error;
  }
}

export async function listVehiclesPage(db: Db, tenantId: string, q: VehicleListQuery) {
  const { rows, total } = await listVehicles(db, tenantId, q);
  return { data: rows.map(toVehicleDto), pagination: pagination(total, q.page, q.limit) };
}

/** The clock-in dropdown: page 1 of up to 100 active vehicles, by name. */
export async function listActiveVehicles(db: Db, tenantId: string) {
  return listVehiclesPage(db, tenantId, {
    page: 1,
    limit: VEHICLE_DROPDOWN_LIMIT,
    searchBy: 'name',
    orderByKey: 'name',
    orderByValue: 'asc',
    status: 'ACTIVE',
  });
}

export async function getVehicle(db: Db, tenantId: string, vehicleId: string): Promise<Vehicle> {
  return toVehicleDto(await requireVehicle(db, tenantId, vehicleId));
}

export async function createVehicle(db: Db, viewer: Viewer, body: CreateVehicleBody): Promise<Vehicle> {
  const id = randomUUID();
  const at = nowIso();
  await vinSafely(() =>
    insertVehicle(db, viewer.tenantId, {
      id,
      name: body.name,
      vin: body.vin,
      state: body.state ?? null,
      plate: body.plate ?? null,
      is_active: flag(body.isActive),
      hourly_cost_cents: body.hourlyCost,
      mile_cost_cents: body.mileCost,
      created_by: viewer.userId,
      created_at: at,
      updated_at: at,
    }),
  );
  return getVehicle(db, viewer.tenantId, id);
}

export async function updateVehicle(db: Db, tenantId: string, vehicleId: string, body: UpdateVehicleBody): Promise<Vehicle> {
  await requireVehicle(db, tenantId, vehicleId);
  const saved = await vinSafely(() =>
    updateVehicleRow(db, tenantId, vehicleId, body.version, {
      name: body.name,
      vin: body.vin,
      state: body.state ?? null,
      plate: body.plate ?? null,
      is_active: flag(body.isActive),
      hourly_cost_cents: body.hourlyCost,
      mile_cost_cents: body.mileCost,
      updated_at: nowIso(),
    }),
  );
  if (!saved) throw new AppError('STALE_VERSION');
  return getVehicle(db, tenantId, vehicleId);
}

/**
 * A vehicle used on a work period stays for the record (its costs point at it): deactivate it instead. The
 * pre-check gives the message; the foreign key refuses a clock-in that landed in between.
 */
export async function deleteVehicle(db: Db, tenantId: string, vehicleId: string): Promise<void> {
  await requireVehicle(db, tenantId, vehicleId);
  if (await vehicleInUse(db, tenantId, vehicleId)) throw new AppError('CONFLICT', VEHICLE_MESSAGES.inUse);
  try {
    if (!(await deleteVehicleRow(db, tenantId, vehicleId))) throw new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', VEHICLE_MESSAGES.inUse);
    throw error;
  }
}

/** GET /vehicles/cost: the rates of the vehicle with this VIN; a state, when given, must match too (any case). */
export async function vehicleCost(db: Db, tenantId: string, q: VehicleCostQuery): Promise<VehicleCost> {
  const row = await findVehicleByVin(db, tenantId, q.vin);
  if (!row || (q.state && (row.state ?? '').trim().toLowerCase() !== q.state.toLowerCase())) throw new AppError('NOT_FOUND', VEHICLE_MESSAGES.notFound);
  return toVehicleCostDto(row);
}
