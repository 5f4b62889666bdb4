import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { assetReadScope, technicianAssetQueryAllowed } from '@fieldwork/domain/customers/assets.rules';
import {
  ASSET_MESSAGES,
  ASSET_TYPES,
  assetAgeCutoffs,
  type Asset,
  type AssetBandCounts,
  type AssetDistribution,
  type AssetListQuery,
  type CreateAssetBody,
  type UpdateAssetBody,
} from '@fieldwork/domain/customers/assets.schemas';
import { todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { toAssetDto } from './assets.presenter.ts';
import {
  assetBandCounts,
  customerExists,
  deleteAssetRow,
  findAddress,
  findAsset,
  findJobSite,
  insertAsset,
  listAssets,
  technicianWorksAt,
  updateAssetRow,
} from './assets.repository.ts';

type Ctx = { db: Db; viewer: Viewer; timeZone: string };

async function requireAsset(db: Db, tenantId: string, assetId: string) {
  const row = await findAsset(db, tenantId, assetId);
  if (!row) throw new AppError('NOT_FOUND', ASSET_MESSAGES.notFound);
  return row;
}

/** The customer and its site must be this company's (404 otherwise), the site one of that customer's; no future install. */
async function checkSite(ctx: Ctx, body: CreateAssetBody): Promise<void> {
  const { db, viewer } = ctx;
  if (!(await customerExists(db, viewer.tenantId, body.customerId))) throw new AppError('NOT_FOUND', 'Customer not found.');
  const address = await findAddress(db, viewer.tenantId, body.addressId);
  if (!address) throw new AppError('NOT_FOUND', 'Site Address not found.');
  if (address.customer_id !== body.customerId) throw new AppError('VALIDATION_FAILED', [ASSET_MESSAGES.addressNotOfCustomer]);
  if (body.installDate && body.installDate > todayKey(ctx.timeZone)) throw new AppError('VALIDATION_FAILED', [ASSET_MESSAGES.futureInstall]);
}

/**
 * GET /assets. By jobId the job's site address is the filter. A technician must name a job or site they have a
 * task at; any other (or another company's) reads as not found, a list without one is refused.
 */
export async function listAssetsPage(ctx: Ctx, q: AssetListQuery) {
  const { db, viewer } = ctx;
  const scope = assetReadScope(viewer);
  if (scope === 'none' || (scope === 'ownSite' && !technicianAssetQueryAllowed(q))) throw new AppError('FORBIDDEN');
  let addressId = q.addressId;
  if (q.jobId) {
    const job = await findJobSite(db, viewer.tenantId, q.jobId);
    if (!job) throw new AppError('NOT_FOUND', 'Job not found.');
    if (addressId && addressId !== job.site_address_id) return { data: [], pagination: pagination(0, q.page, q.limit) };
    addressId = job.site_address_id;
  }
  if (scope === 'ownSite' && !(addressId && (await technicianWorksAt(db, viewer.tenantId, viewer.userId, addressId)))) {
    throw new AppError('NOT_FOUND', q.jobId ? 'Job not found.' : 'Site Address not found.');
  }
  const { rows, total } = await listAssets(db, viewer.tenantId, {
    page: q.page,
    limit: q.limit,
    ...(q.customerId ? { customerId: q.customerId } : {}),
    ...(addressId ? { addressId } : {}),
    ...(q.type ? { type: q.type } : {}),
  });
  const today = todayKey(ctx.timeZone);
  return { data: rows.map((r) => toAssetDto(r, today)), pagination: pagination(total, q.page, q.limit) };
}

function assetColumns(body: CreateAssetBody) {
  return {
    customer_id: body.customerId,
    address_id: body.addressId,
    asset_type: body.type,
    make: body.make ?? null,
    model: body.model ?? null,
    serial: body.serial ?? null,
    install_date: body.installDate ?? null,
    notes: body.notes ?? null,
  };
}

export async function createAsset(ctx: Ctx, body: CreateAssetBody): Promise<Asset> {
  await checkSite(ctx, body);
  const id = randomUUID();
  const at = nowIso();
  await insertAsset(ctx.db, {
    id,
    tenant_id: ctx.viewer.tenantId,
    ...assetColumns(body),
    created_by: ctx.viewer.userId,
    created_at: at,
    updated_at: at,
    version: 1,
  });
  return toAssetDto(await requireAsset(ctx.db, ctx.viewer.tenantId, id), todayKey(ctx.timeZone));
}

export async function updateAsset(ctx: Ctx, assetId: string, body: UpdateAssetBody): Promise<Asset> {
  await requireAsset(ctx.db, ctx.viewer.tenantId, assetId);
  await checkSite(ctx, body);
  const saved = await updateAssetRow(ctx.db, ctx.viewer.tenantId, assetId, body.version, {
    ...assetColumns(body),
    updated_at: nowIso(),
  });
  if (!saved) throw new AppError('STALE_VERSION');
  return toAssetDto(await requireAsset(ctx.db, ctx.viewer.tenantId, assetId), todayKey(ctx.timeZone));
}

export async function deleteAsset(db: Db, tenantId: string, assetId: string): Promise<void> {
  if (!(await deleteAssetRow(db, tenantId, assetId))) throw new AppError('NOT_FOUND', ASSET_MESSAGES.notFound);
}

const emptyBands = (): AssetBandCounts => ({ UNDER_5: 0, FROM_5_TO_10: 0, FROM_10_TO_15: 0, OVER_15: 0, UNKNOWN: 0 });

/** Every type in ASSET_TYPES order (zeros included), banded by age as of the company's today. */
export async function assetDistribution(db: Db, tenantId: string, timeZone: string, now = new Date()): Promise<AssetDistribution> {
  const today = todayKey(timeZone, now.getTime());
  const byType = new Map(ASSET_TYPES.map((type) => [type as string, { type, total: 0, bands: emptyBands() }]));
  const byAgeBand = emptyBands();
  let total = 0;
  for (const row of await assetBandCounts(db, tenantId, assetAgeCutoffs(today))) {
    const entry = byType.get(row.type);
    for (const band of Object.keys(row.bands) as (keyof AssetBandCounts)[]) {
      const n = row.bands[band];
      if (entry) {
        entry.total += n;
        entry.bands[band] += n;
      }
      byAgeBand[band] += n;
      total += n;
    }
  }
  return { today, total, byAgeBand, byType: [...byType.values()] };
}
