import { enterTenant } from '@fieldwork/db/tenant-scope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isFieldRole } from '@fieldwork/domain/access/roles.rules';
import type { SessionInfo } from '@fieldwork/domain/access/auth.schemas';
import { capabilitiesOf } from '@fieldwork/domain/access/roles.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Db } from '@fieldwork/db/connection';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { setSessionCookie } from '../../plugins/auth.plugin.ts';
import { insertSession } from '../account-core/sessions.repository.ts';
import { findSignedInUser, type UserRow } from '../account-core/users.repository.ts';
import { toUserDto } from '../account-core/users.presenter.ts';
import { toCompanyDto } from '../account-core/company.presenter.ts';

/** A fresh random id at every sign-in (no fixation); only its hash is stored. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<UserRow, 'id' | 'tenant_id' | 'role'>,
): Promise<void> {
  const s = app.config.session;
  const field = isFieldRole(user.role);
  const idleSeconds = (field ? s.fieldIdleMinutes : s.officeIdleMinutes) * 60;
  const absoluteSeconds = (field ? s.fieldAbsoluteHours : s.officeAbsoluteHours) * 3600;
  const now = new Date();
  const token = randomToken();
  // The sign-in's company from here on (login, signup, an accepted invitation).
  enterTenant(user.tenant_id);
  await insertSession(app.db, user.tenant_id, {
    id: sha256(token),
    userId: user.id,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + absoluteSeconds * 1000).toISOString(),
    idleSeconds,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    ip: request.ip ?? null,
  });
  setSessionCookie(app, request, reply, token, absoluteSeconds);
}

export async function sessionInfo(db: Db, tenantId: string, userId: string): Promise<SessionInfo> {
  const user = await findSignedInUser(db, tenantId, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return {
    user: toUserDto(user.row, user.refs),
    company: toCompanyDto(user.company),
    capabilities: capabilitiesOf({ role: user.row.role, access: user.row.access as SessionInfo['user']['access'] }),
  };
}
