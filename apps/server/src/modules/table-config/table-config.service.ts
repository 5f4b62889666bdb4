import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import {
  defaultTableConfig,
  normalizeTableConfig,
  type ColumnConfig,
  type SaveTableConfigBody,
  type TableConfigType,
} from '@fieldwork/domain/common/table-config.schemas';
import { findTableConfig, upsertTableConfig } from './table-config.repository.ts';

/** A stored value that is not a list of {key, enabled} (hand-edited, older shape) reads as "no config". */
function parseSaved(raw: string): ColumnConfig[] | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return null;
    return value.filter(
      (c): c is ColumnConfig => !!c && typeof c === 'object' && typeof (c as ColumnConfig).key === 'string' && typeof (c as ColumnConfig).enabled === 'boolean',
    );
  } catch {
    return null;
  }
}

export async function getTableConfig(db: Db, viewer: Viewer, type: TableConfigType) {
  const raw = await findTableConfig(db, viewer.tenantId, viewer.userId, type);
  const saved = raw === undefined ? null : parseSaved(raw);
  return { type, config: saved ? normalizeTableConfig(type, saved) : defaultTableConfig(type) };
}

/** Saved as the table will use it: unknown keys dropped, each key once, fixed columns on. */
export async function saveTableConfig(db: Db, viewer: Viewer, body: SaveTableConfigBody) {
  const config = normalizeTableConfig(body.type, body.config);
  await upsertTableConfig(db, viewer.tenantId, viewer.userId, body.type, JSON.stringify(config), nowIso());
  return { type: body.type, config };
}
