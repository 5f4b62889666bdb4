import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { visitBody, visitSchema } from '@fieldwork/domain/portal/visit.schemas';
import { getVisit, visitTechnicianPhotoByToken } from './visit-page.service.ts';

/**
 * The customer's visit page, opened from a link in a text without signing in. The link's token is the only
 * credential and travels in the POST body (never a path or query, which end up in logs); a wrong one is counted
 * against the client's address with the portal's other link tokens.
 */
export async function visitsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal'];
  r.post(
    '/api/portal/visit',
    {
      schema: {
        tags,
        summary:
          "One visit as its customer may see it, by the visit link's token: who is coming, when, and whether they are on the way, working or done (404 for an unknown or expired link; rate-limited)",
        body: visitBody,
        response: { 200: dataOf(visitSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getVisit(app, request, request.body.token) };
    },
  );
  r.post(
    '/api/portal/visit/technician-photo',
    {
      schema: {
        tags,
        summary: "The photo of the technician coming to the visit link's visit, by the link's token",
        body: visitBody,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
      },
    },
    async (request, reply) => {
      const image = await visitTechnicianPhotoByToken(app, request, request.body.token);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );
}
