import type { Db } from '@fieldwork/db/connection';
import type { AccessLevel } from '@fieldwork/domain/access/roles.rules';
import type { User } from '@fieldwork/domain/access/users.schemas';
import { loadUserRefs, type UserRefs, type UserRow } from './users.repository.ts';

export function photoUrl(row: Pick<UserRow, 'id' | 'photo_file_id'>): string | null {
  return row.photo_file_id ? `/api/user/${row.id}/photo?v=${row.photo_file_id}` : null;
}

/** Builds user DTOs for many rows with three queries in total, never one per row. */
export async function presentUsers(db: Db, tenantId: string, rows: UserRow[]): Promise<User[]> {
  const ids = rows.map((r) => r.id);
  const adders = rows.map((r) => r.added_by).filter((v): v is string => !!v);
  // The names query runs only when some row was added by someone (people who set up a company were not).
  const refs = await loadUserRefs(db, tenantId, ids, [...new Set(adders)]);
  const nameOf = new Map(refs.names.map((n) => [n.id, n.name]));
  return rows.map((row) =>
    toUserDto(row, {
      tags: refs.tags.filter((t) => t.user_id === row.id).map((t) => ({ id: t.id, name: t.name })),
      zones: refs.zones.filter((z) => z.user_id === row.id).map((z) => ({ id: z.id, name: z.name })),
      addedByName: row.added_by ? (nameOf.get(row.added_by) ?? null) : null,
    }),
  );
}

export async function presentUser(db: Db, tenantId: string, row: UserRow): Promise<User> {
  const [user] = await presentUsers(db, tenantId, [row]);
  return user!;
}

export function toUserDto(row: UserRow, refs: UserRefs): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    role: row.role,
    access: row.access as AccessLevel,
    status: row.status as User['status'],
    profileImageUrl: photoUrl(row),
    tags: refs.tags,
    zones: refs.zones,
    addedBy: row.added_by ? { userId: row.added_by, name: refs.addedByName ?? '' } : null,
    createdAt: row.created_at,
    version: row.version,
    costRate: Number(row.cost_rate_cents ?? 0) / 100,
  };
}
