import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema } from '@fieldwork/domain/api-tokens.schemas';
import { dataOf, idParams } from '@fieldwork/domain/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createToken, listOwnTokens, revokeToken } from './api-tokens.service.ts';

export async function apiTokensRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-tokens'];

  r.get('/api/tokens', {
    preHandler: guard('tokens.self'),
    schema: { tags, summary: 'Own active personal API tokens (secrets are never shown again)', response: { 200: dataOf(z.object({ items: z.array(apiTokenSchema) })) } },
  }, async (request) => ({ data: { items: await listOwnTokens(app.db, requireAuth(request).viewer) } }));

  r.post('/api/tokens', {
    preHandler: guard('tokens.self'),
    schema: {
      tags,
      summary: 'Create a personal API token; the secret (use as "Authorization: Bearer <secret>") is shown only in this answer',
      body: createApiTokenBody,
      response: { 201: dataOf(createdApiTokenSchema) },
    },
  }, async (request, reply) => reply.status(201).send({ data: await createToken(app.db, requireAuth(request).viewer, request.body.name) }));

  r.delete('/api/tokens/:id', {
    preHandler: guard('tokens.self'),
    schema: { tags, summary: 'Revoke one of your own API tokens', params: idParams, response: { 204: z.null() } },
  }, async (request, reply) => {
    await revokeToken(app.db, requireAuth(request).viewer, request.params.id);
    return reply.status(204).send(null);
  });
}
