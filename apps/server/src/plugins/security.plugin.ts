import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '@fieldwork/domain/common/errors.schemas';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: browsers tell us where a request came from. A mutating request whose Sec-Fetch-Site or Origin says
 * "another site" is refused; requests without those headers (curl, API tokens) carry no ambient cookie risk
 * that SameSite=Lax does not already cover.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') {
    if (origin === 'null') return true;
    try {
      return new URL(origin).host !== request.headers.host;
    } catch {
      return true;
    }
  }
  return false;
}

/** PostgreSQL text cannot hold NUL, and no field of ours needs it: refuse it everywhere, up front. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for these options, worked out once: none of ours depends on the request (no nonces),
 * and helmet re-derives every value per request otherwise (parsing the policy's directives each time was ~3% of a
 * small authenticated request's CPU time under load, in the bench:request profile).
 */
export function fixedSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // A helmet that set a header only later (asynchronously) would leave answers without it: refuse to start.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export async function securityPlugin(app: FastifyInstance): Promise<void> {
  const securityHeaders = fixedSecurityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(securityHeaders);
  });

  // The customer portal's pages and answers stay out of search engines, and its addresses (a link's page) out
  // of any Referer (the token itself travels in the fragment, which browsers never send).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/portal') || request.url.startsWith('/api/portal/'))
      reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
  });

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (isCrossSite(request)) throw new AppError('CSRF_REJECTED');
  });

  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError('VALIDATION_FAILED', ['Text must not contain the NUL character.']);
    }
  });
}
