import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Location, Tag, TagType, Zone } from '@fieldwork/domain/company/lookups.schemas';
import { siteToLocationDto, toLocationDto, toTagDto, toZoneDto } from './lookups.presenter.ts';
import { insertLocation, listLocationRows, listSiteRows } from './locations.repository.ts';
import { deleteTag, findTag, insertTag, listTags, renameTag, tagNameTaken, tagTypesOf } from './tags.repository.ts';
import { deleteZone, findZone, insertZone, listZones, renameZone, zoneNameTaken } from './zones.repository.ts';

const ZONE_TAKEN = 'A zone with this name already exists.';
const TAG_TAKEN = 'A tag with this name already exists.';
const LOCATION_LIMIT = 50;

/** The pre-check gives the friendly answer; the unique index still decides when two requests race. */
async function uniqueWrite(write: () => Promise<unknown>, message: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', message);
    throw error;
  }
}

export async function allZones(db: Db, tenantId: string): Promise<Zone[]> {
  return (await listZones(db, tenantId)).map(toZoneDto);
}

async function requireZone(db: Db, tenantId: string, zoneId: string) {
  const row = await findZone(db, tenantId, zoneId);
  if (!row) throw new AppError('NOT_FOUND', 'Zone not found.');
  return row;
}

export async function createZone(db: Db, tenantId: string, name: string): Promise<Zone> {
  if (await zoneNameTaken(db, tenantId, name)) throw new AppError('CONFLICT', ZONE_TAKEN);
  const row = { id: randomUUID(), name, created_at: nowIso() };
  await uniqueWrite(() => insertZone(db, tenantId, row), ZONE_TAKEN);
  return toZoneDto({ ...row, tenant_id: tenantId });
}

export async function updateZone(db: Db, tenantId: string, zoneId: string, name: string): Promise<Zone> {
  await requireZone(db, tenantId, zoneId);
  if (await zoneNameTaken(db, tenantId, name, zoneId)) throw new AppError('CONFLICT', ZONE_TAKEN);
  await uniqueWrite(() => renameZone(db, tenantId, zoneId, name), ZONE_TAKEN);
  return toZoneDto(await requireZone(db, tenantId, zoneId));
}

export async function removeZone(db: Db, tenantId: string, zoneId: string): Promise<void> {
  if (!(await deleteZone(db, tenantId, zoneId))) throw new AppError('NOT_FOUND', 'Zone not found.');
}

export async function filterTags(db: Db, tenantId: string, type: TagType, search: string | undefined): Promise<Tag[]> {
  return (await listTags(db, tenantId, type, search)).map(toTagDto);
}

async function requireTag(db: Db, tenantId: string, tagId: string) {
  const row = await findTag(db, tenantId, tagId);
  if (!row) throw new AppError('NOT_FOUND', 'Tag not found.');
  return row;
}

export async function createTag(db: Db, tenantId: string, body: { name: string; type: TagType }): Promise<Tag> {
  if (await tagNameTaken(db, tenantId, body.type, body.name)) throw new AppError('CONFLICT', TAG_TAKEN);
  const row = { id: randomUUID(), name: body.name, type: body.type, created_at: nowIso() };
  await uniqueWrite(() => insertTag(db, tenantId, row), TAG_TAKEN);
  return toTagDto({ ...row, tenant_id: tenantId });
}

export async function updateTag(db: Db, tenantId: string, tagId: string, name: string): Promise<Tag> {
  const existing = await requireTag(db, tenantId, tagId);
  if (await tagNameTaken(db, tenantId, existing.type, name, tagId)) throw new AppError('CONFLICT', TAG_TAKEN);
  await uniqueWrite(() => renameTag(db, tenantId, tagId, name), TAG_TAKEN);
  return toTagDto(await requireTag(db, tenantId, tagId));
}

export async function removeTag(db: Db, tenantId: string, tagId: string): Promise<void> {
  if (!(await deleteTag(db, tenantId, tagId))) throw new AppError('NOT_FOUND', 'Tag not found.');
}

/**
 * Tags given to a record must be this tenant's tags of the right type. Another tenant's id reads as missing
 * (404, like users' assertRefsExist); this tenant's tag of the other type is a plain input mistake (400).
 */
export async function assertTagsOfType(db: Db, tenantId: string, tagIds: string[], type: TagType, wrongTypeMessage: string): Promise<void> {
  const types = await tagTypesOf(db, tenantId, tagIds);
  if (tagIds.some((id) => !types.has(id))) throw new AppError('NOT_FOUND', 'Tag not found.');
  if (tagIds.some((id) => types.get(id) !== type)) throw new AppError('VALIDATION_FAILED', [wrongTypeMessage]);
}

type LocationFilter = { search?: string | undefined; isSupplierLocation?: boolean | undefined; isUserLocation?: boolean | undefined };

/** Without a kind flag the picker offers everything: customer sites and saved locations, merged in name order. */
export async function findLocations(db: Db, tenantId: string, q: LocationFilter): Promise<Location[]> {
  const kinds = [...(q.isSupplierLocation ? ['SUPPLIER'] : []), ...(q.isUserLocation ? ['USER'] : [])];
  if (kinds.length) return (await listLocationRows(db, tenantId, kinds, q.search, LOCATION_LIMIT)).map(toLocationDto);
  const [sites, saved] = await Promise.all([
    listSiteRows(db, tenantId, q.search, LOCATION_LIMIT),
    listLocationRows(db, tenantId, null, q.search, LOCATION_LIMIT),
  ]);
  const key = (l: Location) => l.name.toLowerCase() + '\u0000' + l.fullAddress;
  return [...sites.map(siteToLocationDto), ...saved.map(toLocationDto)]
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    .slice(0, LOCATION_LIMIT);
}

export async function createLocation(db: Db, tenantId: string, body: { name: string; fullAddress: string; kind: 'SUPPLIER' | 'USER' }): Promise<Location> {
  const row = { id: randomUUID(), name: body.name, full_address: body.fullAddress, kind: body.kind, created_at: nowIso() };
  await insertLocation(db, tenantId, row);
  return toLocationDto({ ...row, tenant_id: tenantId });
}
