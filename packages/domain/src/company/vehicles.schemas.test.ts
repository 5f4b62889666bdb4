import { describe, expect, it } from 'vitest';
import {
  createVehicleBody,
  isValidVin,
  normalizeVin,
  updateVehicleBody,
  VEHICLE_MESSAGES,
  VEHICLE_PAGE_SIZE,
  vehicleListQuery,
  vinField,
} from './vehicles.schemas.ts';

describe('VIN', () => {
  it.each([
    ['1HGCM82633A004352', true],
    ['1hgcm82633a004352', true],
    [' 5YJ3E1EA7KF317000 ', true],
    ['1HGCM82633A00435', false],
    ['1HGCM82633A0043521', false],
    ['1HGCM82633A00435I', false],
    ['1HGCM82633A00435O', false],
    ['1HGCM82633A00435Q', false],
    ['1HGCM82633A00435-', false],
    ['1HGCM82633A00435é', false],
    ['', false],
  ])('%s valid: %s', (vin, valid) => {
    expect(isValidVin(vin)).toBe(valid);
    const parsed = vinField.safeParse(vin);
    expect(parsed.success).toBe(valid);
    if (parsed.success) expect(parsed.data).toBe(normalizeVin(vin));
    else expect(parsed.error.issues.map((i) => i.message)).toContain(VEHICLE_MESSAGES.vinInvalid);
  });
});

describe('vehicle bodies', () => {
  it('turn dollar rates into cents, default them to 0 and bound them', () => {
    expect(createVehicleBody.parse({ name: ' Van ', vin: '1hgcm82633a004352', hourlyCost: 25.5, mileCost: 0.65 })).toEqual({
      name: 'Van',
      vin: '1HGCM82633A004352',
      hourlyCost: 2550,
      mileCost: 65,
      isActive: true,
    });
    expect(createVehicleBody.parse({ name: 'Van', vin: '1HGCM82633A004352' })).toMatchObject({ hourlyCost: 0, mileCost: 0 });
    for (const hourlyCost of [-0.01, 0.001, 100_000.01, '5'])
      expect(createVehicleBody.safeParse({ name: 'Van', vin: '1HGCM82633A004352', hourlyCost }).success, String(hourlyCost)).toBe(false);
    expect(createVehicleBody.safeParse({ name: 'Van', vin: '1HGCM82633A004352', owner: 'x' }).success).toBe(false);
  });

  it('need the version on update', () => {
    expect(updateVehicleBody.safeParse({ name: 'Van', vin: '1HGCM82633A004352' }).success).toBe(false);
    expect(updateVehicleBody.parse({ name: 'Van', vin: '1HGCM82633A004352', version: 3, isActive: false })).toMatchObject({ version: 3, isActive: false });
  });
});

describe('vehicle list query', () => {
  it('defaults to page 1 of 5, search by name, newest first', () => {
    expect(vehicleListQuery.parse({})).toEqual({ page: 1, limit: VEHICLE_PAGE_SIZE, searchBy: 'name', orderByKey: 'createdAt', orderByValue: 'desc' });
    expect(vehicleListQuery.parse({ status: 'ACTIVE', searchBy: 'vin', searchText: ' abc ', limit: '100' })).toMatchObject({
      status: 'ACTIVE',
      searchBy: 'vin',
      searchText: 'abc',
      limit: 100,
    });
    for (const q of [{ status: 'active' }, { searchBy: 'owner' }, { limit: '101' }, { other: '1' }])
      expect(vehicleListQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
  });
});
