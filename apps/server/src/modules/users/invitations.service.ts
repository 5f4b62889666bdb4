import { enterTenant } from '@fieldwork/db/tenant-scope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AcceptInvitationBody } from '@fieldwork/domain/access/auth.schemas';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { defaultAccessFor, type RoleName, type Viewer } from '@fieldwork/domain/access/roles.rules';
import type { CreateInvitationBody, InvitedListQuery } from '@fieldwork/domain/access/users.schemas';
import type { Db } from '@fieldwork/db/connection';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { startSession } from '../auth/sessions.service.ts';
import {
  findInvitation,
  findInvitationByTokenHash,
  insertInvitation,
  listInvitations,
  markAccepted,
  revokeInvitationRow,
  revokePendingFor,
} from './invitations.repository.ts';
import { toInvitationDto, invitationStatus } from './invitations.presenter.ts';
import { findUser, findUserByEmail, insertUser, replaceUserTagsAndZones } from '../account-core/users.repository.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { BUTTON_LABELS, resolveTemplate } from '../messages/templates.service.ts';
import { fillTemplate } from '@fieldwork/domain/messages/messages.rules';
import { assertRefsExist } from './users.service.ts';

const INVITATION_DAYS = 7;
const ACCOUNT_EXISTS = 'This email address already has a Fieldwork account. Sign in with it, or ask for an invitation to another address.';

/**
 * An address can hold one login in the whole deployment. Only a member of the admin's own company is named as
 * taken; an address used by another company is invited like any other (its owner learns at acceptance, from
 * the link they hold), so inviting is no way to find out who else uses Fieldwork.
 */
export async function createInvitation(app: FastifyInstance, request: FastifyRequest, viewer: Viewer, body: CreateInvitationBody) {
  const existing = await findUserByEmail(app.db, body.email);
  if (existing?.tenant_id === viewer.tenantId) throw new AppError('EMAIL_TAKEN', 'This person already has a login in your company.');
  const tagIds = (body.tags ?? []).map((t) => t.id);
  const zoneIds = (body.zones ?? []).map((z) => z.id);
  await assertRefsExist(app.db, viewer.tenantId, tagIds, zoneIds);
  const token = randomToken();
  const now = new Date();
  const id = randomUUID();
  const link = `${publicOrigin(app, request)}/invitation/accept?token=${token}`;
  const inviter = await findUser(app.db, viewer.tenantId, viewer.userId);
  await app.db.transaction().execute(async (trx) => {
    await revokePendingFor(trx, viewer.tenantId, body.email, now.toISOString());
    await insertInvitation(trx, viewer.tenantId, {
      id,
      email: body.email,
      role: body.role,
      access: body.access ?? defaultAccessFor(body.role),
      token_hash: sha256(token),
      tag_ids: JSON.stringify(tagIds),
      zone_ids: JSON.stringify(zoneIds),
      invited_by: viewer.userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString(),
    });
    await emailInvitation(app, trx, viewer, { email: body.email, role: body.role, inviterName: inviter?.name ?? 'Your admin', link });
  });
  const row = await findInvitation(app.db, viewer.tenantId, id);
  return { invitation: toInvitationDto(row!, nowIso()), link };
}

/** The invitation goes by email too (the copyable link stays, for people without one); its link is one-time. */
async function emailInvitation(
  app: FastifyInstance,
  trx: Db,
  viewer: Viewer,
  invite: { email: string; role: string; inviterName: string; link: string },
): Promise<void> {
  const template = await resolveTemplate(trx, viewer.tenantId, 'invitation');
  const company = await findTenant(trx, viewer.tenantId);
  const values = { companyName: company?.name ?? '', inviteeEmail: invite.email, role: invite.role, inviterName: invite.inviterName };
  await queueEmail(
    { db: trx, tenantId: viewer.tenantId, box: app.secrets },
    {
      kind: 'invitation',
      to: [invite.email],
      subject: fillTemplate(template.subject, values),
      content: {
        message: fillTemplate(template.message, values),
        button: { label: BUTTON_LABELS.invitation, url: invite.link },
        footnote: `This invitation was sent to ${invite.email}. If you did not expect it, you can ignore this email.`,
      },
      createdBy: viewer.userId,
      secretLink: invite.link,
    },
  );
}

export async function listInvited(db: Db, tenantId: string, q: InvitedListQuery) {
  const now = nowIso();
  const { rows, total } = await listInvitations(db, tenantId, q, now);
  return { items: rows.map((r) => toInvitationDto(r, now)), meta: pageMeta(total, q.page, q.limit) };
}

export async function getInvitation(db: Db, tenantId: string, id: string) {
  const row = await findInvitation(db, tenantId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toInvitationDto(row, nowIso());
}

export async function revokeInvitation(db: Db, tenantId: string, id: string): Promise<void> {
  if (!(await findInvitation(db, tenantId, id))) throw new AppError('NOT_FOUND');
  if (!(await revokeInvitationRow(db, tenantId, id, nowIso()))) throw new AppError('CONFLICT', 'This invitation was already accepted or revoked.');
}

async function usableInvitation(db: Db, token: string) {
  const row = await findInvitationByTokenHash(db, sha256(token));
  if (!row || invitationStatus(row, nowIso()) !== 'PENDING') throw new AppError('INVITATION_INVALID');
  return row;
}

export async function previewInvitation(db: Db, token: string) {
  const row = await usableInvitation(db, token);
  return { email: row.email, role: row.role, companyName: row.company_name };
}

export async function acceptInvitation(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: AcceptInvitationBody) {
  const invitation = await usableInvitation(app.db, body.token);
  enterTenant(invitation.tenant_id);
  const passwordHash = await hashPassword(body.password);
  const userId = randomUUID();
  const now = nowIso();
  try {
    await app.db.transaction().execute(async (trx) => {
      await insertUser(trx, invitation.tenant_id, {
        id: userId,
        email: invitation.email,
        password_hash: passwordHash,
        name: body.name,
        phone: null,
        role: invitation.role as RoleName,
        access: invitation.access,
        status: 'ACTIVE',
        photo_file_id: null,
        added_by: invitation.invited_by,
        created_at: now,
        updated_at: now,
        password_changed_at: now,
      });
      // The user row exists first (accepted_user_id references it); a lost race rolls the insert back.
      if (!(await markAccepted(trx, invitation.tenant_id, invitation.id, userId, now))) throw new AppError('INVITATION_INVALID');
      await replaceUserTagsAndZones(trx, invitation.tenant_id, userId, JSON.parse(invitation.tag_ids), JSON.parse(invitation.zone_ids));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', ACCOUNT_EXISTS);
    throw error;
  }
  await startSession(app, request, reply, { id: userId, tenant_id: invitation.tenant_id, role: invitation.role });
  return { tenantId: invitation.tenant_id, userId };
}
