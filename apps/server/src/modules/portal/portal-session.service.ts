import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enterTenant, withTenant } from '@fieldwork/db/tenant-scope';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PORTAL_MESSAGES, PORTAL_SESSION_HOURS, portalLinkLive } from '@fieldwork/domain/portal/portal.rules';
import type { PortalSessionAnswer } from '@fieldwork/domain/portal/portal.schemas';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { findTenant } from '../account-core/company.repository.ts';
import { hitCounter, peekCounter } from '../auth/rate-limit.repository.ts';
import { findPortalLinkByHash, markPortalLinkOpened } from '../portal-core/portal-links.repository.ts';
import { deletePortalSession, findPortalSessionByHash, insertPortalSession } from './portal-sessions.repository.ts';
import { customersWithAddress } from './portal.repository.ts';

/**
 * The portal's own cookie, sent only to the portal's API: a staff session never reaches a portal route and a
 * customer session never a staff one, because each side reads only its own cookie (the staff sign-in ignores
 * /api/portal/ altogether).
 */
export const PORTAL_COOKIE = 'fieldwork_portal';
const COOKIE_PATH = '/api/portal';

/**
 * One customer of one company, signed in by a link. Every portal query is scoped by both; `only` holds the
 * session to one document when its link went to an address that is not the customer's own.
 */
export type PortalViewer = {
  tenantId: string;
  customerId: string;
  email: string;
  sessionHash: string;
  only: { kind: 'estimate' | 'invoice'; id: string } | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    portal: PortalViewer | null;
  }
}

/**
 * Failed link tokens per client address in a window. Only failures count: a guess at 256 bits never lands, but
 * each costs a lookup, while a customer opening their own link again and again is never held up.
 */
const FAILED_TOKENS_PER_IP = 20;
const TOKEN_WINDOW_MS = 15 * 60_000;

const retryAfter = (windowStart: string) => String(Math.max(1, Math.ceil((Date.parse(windowStart) + TOKEN_WINDOW_MS - Date.now()) / 1000)));
const tokenCounter = (request: FastifyRequest) => `portal-token:ip:${request.ip}`;

/**
 * Refuses a client address that has sent too many unknown or dead link tokens lately — to any of the portal's
 * token routes (a document's link, a visit link), which share one count, so spreading guesses over them gains nothing.
 */
export async function refuseTokenGuesser(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const failed = await peekCounter(app.db, tokenCounter(request), TOKEN_WINDOW_MS);
  if (failed.count >= FAILED_TOKENS_PER_IP) throw new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': retryAfter(failed.windowStart) } });
}

/** Counts one unknown or dead token against the client's address. */
export async function countFailedToken(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  await hitCounter(app.db, tokenCounter(request), TOKEN_WINDOW_MS);
}

/**
 * The link's token for a customer session. A live link opens its customer's session and answers the document
 * it was for; an expired, revoked or unknown one answers LINK_UNUSABLE with only the company's portal address
 * (so the page can offer a fresh link) — and an unknown one not even that.
 */
export async function exchangePortalToken(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string): Promise<PortalSessionAnswer> {
  await refuseTokenGuesser(app, request);
  const link = await findPortalLinkByHash(app.db, sha256(token));
  const now = Date.now();
  if (!link || !portalLinkLive({ expiresAt: link.expires_at, revokedAt: link.revoked_at }, now)) {
    await countFailedToken(app, request);
    // An unknown token learns nothing; a known but dead one learns only where to ask for a fresh link.
    const tenant = link ? await findTenant(app.db, link.tenant_id) : undefined;
    throw new AppError('LINK_UNUSABLE', undefined, tenant ? { details: { companySlug: tenant.portal_slug ?? null } } : {});
  }
  const secret = randomToken();
  const at = new Date(now).toISOString();
  await withTenant(link.tenant_id, async () => {
    // The office may email a document to anyone (an accountant, a tenant): such a recipient reads that document
    // and nothing else of the customer's — only the customer's own addresses open the whole account.
    const own = !link.estimate_id && !link.invoice_id ? true : (await customersWithAddress(app.db, link.tenant_id, link.email)).includes(link.customer_id);
    await insertPortalSession(app.db, {
      only_estimate_id: own ? null : link.estimate_id,
      only_invoice_id: own ? null : link.invoice_id,
      id: sha256(secret),
      tenant_id: link.tenant_id,
      customer_id: link.customer_id,
      email: link.email,
      link_id: link.id,
      created_at: at,
      expires_at: new Date(now + PORTAL_SESSION_HOURS * 3_600_000).toISOString(),
      ip: request.ip ?? null,
      user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
    });
    await markPortalLinkOpened(app.db, link.tenant_id, link.id, at);
  });
  reply.setCookie(PORTAL_COOKIE, secret, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: PORTAL_SESSION_HOURS * 3600,
  });
  return {
    document: link.estimate_id ? { kind: 'estimate', id: link.estimate_id } : link.invoice_id ? { kind: 'invoice', id: link.invoice_id } : null,
  };
}

async function resolvePortalSession(app: FastifyInstance, secret: string): Promise<PortalViewer | null> {
  const idHash = sha256(secret);
  const row = await findPortalSessionByHash(app.db, idHash);
  if (!row) return null;
  if (Date.now() >= Date.parse(row.expires_at)) {
    await deletePortalSession(app.db, row.tenant_id, idHash);
    return null;
  }
  const only = row.only_estimate_id
    ? ({ kind: 'estimate', id: row.only_estimate_id } as const)
    : row.only_invoice_id
      ? ({ kind: 'invoice', id: row.only_invoice_id } as const)
      : null;
  return { tenantId: row.tenant_id, customerId: row.customer_id, email: row.email, sessionHash: idHash, only };
}

/** Route guard of every signed-in portal route: the portal cookie names one customer of one company, or 401. */
export function portalGuard(app: FastifyInstance) {
  return async function requirePortal(request: FastifyRequest): Promise<void> {
    const secret = request.cookies[PORTAL_COOKIE];
    const viewer = secret && secret.length <= 200 ? await resolvePortalSession(app, secret) : null;
    if (!viewer) throw new AppError('UNAUTHENTICATED', PORTAL_MESSAGES.signedOut);
    enterTenant(viewer.tenantId);
    request.portal = viewer;
  };
}

export function requirePortalViewer(request: FastifyRequest): PortalViewer {
  if (!request.portal) throw new AppError('UNAUTHENTICATED', PORTAL_MESSAGES.signedOut);
  return request.portal;
}

export async function endPortalSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const viewer = requirePortalViewer(request);
  await deletePortalSession(app.db, viewer.tenantId, viewer.sessionHash);
  reply.clearCookie(PORTAL_COOKIE, { path: COOKIE_PATH });
}
