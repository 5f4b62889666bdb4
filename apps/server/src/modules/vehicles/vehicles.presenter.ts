import { centsToAmount } from '@fieldwork/domain/jobs/jobs.rules';
import type { Vehicle, VehicleCost } from '@fieldwork/domain/company/vehicles.schemas';
import type { VehicleRow } from './vehicles.repository.ts';

export function toVehicleDto(row: VehicleRow): Vehicle {
  return {
    id: row.id,
    name: row.name,
    vin: row.vin,
    state: row.state,
    plate: row.plate,
    isActive: row.is_active === 1,
    hourlyCost: centsToAmount(row.hourly_cost_cents),
    mileCost: centsToAmount(row.mile_cost_cents),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function toVehicleCostDto(row: VehicleRow): VehicleCost {
  return { vehicleId: row.id, vin: row.vin, state: row.state, hourlyCost: centsToAmount(row.hourly_cost_cents), mileCost: centsToAmount(row.mile_cost_cents) };
}
