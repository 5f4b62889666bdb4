import { enterSession, enterTenant, runInScope, withTenant } from '@fieldwork/db/tenant-scope';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tokenExpired, tokenRefusal, type TokenScope } from '@fieldwork/domain/access/api-tokens.rules';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { can, refusalFor, type AccessLevel, type Capability, type Viewer } from '@fieldwork/domain/access/roles.rules';
import { sha256 } from '../lib/crypto.ts';
import { deleteSession, findApiTokenByHash, findSessionByHash, markApiTokenUsed, touchSession } from '../modules/account-core/sessions.repository.ts';

export type AuthContext = {
  viewer: Viewer;
  timeZone: string;
  /** Hash of the session id, when signed in by cookie. */
  sessionIdHash: string | null;
  via: 'session' | 'token';
  /** When signed in by Bearer: the hash of its secret (to look it up again) and its scope. */
  token: { hash: string; scope: TokenScope } | null;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The capabilities the route's guards check, collected at registration for the token scope rule. */
    capabilities?: readonly Capability[];
  }
}

export const INVALID_TOKEN_MESSAGE = 'The API token is invalid, revoked or expired.';

/** The capability behind each function guard() made, so a route's capabilities are known without running it. */
const GUARDED = new WeakMap<object, Capability>();

/** Writing last_seen on every request would turn each read into a write; a minute of slack is plenty. */
const TOUCH_EVERY_MS = 60_000;

function viewerOf(row: { tenant_id: string; user_id: string; role: string; access: string }): Viewer {
  return { tenantId: row.tenant_id, userId: row.user_id, role: row.role, access: row.access as AccessLevel };
}

/** A token works while unrevoked (the lookup skips revoked ones), unexpired and its owner is active. */
export function tokenRowLive(row: { status: string; expires_at: string | null }, now: number): boolean {
  return row.status === 'ACTIVE' && !tokenExpired(row.expires_at, now);
}

async function resolveBearer(app: FastifyInstance, secret: string): Promise<AuthContext | null> {
  const hash = sha256(secret);
  const row = await findApiTokenByHash(app.db, hash);
  const now = Date.now();
  if (!row || !tokenRowLive(row, now)) return null;
  enterTenant(row.tenant_id);
  if (!row.last_used_at || now - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
    await markApiTokenUsed(app.db, row.id, new Date(now).toISOString());
  }
  return { viewer: viewerOf(row), timeZone: row.time_zone, sessionIdHash: null, via: 'token', token: { hash, scope: row.scope } };
}

async function resolveSession(app: FastifyInstance, token: string): Promise<AuthContext | null> {
  const idHash = sha256(token);
  const row = await findSessionByHash(app.db, idHash);
  if (!row) return null;
  const now = Date.now();
  const idleExpired = now - Date.parse(row.last_seen_at) > row.idle_seconds * 1000;
  if (row.status !== 'ACTIVE' || idleExpired || now >= Date.parse(row.expires_at)) {
    await withTenant(row.tenant_id, () => deleteSession(app.db, idHash));
    return null;
  }
  enterSession(row.tenant_id, idHash);
  if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) await touchSession(app.db, idHash, new Date(now).toISOString());
  return { viewer: viewerOf(row), timeZone: row.time_zone, sessionIdHash: idHash, via: 'session', token: null };
}

export async function authPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  // Routes registered from here on (every /api route) carry the capabilities their guards check.
  app.addHook('onRoute', (route) => {
    const handlers: unknown[] = [route.preHandler ?? []].flat();
    const capabilities = handlers.flatMap((h) => {
      const capability = typeof h === 'function' ? GUARDED.get(h) : undefined;
      return capability ? [capability] : [];
    });
    route.config = { ...route.config, capabilities };
  });
  // Each request gets its own database scope (tenant-scope.ts), opened to the company once the session is known;
  // run() around done() puts every later hook, the handler and their queries inside it.
  app.addHook('onRequest', (_request, _reply, done) => runInScope({ tenantId: null }, done));
  app.addHook('onRequest', async (request) => {
    // The customer portal signs in with its own cookie only (modules/portal): a staff session or API token is
    // never even looked up there, so neither can reach a portal route, nor a portal session a staff one.
    // Providers' webhooks are admitted by their signatures alone.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/portal/') || request.url.startsWith('/api/webhooks/')) return;
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const auth = await resolveBearer(app, header.slice(7).trim());
      if (!auth?.token) throw new AppError('UNAUTHENTICATED', INVALID_TOKEN_MESSAGE);
      request.auth = auth;
      // The one place a token's scope is applied, to every route (guarded or not) before its body is read;
      // an unknown path is left to answer 404.
      const route = { method: request.method, capabilities: request.routeOptions.config.capabilities ?? [] };
      const refusal = request.is404 ? null : tokenRefusal(auth.token.scope, route);
      if (refusal) throw new AppError('FORBIDDEN', refusal);
      return;
    }
    const token = request.cookies[app.config.session.cookieName];
    if (token && token.length <= 200) request.auth = await resolveSession(app, token);
  });
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** Route guard: signed in, and the domain's permission table allows the capability. */
export function guard(capability: Capability): preHandlerAsyncHookHandler {
  const capabilityGuard = async function capabilityGuard(request: FastifyRequest, _reply: FastifyReply) {
    const auth = requireAuth(request);
    if (!can(auth.viewer, capability)) throw new AppError('FORBIDDEN', refusalFor(auth.viewer, capability));
  };
  GUARDED.set(capabilityGuard, capability);
  return capabilityGuard;
}

export function setSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(app.config.session.cookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(app.config.session.cookieName, { path: '/' });
}
