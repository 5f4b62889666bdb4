import { z } from 'zod';

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string({ error: 'Time zone must be a string.' })
  .refine(isValidTimeZone, { error: 'Time zone must be a valid IANA time zone, like America/New_York.' });

export function listTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : ['UTC'];
}
