import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { flag, isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { pagination } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isSubcontractorRole } from '@fieldwork/domain/access/roles.rules';
import type { CreateSubcontractorBody, Subcontractor, SubcontractorListQuery, UpdateSubcontractorBody } from '@fieldwork/domain/company/subcontractors.schemas';
import { assertTagsOfType } from '../lookups/lookups.service.ts';
import { findUser } from '../account-core/users.repository.ts';
import { assertRefsExist } from '../users/users.service.ts';
import { presentSubcontractor, presentSubcontractors } from './subcontractors.presenter.ts';
import {
  findSubcontractor,
  insertSubcontractor,
  listSubcontractors,
  replaceSubcontractorTagsAndZones,
  subcontractorLinkedTo,
  updateSubcontractorRow,
} from './subcontractors.repository.ts';

const NOT_FOUND = 'Subcontractor not found.';
const LINK_TAKEN = 'This login is already linked to another subcontractor.';

async function requireSubcontractor(db: Db, tenantId: string, subcontractorId: string) {
  const row = await findSubcontractor(db, tenantId, subcontractorId);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Tags (SERVICE only), zones and the linked login are checked before any write. */
async function assertRefs(db: Db, tenantId: string, body: CreateSubcontractorBody, selfId?: string) {
  const tagIds = [...new Set(body.tags.map((t) => t.id))];
  const zoneIds = [...new Set(body.zones.map((z) => z.id))];
  await assertTagsOfType(db, tenantId, tagIds, 'SERVICE', 'Only SERVICE tags can be added to a subcontractor.');
  await assertRefsExist(db, tenantId, [], zoneIds);
  if (body.userId) {
    const user = await findUser(db, tenantId, body.userId);
    if (!user) throw new AppError('NOT_FOUND', 'User not found.');
    if (!isSubcontractorRole(user.role)) throw new AppError('VALIDATION_FAILED', ['Linked user must be a SubContractor login of this company.']);
    if (await subcontractorLinkedTo(db, tenantId, body.userId, selfId)) throw new AppError('CONFLICT', LINK_TAKEN);
  }
  return { tagIds, zoneIds };
}

/** The pre-check answers the common case; user_id's UNIQUE index decides when two saves race. */
async function linkSafely(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', LINK_TAKEN);
    throw error;
  }
}

export async function listSubcontractorsPage(db: Db, tenantId: string, q: SubcontractorListQuery) {
  const { rows, total } = await listSubcontractors(db, tenantId, q);
  return { data: await presentSubcontractors(db, tenantId, rows), pagination: pagination(total, q.page, q.limit) };
}

export async function getSubcontractor(db: Db, tenantId: string, subcontractorId: string): Promise<Subcontractor> {
  return presentSubcontractor(db, tenantId, await requireSubcontractor(db, tenantId, subcontractorId));
}

export async function createSubcontractor(db: Db, tenantId: string, body: CreateSubcontractorBody): Promise<Subcontractor> {
  const { tagIds, zoneIds } = await assertRefs(db, tenantId, body);
  const id = randomUUID();
  const now = nowIso();
  await linkSafely(() =>
    db.transaction().execute(async (trx) => {
      await insertSubcontractor(trx, tenantId, {
        id,
        name: body.name,
        kind: body.kind,
        contact_name: body.contactName ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        is_active: 1,
        user_id: body.userId ?? null,
        created_at: now,
        updated_at: now,
      });
      await replaceSubcontractorTagsAndZones(trx, tenantId, id, tagIds, zoneIds);
    }),
  );
  return getSubcontractor(db, tenantId, id);
}

export async function updateSubcontractor(db: Db, tenantId: string, subcontractorId: string, body: UpdateSubcontractorBody): Promise<Subcontractor> {
  await requireSubcontractor(db, tenantId, subcontractorId);
  const { tagIds, zoneIds } = await assertRefs(db, tenantId, body, subcontractorId);
  await linkSafely(() =>
    db.transaction().execute(async (trx) => {
      const saved = await updateSubcontractorRow(trx, tenantId, subcontractorId, body.version, {
        name: body.name,
        kind: body.kind,
        contact_name: body.contactName ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        is_active: flag(body.isActive),
        user_id: body.userId ?? null,
        updated_at: nowIso(),
      });
      if (!saved) throw new AppError('STALE_VERSION');
      await replaceSubcontractorTagsAndZones(trx, tenantId, subcontractorId, tagIds, zoneIds);
    }),
  );
  return getSubcontractor(db, tenantId, subcontractorId);
}
