import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The origin of every link that leaves the product. PUBLIC_URL in production (the server refuses to start without
 * it there); in development, the address the request came to, or localhost when there is no request.
 */
export function publicOrigin(app: FastifyInstance, request?: FastifyRequest): string {
  if (app.config.publicUrl) return app.config.publicUrl;
  if (request) return `${request.protocol}://${request.headers.host ?? `localhost:${app.config.port}`}`;
  return `http://localhost:${app.config.port}`;
}
