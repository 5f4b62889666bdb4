import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { clearableText, requiredText } from '@fieldwork/domain/common/common.schemas';
import { VEHICLE_MESSAGES, createVehicleBody, vinField, type Vehicle } from '@fieldwork/domain/company/vehicles.schemas';
import { moneyInputText } from '../../lib/money';
import type { VehicleWriteBody } from './vehicles.api';

/**
 * A rate typed in dollars ("12.5", or empty for 0), checked by the domain's own rate rule (number, 0 … max,
 * 2 decimals, with its messages), then given back in dollars as the API takes them.
 */
const dollars = (domainRate: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .transform((s) => (s === '' ? 0 : Number(s)))
    .pipe(domainRate)
    .transform((cents) => cents / 100);

const vehicleForm = z.object({
  name: requiredText('Vehicle Name', 100),
  vin: vinField,
  state: clearableText('State', 50),
  plate: clearableText('Plate', 20),
  isActive: z.boolean(),
  hourlyCost: dollars(createVehicleBody.shape.hourlyCost.unwrap()),
  mileCost: dollars(createVehicleBody.shape.mileCost.unwrap()),
});

export type VehicleFormValues = { name: string; vin: string; state: string; plate: string; isActive: boolean; hourlyCost: string; mileCost: string };
export type VehicleFormOutput = VehicleWriteBody;

export function newVehicleValues(): VehicleFormValues {
  return { name: '', vin: '', state: '', plate: '', isActive: true, hourlyCost: '', mileCost: '' };
}

const money = (n: number) => (n ? moneyInputText(n) : '');

export function vehicleToValues(v: Vehicle): VehicleFormValues {
  return {
    name: v.name,
    vin: v.vin,
    state: v.state ?? '',
    plate: v.plate ?? '',
    isActive: v.isActive,
    hourlyCost: money(v.hourlyCost),
    mileCost: money(v.mileCost),
  };
}

/** The write body of a listed vehicle with only its active flag changed (the list's Activate / Deactivate). */
export function vehicleWithActive(v: Vehicle, isActive: boolean): VehicleWriteBody & { version: number } {
  return { name: v.name, vin: v.vin, state: v.state, plate: v.plate, hourlyCost: v.hourlyCost, mileCost: v.mileCost, isActive, version: v.version };
}

export const vehicleResolver = zodResolver(vehicleForm) as unknown as Resolver<VehicleFormValues, unknown, VehicleFormOutput>;

const MESSAGE_FIELDS: readonly (readonly [string, keyof VehicleFormValues])[] = [
  ['Vehicle Name', 'name'],
  ['VIN', 'vin'],
  [VEHICLE_MESSAGES.vinTaken, 'vin'],
  ['State', 'state'],
  ['Plate', 'plate'],
  ['Cost per hour', 'hourlyCost'],
  ['Cost per mile', 'mileCost'],
];

/** The form field a server message is about, by the label it starts with. */
export function fieldOfMessage(message: string): keyof VehicleFormValues | undefined {
  return MESSAGE_FIELDS.find(([prefix]) => message.startsWith(prefix))?.[1];
}
