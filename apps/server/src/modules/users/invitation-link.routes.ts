import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptInvitationBody, invitationPreviewSchema, invitationTokenQuery, sessionSchema } from '@fieldwork/domain/access/auth.schemas';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { sessionInfo } from '../auth/sessions.service.ts';
import { acceptInvitation, previewInvitation } from './invitations.service.ts';

const sessionResponse = dataOf(sessionSchema);

/** The invitation link's two public routes: what it is for, and accepting it (which signs the new user in). */
export async function invitationLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for',
        security: [],
        querystring: invitationTokenQuery,
        response: { 200: dataOf(invitationPreviewSchema) },
      },
    },
    async (request) => ({ data: await previewInvitation(app.db, request.query.token) }),
  );

  r.post(
    '/api/auth/accept-invitation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: set name and password, then sign in',
        security: [],
        body: acceptInvitationBody,
        response: { 201: sessionResponse },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = await acceptInvitation(app, request, reply, request.body);
      return reply.status(201).send({ data: await sessionInfo(app.db, tenantId, userId) });
    },
  );
}
