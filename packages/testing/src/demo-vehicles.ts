import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { isValidVin } from '@fieldwork/domain/company/vehicles.schemas';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A demo vehicle; rates in dollars. `addedDaysAgo` and `retiredDaysAgo` place it in the company's history. */
export type DemoVehicle = {
  name: string;
  vin: string;
  state: string;
  plate: string;
  hourlyCost: number;
  mileCost: number;
  addedDaysAgo: number;
  /** Deactivated this many days ago (work periods before then may still name it). */
  retiredDaysAgo?: number;
};

/**
 * The demo company's fleet: 5 active, 1 retired. VINs are real-world shaped and carry a correct
 * ISO 3779 check digit (position 9). The compact van was added minutes ago, so no work period uses it and
 * it can be deleted; the others appear on finished periods, so deleting them is refused (deactivate instead).
 */
export const DEMO_VEHICLES: readonly DemoVehicle[] = [
  { name: 'Van 1 - Ford Transit 250', vin: '1FTBW2CM6LKA43817', state: 'NY', plate: 'KJV-4821', hourlyCost: 18.5, mileCost: 0.67, addedDaysAgo: 400 },
  { name: 'Van 2 - Ford Transit 250', vin: '1FTBW2CM8MKA51290', state: 'NY', plate: 'KJV-5302', hourlyCost: 18.5, mileCost: 0.67, addedDaysAgo: 300 },
  { name: 'Pickup - Chevrolet Silverado 2500HD', vin: '1GC4YNEY2NF148273', state: 'NJ', plate: 'X41-BRT', hourlyCost: 22, mileCost: 0.82, addedDaysAgo: 250 },
  { name: 'Box Truck - Isuzu NPR HD', vin: 'JALC4W169M7K02841', state: 'NJ', plate: 'AN-716K', hourlyCost: 35, mileCost: 1.15, addedDaysAgo: 200 },
  { name: 'Compact Van - Ram ProMaster City', vin: '3C6TRVDG1KE512746', state: 'NY', plate: 'LMC-2094', hourlyCost: 14.75, mileCost: 0.58, addedDaysAgo: 0 },
  {
    name: 'Old Pickup - Toyota Tacoma',
    vin: '5TFRX5GN4FX041376',
    state: 'NY',
    plate: 'GHT-7710',
    hourlyCost: 12,
    mileCost: 0.55,
    addedDaysAgo: 900,
    retiredDaysAgo: 20,
  },
];

const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American VIN check digit (position 9) of a 17-character VIN: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (const [i, c] of [...vin.toUpperCase()].entries()) sum += (/\d/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0)) * WEIGHTS[i]!;
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

export type SeededVehicle = { id: string; isActive: boolean; created: number; retired: number | null };

/** Writes the fleet for a company; `now` is the demo's clock. */
export async function seedVehicles(
  db: Db,
  tenantId: string,
  createdBy: string | null,
  now: Date,
  vehicles: readonly DemoVehicle[] = DEMO_VEHICLES,
): Promise<SeededVehicle[]> {
  const out: SeededVehicle[] = [];
  const rows = vehicles.map((v) => {
    if (!isValidVin(v.vin) || vinCheckDigit(v.vin) !== v.vin[8]) throw new Error(`demo vehicles: invalid VIN ${v.vin}`);
    const id = randomUUID();
    // "Added today" means minutes ago, so it predates no work period.
    const created = now.getTime() - (v.addedDaysAgo ? v.addedDaysAgo * DAY : 10 * MINUTE);
    const retired = v.retiredDaysAgo === undefined ? null : now.getTime() - v.retiredDaysAgo * DAY;
    out.push({ id, isActive: retired === null, created, retired });
    return {
      id,
      tenant_id: tenantId,
      name: v.name,
      vin: v.vin,
      state: v.state,
      plate: v.plate,
      is_active: retired === null ? 1 : 0,
      hourly_cost_cents: Math.round(v.hourlyCost * 100),
      mile_cost_cents: Math.round(v.mileCost * 100),
      created_by: createdBy,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(retired ?? created).toISOString(),
      version: retired === null ? 1 : 2,
    } as const;
  });
  await db.insertInto('vehicles').values(rows).execute();
  return out;
}
