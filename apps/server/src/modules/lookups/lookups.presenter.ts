import type { Location, Tag, TagType, Zone } from '@fieldwork/domain/company/lookups.schemas';
import type { LocationRow, SiteRow } from './locations.repository.ts';
import type { TagRow } from './tags.repository.ts';
import type { ZoneRow } from './zones.repository.ts';

export function toZoneDto(row: ZoneRow): Zone {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export function toTagDto(row: TagRow): Tag {
  return { id: row.id, name: row.name, type: row.type as TagType, createdAt: row.created_at };
}

export function toLocationDto(row: LocationRow): Location {
  return { id: row.id, name: row.name, fullAddress: row.full_address, kind: row.kind as Location['kind'] };
}

export function siteToLocationDto(row: SiteRow): Location {
  return { id: row.id, name: row.name, fullAddress: row.full_address, kind: 'SITE' };
}
