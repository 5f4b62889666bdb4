import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenBody, createdApiTokenSchema } from '@fieldwork/domain/access/api-tokens.schemas';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { createToken, listOwnTokens, revokeToken } from './api-tokens.service.ts';

export async function apiTokensRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api-tokens'];

  r.get(
    '/api/tokens',
    {
      preHandler: guard('tokens.self'),
      schema: {
        tags,
        summary: 'Own unrevoked personal API tokens, expired ones included (secrets are never shown again)',
        response: { 200: dataOf(z.object({ items: z.array(apiTokenSchema) })) },
      },
    },
    async (request) => ({ data: { items: await listOwnTokens(app.db, requireAuth(request).viewer) } }),
  );

  r.post(
    '/api/tokens',
    {
      preHandler: guard('tokens.self'),
      schema: {
        tags,
        summary: 'Create a personal API token; the secret (use as "Authorization: Bearer <secret>") is shown only in this answer',
        description:
          'scope (default read): read sends GET and HEAD only; receptionist only records calls (POST /api/receptionist/calls); full does what its owner may. ' +
          "Whatever the scope, a token never lists, creates or revokes tokens, manages users or invitations, changes company settings or its owner's profile, " +
          'and never does more than its owner may. View-only and no-access users create read tokens only; receptionist needs permission to record calls. ' +
          'expiresAt (optional, at most one year ahead): the token answers 401 from then on, like a revoked one.',
        body: createApiTokenBody,
        response: { 201: dataOf(createdApiTokenSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createToken(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.delete(
    '/api/tokens/:id',
    {
      preHandler: guard('tokens.self'),
      schema: { tags, summary: 'Revoke one of your own API tokens', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeToken(app.db, requireAuth(request).viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
