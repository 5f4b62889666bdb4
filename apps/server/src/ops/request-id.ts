import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id from a proxy or client is kept only if it cannot break a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is short and plain, else a new UUID (so one id follows a request across a proxy). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Fastify puts request.id as `reqId` on every log line of the request; this picks that id and sends it back
 * in the response header, so a user's report or a balancer's log leads to the server's lines.
 * Register first: routes of child contexts take the id generator they see when they are created.
 */
export async function requestIdPlugin(app: FastifyInstance): Promise<void> {
  app.setGenReqId(requestIdOf);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}
