import { z } from 'zod';
import { clearableText, orderValueSchema, pageQuery, requiredText, versionField, optionalText } from '../common/common.schemas.ts';

/** Vehicles. Money: dollars with 2 places in the API, cents in storage. */

/** The vehicle list's page size; the clock-in dropdown reads page 1 of 100 active ones. */
export const VEHICLE_PAGE_SIZE = 5;
export const VEHICLE_DROPDOWN_LIMIT = 100;
/** The highest cost rate accepted, per hour or per mile, in dollars. */
export const MAX_VEHICLE_RATE = 100_000;

export const VIN_LENGTH = 17;
/** 17 characters of A–Z (never I, O or Q, too like 1 and 0) and 0–9, upper case once normalised. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export const VEHICLE_MESSAGES = {
  vinInvalid: 'VIN must be 17 characters: digits and letters A–Z except I, O and Q.',
  vinTaken: 'A vehicle with this VIN already exists.',
  notFound: 'Vehicle not found.',
  inUse: 'This vehicle has been used on tasks and cannot be deleted. Deactivate it instead.',
  deleteConfirm: 'Are you sure you want to delete this vehicle?',
  emptyList: 'You have no vehicles yet',
  noResults: 'No results found',
} as const;

/** Case-insensitive input, stored and compared upper case. */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

export function isValidVin(vin: string): boolean {
  return VIN_PATTERN.test(normalizeVin(vin));
}

export const vinField = z
  .string({ error: 'VIN must be a string.' })
  .max(40, { error: VEHICLE_MESSAGES.vinInvalid })
  .transform(normalizeVin)
  .refine((v) => VIN_PATTERN.test(v), { error: VEHICLE_MESSAGES.vinInvalid });

/** Dollars with at most 2 decimal places, 0 … MAX_VEHICLE_RATE, turned into integer cents. */
const rateField = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, { error: `${label} must be 0 or more.` })
    .max(MAX_VEHICLE_RATE, { error: `${label} must be at most ${MAX_VEHICLE_RATE.toLocaleString('en-US')}.` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: `${label} can have at most 2 decimal places.` })
    .transform((v) => Math.round(v * 100));

const vehicleFields = {
  name: requiredText('Vehicle Name', 100),
  vin: vinField,
  state: clearableText('State', 50),
  plate: clearableText('Plate', 20),
  hourlyCost: rateField('Cost per hour').default(0),
  mileCost: rateField('Cost per mile').default(0),
};

export const createVehicleBody = z.strictObject({ ...vehicleFields, isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true) });
export type CreateVehicleBody = z.infer<typeof createVehicleBody>;

export const updateVehicleBody = z.strictObject({
  ...vehicleFields,
  isActive: z.boolean({ error: 'isActive must be true or false.' }).default(true),
  version: versionField,
});
export type UpdateVehicleBody = z.infer<typeof updateVehicleBody>;

export const VEHICLE_SEARCH_BY = ['name', 'vin', 'plate'] as const;
export const VEHICLE_ORDER_KEYS = ['name', 'vin', 'plate', 'state', 'createdAt', 'updatedAt'] as const;
export const VEHICLE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

const statusField = z.enum(VEHICLE_STATUSES, { error: 'status must be ACTIVE or INACTIVE.' }).optional();

/** GET /vehicles: page, limit (default 5), searchBy (default name), searchText, orderByKey, orderByValue, status. */
export const vehicleListQuery = z.strictObject({
  ...pageQuery,
  limit: pageQuery.limit.default(VEHICLE_PAGE_SIZE),
  searchBy: z.enum(VEHICLE_SEARCH_BY, { error: `searchBy must be one of: ${VEHICLE_SEARCH_BY.join(', ')}.` }).default('name'),
  searchText: optionalText('searchText', 100),
  orderByKey: z.enum(VEHICLE_ORDER_KEYS, { error: `orderByKey must be one of: ${VEHICLE_ORDER_KEYS.join(', ')}.` }).default('createdAt'),
  orderByValue: orderValueSchema.default('desc'),
  status: statusField,
  /** The active-list call of the spec names the same filter isActive. */
  isActive: statusField,
});
export type VehicleListQuery = z.infer<typeof vehicleListQuery>;

/** GET /vehicles/cost: a vehicle's rates by VIN, and by state when given. */
export const vehicleCostQuery = z.strictObject({
  vin: vinField,
  state: optionalText('State', 50),
});
export type VehicleCostQuery = z.infer<typeof vehicleCostQuery>;

export const vehicleSchema = z.object({
  id: z.string(),
  name: z.string(),
  vin: z.string(),
  state: z.string().nullable(),
  plate: z.string().nullable(),
  isActive: z.boolean(),
  /** Dollars per hour. */
  hourlyCost: z.number(),
  /** Dollars per mile. */
  mileCost: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
/** A vehicle in a picker that technicians also read: no cost rates (no finance field to field roles). */
export const vehiclePickSchema = vehicleSchema.omit({ hourlyCost: true, mileCost: true });

export const vehicleCostSchema = z.object({
  vehicleId: z.string(),
  vin: z.string(),
  state: z.string().nullable(),
  hourlyCost: z.number(),
  mileCost: z.number(),
});
export type VehicleCost = z.infer<typeof vehicleCostSchema>;
