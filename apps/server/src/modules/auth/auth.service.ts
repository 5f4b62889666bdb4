import { enterTenant } from '@fieldwork/db/tenant-scope';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { SIGNUP_ACCEPTED_MESSAGE, type LoginBody, type SignupAccepted, type SignupBody } from '@fieldwork/domain/access/auth.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { isUniqueViolation, nowIso } from '@fieldwork/db/sql-helpers';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { claimFlag, countTenants, insertTenant } from '../account-core/company.repository.ts';
import { findUserByEmail, insertUser } from '../account-core/users.repository.ts';
import { hitCounter, resetCounter } from './rate-limit.repository.ts';
import { deleteSession } from '../account-core/sessions.repository.ts';
import { startSession } from './sessions.service.ts';
import { queueSignupNotice, queueVerificationEmail } from './verification.service.ts';
import type { Db } from '@fieldwork/db/connection';

const HOUR_MS = 3_600_000;
const IP_WINDOW_MS = 15 * 60_000;

export async function needsSetup(app: FastifyInstance): Promise<boolean> {
  return (await countTenants(app.db)) === 0;
}

/**
 * Creates a company and its first admin; null when the email already has an account (nothing written). `then`
 * runs in the same transaction (the signup's verification email).
 */
async function createCompany(
  app: FastifyInstance,
  body: SignupBody,
  onlyIfFirst: boolean,
  then?: (trx: Db, ids: { tenantId: string; userId: string }) => Promise<void>,
): Promise<{ tenantId: string; userId: string } | null> {
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  const tenantId = randomUUID();
  const userId = randomUUID();
  enterTenant(tenantId);
  try {
    await app.db.transaction().execute(async (trx) => {
      if (onlyIfFirst) {
        if ((await countTenants(trx)) > 0 || !(await claimFlag(trx, 'first-run-setup', now))) throw new AppError('SETUP_ALREADY_DONE');
      }
      // First-run setup is the deployment's owner: verified at once. A signup confirms its address by email.
      await insertTenant(trx, { id: tenantId, name: body.companyName, timeZone: body.timeZone, now, verified: onlyIfFirst });
      await insertUser(trx, tenantId, {
        id: userId,
        email: body.email,
        password_hash: passwordHash,
        name: body.name,
        phone: null,
        role: 'Admin',
        access: 'fullAccess',
        status: 'ACTIVE',
        photo_file_id: null,
        added_by: null,
        created_at: now,
        updated_at: now,
        password_changed_at: now,
      });
      await then?.(trx, { tenantId, userId });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (onlyIfFirst) throw new AppError('SETUP_ALREADY_DONE');
    return null;
  }
  return { tenantId, userId };
}

/** First-run setup: the deployment's first company; its admin is signed in at once (nobody else exists yet). */
export async function setupFirstCompany(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: SignupBody) {
  const created = (await createCompany(app, body, true))!;
  await startSession(app, request, reply, { id: created.userId, tenant_id: created.tenantId, role: 'Admin' });
  return created;
}

/**
 * A new company. The answer never says whether the email already had an account: both paths hash the
 * password (the same ~30 ms of work), neither signs in, and a taken address writes nothing. Counted per client
 * IP before any work, so the form cannot be used to create companies or probe addresses in bulk.
 */
export async function signupCompany(app: FastifyInstance, request: FastifyRequest, body: SignupBody): Promise<SignupAccepted> {
  const hit = await hitCounter(app.db, `signup:ip:${request.ip}`, HOUR_MS);
  if (hit.count > app.config.signupLimitPerIpPerHour) {
    throw new AppError('RATE_LIMITED', 'Too many signups from this network. Please try again later.', {
      headers: { 'retry-after': retryAfterSeconds(hit.windowStart, HOUR_MS) },
    });
  }
  const created = await createCompany(app, body, false, (trx, ids) =>
    queueVerificationEmail(app, trx, ids.tenantId, body.companyName, { id: ids.userId, email: body.email, name: body.name }, request),
  );
  if (!created) {
    const existing = await findUserByEmail(app.db, body.email);
    if (existing) await queueSignupNotice(app, existing.tenant_id, existing, request);
  }
  return { email: body.email, message: SIGNUP_ACCEPTED_MESSAGE };
}

function retryAfterSeconds(windowStart: string, windowMs: number): string {
  return String(Math.max(1, Math.ceil((Date.parse(windowStart) + windowMs - Date.now()) / 1000)));
}

/**
 * Each attempt is counted before the password is checked, so parallel guesses cannot overrun the limits.
 * Unknown email, wrong password and disabled account all get the same answer.
 */
export async function login(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  const limits = app.config.loginLimits;
  const ip = await hitCounter(app.db, `login:ip:${request.ip}`, IP_WINDOW_MS);
  if (ip.count > limits.perIpPer15Min) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': retryAfterSeconds(ip.windowStart, IP_WINDOW_MS) } });
  }
  const accountKey = `login:account:${body.email}`;
  const account = await hitCounter(app.db, accountKey, HOUR_MS);
  if (account.count > limits.perAccountPerHour) {
    throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': retryAfterSeconds(account.windowStart, HOUR_MS) } });
  }
  const user = await findUserByEmail(app.db, body.email);
  if (!user) {
    await verifyAgainstDummy(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  const ok = await verifyPassword(user.password_hash, body.password);
  if (!ok || user.status !== 'ACTIVE') throw new AppError('INVALID_CREDENTIALS');
  await resetCounter(app.db, accountKey);
  await startSession(app, request, reply, user);
  return { tenantId: user.tenant_id, userId: user.id };
}

export async function logout(app: FastifyInstance, sessionIdHash: string | null): Promise<void> {
  if (sessionIdHash) await deleteSession(app.db, sessionIdHash);
}
