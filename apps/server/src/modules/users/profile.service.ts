import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { PROFILE_PHOTO_MAX_BYTES, type ChangePasswordBody, type UpdateProfileBody } from '@fieldwork/domain/access/users.schemas';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { deleteUserSessions } from '../account-core/sessions.repository.ts';
import { sessionInfo } from '../auth/sessions.service.ts';
import { deleteFile, findFile, insertFile } from '../files/files.repository.ts';
import { readImageUpload } from '../files/image-upload.ts';
import { findUser, updateUserRow } from '../account-core/users.repository.ts';

export async function updateProfile(db: Db, viewer: Viewer, body: UpdateProfileBody) {
  await updateUserRow(db, viewer.tenantId, viewer.userId, null, { name: body.name, phone: body.phone ?? null, updated_at: nowIso() });
  return sessionInfo(db, viewer.tenantId, viewer.userId);
}

/** A password change ends every other session of the user; the one making the change stays signed in. */
export async function changePassword(db: Db, viewer: Viewer, sessionIdHash: string | null, body: ChangePasswordBody): Promise<void> {
  const user = await findUser(db, viewer.tenantId, viewer.userId);
  if (!user || !(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', ['Current password is incorrect.']);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateUserRow(trx, viewer.tenantId, viewer.userId, null, { password_hash: passwordHash, password_changed_at: now, updated_at: now });
    await deleteUserSessions(trx, viewer.tenantId, viewer.userId, sessionIdHash ?? undefined);
  });
}

export async function setProfilePhoto(db: Db, viewer: Viewer, request: FastifyRequest) {
  const { data, type } = await readImageUpload(request, {
    maxBytes: PROFILE_PHOTO_MAX_BYTES,
    use: 'profilePhoto',
    types: ['image/png', 'image/jpeg', 'image/webp'],
    typeMessage: 'The photo must be a PNG, JPEG or WebP image.',
  });
  const user = await findUser(db, viewer.tenantId, viewer.userId);
  const fileId = randomUUID();
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await insertFile(trx, viewer.tenantId, { id: fileId, contentType: type, data, createdBy: viewer.userId, now });
    await updateUserRow(trx, viewer.tenantId, viewer.userId, null, { photo_file_id: fileId, updated_at: now });
    if (user?.photo_file_id) await deleteFile(trx, viewer.tenantId, user.photo_file_id);
  });
  return sessionInfo(db, viewer.tenantId, viewer.userId);
}

export async function removeProfilePhoto(db: Db, viewer: Viewer) {
  const user = await findUser(db, viewer.tenantId, viewer.userId);
  if (user?.photo_file_id) {
    const fileId = user.photo_file_id;
    await db.transaction().execute(async (trx) => {
      await updateUserRow(trx, viewer.tenantId, viewer.userId, null, { photo_file_id: null, updated_at: nowIso() });
      await deleteFile(trx, viewer.tenantId, fileId);
    });
  }
  return sessionInfo(db, viewer.tenantId, viewer.userId);
}

export async function getUserPhoto(db: Db, tenantId: string, userId: string) {
  const user = await findUser(db, tenantId, userId);
  const file = user?.photo_file_id ? await findFile(db, tenantId, user.photo_file_id) : undefined;
  if (!file) throw new AppError('NOT_FOUND');
  return { contentType: file.content_type, data: Buffer.from(file.data) };
}

export async function managedAccounts(db: Db, viewer: Viewer, q: { page: number; limit: number; search?: string | undefined; status?: string | undefined }) {
  const info = await sessionInfo(db, viewer.tenantId, viewer.userId);
  const account = { id: info.company.id, name: info.company.name, timeZone: info.company.timeZone, role: info.user.role, status: info.user.status };
  const matches = (!q.search || account.name.toLowerCase().includes(q.search.toLowerCase())) && (!q.status || q.status === account.status);
  const items = matches && q.page === 1 ? [account] : [];
  return { items, meta: { total: matches ? 1 : 0, totalPages: matches ? 1 : 0, page: q.page, limit: q.limit } };
}
