import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isAdmin, type Viewer } from '@fieldwork/domain/access/roles.rules';
import type { ChangeRoleBody, UpdateUserBody, UserListQuery, UserStatus } from '@fieldwork/domain/access/users.schemas';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { deleteUserSessions } from '../account-core/sessions.repository.ts';
import { presentUser, presentUsers } from '../account-core/users.presenter.ts';
import { countActiveAdmins, existingIds, findUser, listUsers, replaceUserTagsAndZones, updateUserRow } from '../account-core/users.repository.ts';

/** Another tenant's tag or zone id is treated exactly like a missing one. */
export async function assertRefsExist(db: Db, tenantId: string, tagIds: string[], zoneIds: string[]): Promise<void> {
  const [tags, zones] = await Promise.all([existingIds(db, tenantId, 'tags', tagIds), existingIds(db, tenantId, 'zones', zoneIds)]);
  if (tagIds.some((id) => !tags.has(id))) throw new AppError('NOT_FOUND', 'Tag not found.');
  if (zoneIds.some((id) => !zones.has(id))) throw new AppError('NOT_FOUND', 'Zone not found.');
}

async function requireUser(db: Db, tenantId: string, userId: string) {
  const row = await findUser(db, tenantId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listTeam(db: Db, tenantId: string, q: UserListQuery) {
  const { rows, total } = await listUsers(db, tenantId, q);
  return { items: await presentUsers(db, tenantId, rows), meta: pageMeta(total, q.page, q.limit) };
}

export async function getTeamMember(db: Db, tenantId: string, userId: string) {
  return presentUser(db, tenantId, await requireUser(db, tenantId, userId));
}

export async function updateTeamMember(db: Db, tenantId: string, userId: string, body: UpdateUserBody) {
  await requireUser(db, tenantId, userId);
  const tagIds = body.tags.map((t) => t.id);
  const zoneIds = body.zones.map((z) => z.id);
  await assertRefsExist(db, tenantId, tagIds, zoneIds);
  await db.transaction().execute(async (trx) => {
    const ok = await updateUserRow(trx, tenantId, userId, body.version, {
      name: body.name,
      phone: body.phone ?? null,
      ...(body.costRate === undefined ? {} : { cost_rate_cents: body.costRate }),
      updated_at: nowIso(),
    });
    if (!ok) throw new AppError('STALE_VERSION');
    await replaceUserTagsAndZones(trx, tenantId, userId, tagIds, zoneIds);
  });
  return getTeamMember(db, tenantId, userId);
}

/** The last active admin cannot be demoted or disabled: the company would be locked out of its settings. */
async function assertAdminRemains(db: Db, tenantId: string): Promise<void> {
  if ((await countActiveAdmins(db, tenantId)) < 1) throw new AppError('CONFLICT', 'A company needs at least one active admin.');
}

export async function changeRole(db: Db, tenantId: string, userId: string, body: ChangeRoleBody) {
  await requireUser(db, tenantId, userId);
  await db.transaction().execute(async (trx) => {
    await updateUserRow(trx, tenantId, userId, null, { role: body.role, access: body.access, updated_at: nowIso() });
    await assertAdminRemains(trx, tenantId);
  });
  return getTeamMember(db, tenantId, userId);
}

export async function changeStatus(db: Db, viewer: Viewer, userId: string, status: UserStatus) {
  const row = await requireUser(db, viewer.tenantId, userId);
  if (userId === viewer.userId && status === 'DISABLED') throw new AppError('CONFLICT', 'You cannot disable your own account.');
  if (row.status !== status) {
    await db.transaction().execute(async (trx) => {
      await updateUserRow(trx, viewer.tenantId, userId, null, { status, updated_at: nowIso() });
      if (status === 'DISABLED') {
        await deleteUserSessions(trx, viewer.tenantId, userId);
        if (isAdmin({ role: row.role, access: row.access as Viewer['access'] })) await assertAdminRemains(trx, viewer.tenantId);
      }
    });
  }
  return getTeamMember(db, viewer.tenantId, userId);
}
