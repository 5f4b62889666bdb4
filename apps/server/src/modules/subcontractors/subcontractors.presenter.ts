import type { Db } from '@fieldwork/db/connection';
import type { NamedRef } from '@fieldwork/domain/common/common.schemas';
import type { Subcontractor } from '@fieldwork/domain/company/subcontractors.schemas';
import { loadSubcontractorRefs, type SubcontractorRow } from './subcontractors.repository.ts';

function byOwner(rows: { subcontractor_id: string; id: string; name: string }[]): Map<string, NamedRef[]> {
  const groups = new Map<string, NamedRef[]>();
  for (const r of rows) {
    const list = groups.get(r.subcontractor_id) ?? [];
    list.push({ id: r.id, name: r.name });
    groups.set(r.subcontractor_id, list);
  }
  return groups;
}

/** Builds DTOs for a whole page with three queries in total, never one per row. */
export async function presentSubcontractors(db: Db, tenantId: string, rows: SubcontractorRow[]): Promise<Subcontractor[]> {
  const userIds = [...new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])))];
  const refs = await loadSubcontractorRefs(
    db,
    tenantId,
    rows.map((r) => r.id),
    userIds,
  );
  const tagsOf = byOwner(refs.tags);
  const zonesOf = byOwner(refs.zones);
  const userOf = new Map(refs.users.map((u) => [u.id, u]));
  return rows.map((row) => {
    const user = row.user_id ? userOf.get(row.user_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as Subcontractor['kind'],
      contactName: row.contact_name,
      email: row.email,
      phone: row.phone,
      isActive: row.is_active === 1,
      tags: tagsOf.get(row.id) ?? [],
      zones: zonesOf.get(row.id) ?? [],
      user: user ? { userId: user.id, name: user.name, email: user.email } : null,
      createdAt: row.created_at,
      version: row.version,
    };
  });
}

export async function presentSubcontractor(db: Db, tenantId: string, row: SubcontractorRow): Promise<Subcontractor> {
  const [subcontractor] = await presentSubcontractors(db, tenantId, [row]);
  return subcontractor!;
}
