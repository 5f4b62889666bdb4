import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { withSecret, withTenant } from '@fieldwork/db/tenant-scope';
import { ACCOUNT_LINK_MESSAGES, EMAIL_VERIFICATION_DAYS } from '@fieldwork/domain/access/auth.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { publicOrigin } from '../../lib/public-url.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { queueEmail } from '../messages/messages.service.ts';
import { findUser } from '../account-core/users.repository.ts';
import { findVerificationByHash, insertVerification, useVerification } from './account-links.repository.ts';
import { hitCounter } from './rate-limit.repository.ts';

type Person = { id: string; email: string; name: string };

/** In the caller's transaction: a one-time link (stored as its hash) emailed to the admin who signed up. */
export async function queueVerificationEmail(
  app: FastifyInstance,
  trx: Db,
  tenantId: string,
  companyName: string,
  person: Person,
  request?: FastifyRequest,
): Promise<void> {
  const token = randomToken();
  const link = `${publicOrigin(app, request)}/verify-email?token=${token}`;
  const now = new Date();
  await insertVerification(trx, tenantId, {
    id: randomUUID(),
    user_id: person.id,
    token_hash: sha256(token),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_DAYS * 86_400_000).toISOString(),
    used_at: null,
  });
  await queueEmail(
    { db: trx, tenantId, box: app.secrets },
    {
      kind: 'signup_verification',
      to: [person.email],
      subject: `Confirm your email address for ${companyName}`,
      content: {
        message: `Hi ${person.name},\n\nWelcome to Fieldwork. Please confirm that this is your email address: until you do, ${companyName} cannot email its customers.`,
        button: { label: 'Confirm my email address', url: link },
        footnote: `The link works for ${EMAIL_VERIFICATION_DAYS} days. If you did not sign up for Fieldwork, you can ignore this email.`,
      },
      refs: { userId: person.id },
      createdBy: null,
      secretLink: link,
    },
  );
}

/**
 * Someone signed up with an address that already has an account. The signup answered as for a new address;
 * the owner of the address is told, so they know and can sign in or reset their password.
 */
export async function queueSignupNotice(app: FastifyInstance, tenantId: string, person: Person, request?: FastifyRequest): Promise<void> {
  await withTenant(tenantId, () =>
    app.db.transaction().execute((trx) =>
      queueEmail(
        { db: trx, tenantId, box: app.secrets },
        {
          kind: 'signup_notice',
          to: [person.email],
          subject: 'Someone tried to sign up with your email address',
          content: {
            message: `Hi ${person.name},\n\nSomeone tried to create a new Fieldwork company with your email address, which already has an account. Nothing was changed.\n\nIf it was you, sign in with your existing account, or set a new password if you forgot it.`,
            button: { label: 'Sign in', url: `${publicOrigin(app, request)}/login` },
            footnote: 'If it was not you, you can ignore this email.',
          },
          refs: { userId: person.id },
          createdBy: null,
        },
      ),
    ),
  );
}

/** The link from the signup email confirms the company's address, once; anyone holding it may use it. */
export async function verifyEmail(app: FastifyInstance, token: string): Promise<{ message: string }> {
  const tokenHash = sha256(token);
  const link = await withSecret({ tokenHash }, () => findVerificationByHash(app.db, tokenHash));
  const invalid = () => new AppError('VALIDATION_FAILED', [ACCOUNT_LINK_MESSAGES.verifyInvalid]);
  if (!link || link.used_at || Date.parse(link.expires_at) <= Date.now()) throw invalid();
  const done = await withTenant(link.tenant_id, () => app.db.transaction().execute((trx) => useVerification(trx, link.tenant_id, link.id, nowIso())));
  if (!done) throw invalid();
  return { message: ACCOUNT_LINK_MESSAGES.verified };
}

const RESEND_WINDOW_MS = 60 * 60_000;
const RESENDS_PER_HOUR = 5;

/** A fresh link to the admin asking, while the company is not confirmed yet. */
export async function resendVerification(app: FastifyInstance, request: FastifyRequest, viewer: Viewer): Promise<{ message: string }> {
  const tenant = await findTenant(app.db, viewer.tenantId);
  if (!tenant) throw new AppError('NOT_FOUND');
  if (tenant.email_verified_at) throw new AppError('CONFLICT', ACCOUNT_LINK_MESSAGES.alreadyVerified);
  const hit = await hitCounter(app.db, `verify:tenant:${viewer.tenantId}`, RESEND_WINDOW_MS);
  if (hit.count > RESENDS_PER_HOUR) throw new AppError('RATE_LIMITED');
  const user = await findUser(app.db, viewer.tenantId, viewer.userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  await app.db.transaction().execute((trx) => queueVerificationEmail(app, trx, viewer.tenantId, tenant.name, user, request));
  return { message: ACCOUNT_LINK_MESSAGES.verificationSent };
}
