import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

export async function securityPlugin(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
