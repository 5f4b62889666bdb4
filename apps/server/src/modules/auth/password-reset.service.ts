import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { withSecret, withTenant } from '@fieldwork/db/tenant-scope';
import { ACCOUNT_LINK_MESSAGES, PASSWORD_RESET_MINUTES, type ForgotPasswordBody, type ResetPasswordBody } from '@fieldwork/domain/access/auth.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { findUser, findUserByEmail, updateUserRow } from '../account-core/users.repository.ts';
import { findResetByHash, insertPasswordReset, useReset } from './account-links.repository.ts';
import { hitCounter } from './rate-limit.repository.ts';
import { deleteUserSessions } from '../account-core/sessions.repository.ts';
import { startSession } from './sessions.service.ts';

const IP_WINDOW_MS = 15 * 60_000;
const ADDRESS_WINDOW_MS = 60 * 60_000;
const PER_IP = 20;
const PER_ADDRESS = 5;
/**
 * Every answer takes at least this long. An address with an account costs a few writes more than one without;
 * waiting out the same floor for both keeps the answer's timing from telling them apart.
 */
const ANSWER_FLOOR_MS = 250;

const retryAfter = (windowStart: string, windowMs: number) => String(Math.max(1, Math.ceil((Date.parse(windowStart) + windowMs - Date.now()) / 1000)));

/**
 * Counted per client IP and per address before anything else; then, only for an active account, a one-hour,
 * one-time link (stored as its hash) is emailed. The caller answers 202 whatever happened here.
 */
export async function requestPasswordReset(app: FastifyInstance, request: FastifyRequest, body: ForgotPasswordBody): Promise<void> {
  const started = Date.now();
  const ip = await hitCounter(app.db, `forgot:ip:${request.ip}`, IP_WINDOW_MS);
  if (ip.count > PER_IP)
    throw new AppError('RATE_LIMITED', ACCOUNT_LINK_MESSAGES.tooManyResets, { headers: { 'retry-after': retryAfter(ip.windowStart, IP_WINDOW_MS) } });
  const address = await hitCounter(app.db, `forgot:email:${body.email}`, ADDRESS_WINDOW_MS);
  if (address.count > PER_ADDRESS)
    throw new AppError('RATE_LIMITED', ACCOUNT_LINK_MESSAGES.tooManyResets, { headers: { 'retry-after': retryAfter(address.windowStart, ADDRESS_WINDOW_MS) } });
  const user = await findUserByEmail(app.db, body.email);
  if (user && user.status === 'ACTIVE') {
    const token = randomToken();
    const link = `${publicOrigin(app, request)}/reset-password?token=${token}`;
    const now = new Date();
    await withTenant(user.tenant_id, () =>
      app.db.transaction().execute(async (trx) => {
        await insertPasswordReset(trx, user.tenant_id, {
          id: randomUUID(),
          user_id: user.id,
          token_hash: sha256(token),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
          used_at: null,
        });
        await queueEmail(
          { db: trx, tenantId: user.tenant_id, box: app.secrets },
          {
            kind: 'password_reset',
            to: [user.email],
            subject: 'Set a new Fieldwork password',
            content: {
              message: `Hi ${user.name},\n\nSomeone (we hope you) asked to set a new password for your Fieldwork account. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
              button: { label: 'Set a new password', url: link },
              footnote: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
            },
            refs: { userId: user.id },
            createdBy: null,
            secretLink: link,
          },
        );
      }),
    );
  }
  const wait = ANSWER_FLOOR_MS - (Date.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/**
 * Sets the password from a valid link: the link is used up by a conditional update (two tabs at once: one wins),
 * every session of the user ends, and the user is signed in afresh. Unknown, used and expired links get one message.
 */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: ResetPasswordBody,
): Promise<{ tenantId: string; userId: string }> {
  const tokenHash = sha256(body.token);
  const link = await withSecret({ tokenHash }, () => findResetByHash(app.db, tokenHash));
  const invalid = () => new AppError('VALIDATION_FAILED', [ACCOUNT_LINK_MESSAGES.resetInvalid]);
  if (!link || link.used_at || Date.parse(link.expires_at) <= Date.now()) throw invalid();
  const passwordHash = await hashPassword(body.password);
  const user = await withTenant(link.tenant_id, async () => {
    const found = await findUser(app.db, link.tenant_id, link.user_id);
    if (!found || found.status !== 'ACTIVE') throw invalid();
    const now = nowIso();
    await app.db.transaction().execute(async (trx) => {
      if (!(await useReset(trx, link.tenant_id, link.user_id, link.id, now))) throw invalid();
      await updateUserRow(trx, link.tenant_id, link.user_id, null, { password_hash: passwordHash, password_changed_at: now, updated_at: now });
      await deleteUserSessions(trx, link.tenant_id, link.user_id);
    });
    return found;
  });
  await startSession(app, request, reply, user);
  return { tenantId: user.tenant_id, userId: user.id };
}
