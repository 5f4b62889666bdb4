/**
 * Customer-site assets: equipment at one of a customer's addresses, listed on the customer page and
 * on jobs at that site (technicians read the assets of their own tasks' sites), and counted on the dashboard
 * by type and age band.
 */
import { z } from 'zod';
import { clearableText, dataOf, dataPage, pageQuery, uuidField, versionField } from '../common/common.schemas.ts';

export const ASSET_TYPES = ['HVAC', 'WATER_HEATER', 'BOILER', 'ELECTRICAL_PANEL', 'PLUMBING', 'APPLIANCE', 'OTHER'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_TYPE_LABELS = {
  HVAC: 'HVAC',
  WATER_HEATER: 'Water Heater',
  BOILER: 'Boiler',
  ELECTRICAL_PANEL: 'Electrical Panel',
  PLUMBING: 'Plumbing',
  APPLIANCE: 'Appliance',
  OTHER: 'Other',
} as const satisfies Record<AssetType, string>;

export const ASSET_AGE_BANDS = ['UNDER_5', 'FROM_5_TO_10', 'FROM_10_TO_15', 'OVER_15', 'UNKNOWN'] as const;
export type AssetAgeBand = (typeof ASSET_AGE_BANDS)[number];
export const ASSET_AGE_BAND_LABELS = {
  UNDER_5: '<5y',
  FROM_5_TO_10: '5–10y',
  FROM_10_TO_15: '10–15y',
  OVER_15: '15y+',
  UNKNOWN: 'Unknown',
} as const satisfies Record<AssetAgeBand, string>;

export const ASSET_PAGE_SIZE = 50;

export const ASSET_MESSAGES = {
  futureInstall: 'Install Date cannot be in the future.',
  addressNotOfCustomer: 'Site Address must be one of the customer’s addresses.',
  notFound: 'Asset not found.',
  emptyList: 'No equipment recorded at this site yet',
  deleteConfirm: 'Are you sure you want to delete this asset?',
} as const;

/** Whole years from installDate to today (both YYYY-MM-DD, today in the company's zone); an anniversary counts on its day. */
export function assetAgeYears(installDate: string, today: string): number {
  const [iy, im, id] = installDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const beforeAnniversary = tm < im || (tm === im && td < id);
  return Math.max(0, ty - iy - (beforeAnniversary ? 1 : 0));
}

/** <5y, 5–10y, 10–15y, 15y+: the lower bound is inclusive (exactly 5 years old is 5–10y). */
export function assetAgeBand(installDate: string | null, today: string): AssetAgeBand {
  if (!installDate) return 'UNKNOWN';
  const age = assetAgeYears(installDate, today);
  if (age < 5) return 'UNDER_5';
  if (age < 10) return 'FROM_5_TO_10';
  if (age < 15) return 'FROM_10_TO_15';
  return 'OVER_15';
}

/**
 * The install dates where the bands change, as of today: an asset is at least k years old exactly when its
 * install date is on or before today's month and day k years back — compared as YYYY-MM-DD text, which also
 * holds for a Feb 29 that year lacks. Lets SQL count the bands of assetAgeBand without date math.
 */
export function assetAgeCutoffs(today: string): { years5: string; years10: string; years15: string } {
  const [y, md] = [Number(today.slice(0, 4)), today.slice(4)];
  const back = (k: number) => `${String(y - k).padStart(4, '0')}${md}`;
  return { years5: back(5), years10: back(10), years15: back(15) };
}

const assetFields = {
  customerId: uuidField('Customer'),
  addressId: uuidField('Site Address'),
  type: z.enum(ASSET_TYPES, { error: `Type must be one of: ${ASSET_TYPES.join(', ')}.` }),
  make: clearableText('Make', 100),
  model: clearableText('Model', 100),
  serial: clearableText('Serial', 100),
  /** Checked against the company's today by the server (ASSET_MESSAGES.futureInstall). */
  installDate: z
    .union([z.iso.date({ error: 'Install Date must be a date (YYYY-MM-DD).' }), z.literal(''), z.null()])
    .transform((v) => v || null)
    .optional(),
  notes: clearableText('Notes', 2000),
};

export const createAssetBody = z.strictObject(assetFields);
export type CreateAssetBody = z.infer<typeof createAssetBody>;
export const updateAssetBody = z.strictObject({ ...assetFields, version: versionField });
export type UpdateAssetBody = z.infer<typeof updateAssetBody>;

/** GET /api/assets: by customer, by site address, or by job (the assets at the job's site address). */
export const assetListQuery = z.strictObject({
  ...pageQuery,
  limit: pageQuery.limit.default(ASSET_PAGE_SIZE),
  customerId: uuidField('Customer').optional(),
  addressId: uuidField('Site Address').optional(),
  jobId: uuidField('Job').optional(),
  type: z.enum(ASSET_TYPES, { error: `Type must be one of: ${ASSET_TYPES.join(', ')}.` }).optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;

export const assetSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  addressId: z.string(),
  /** The site address on one line. */
  siteAddress: z.string(),
  type: z.enum(ASSET_TYPES),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  installDate: z.string().nullable(),
  /** Whole years in the company's today; null without an install date. */
  ageYears: z.number().nullable(),
  ageBand: z.enum(ASSET_AGE_BANDS),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Asset = z.infer<typeof assetSchema>;
export const assetResponse = dataOf(assetSchema);
export const assetListResponse = dataPage(assetSchema);
export type AssetListResponse = z.infer<typeof assetListResponse>;

const bandCounts = z.object({ UNDER_5: z.number(), FROM_5_TO_10: z.number(), FROM_10_TO_15: z.number(), OVER_15: z.number(), UNKNOWN: z.number() });
export type AssetBandCounts = z.infer<typeof bandCounts>;

/** GET /api/dashboard/asset-distribution: a snapshot (no date range), ages in the company's today. */
export const assetDistributionSchema = z.object({
  today: z.string(),
  total: z.number(),
  byAgeBand: bandCounts,
  /** Every type, in ASSET_TYPES order, zero rows included. */
  byType: z.array(z.object({ type: z.enum(ASSET_TYPES), total: z.number(), bands: bandCounts })),
});
export type AssetDistribution = z.infer<typeof assetDistributionSchema>;
