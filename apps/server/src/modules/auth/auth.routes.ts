import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBody,
  invitationPreviewSchema,
  invitationTokenQuery,
  loginBody,
  sessionSchema,
  setupStatusSchema,
  signupAcceptedSchema,
  signupBody,
} from '@fieldwork/domain/auth.schemas';
import { dataOf } from '@fieldwork/domain/common.schemas';
import { clearSessionCookie } from '../../plugins/auth.plugin.ts';
import { login, logout, needsSetup, setupFirstCompany, signupCompany } from './auth.service.ts';
import { sessionInfo } from './sessions.service.ts';
import { acceptInvitation, previewInvitation } from '../users/invitations.service.ts';

const sessionResponse = dataOf(sessionSchema);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/setup-status', {
    schema: { tags: ['auth'], summary: 'Whether this deployment still needs its first company', security: [], response: { 200: dataOf(setupStatusSchema) } },
  }, async () => ({ data: { needsSetup: await needsSetup(app) } }));

  r.post('/api/auth/setup', {
    schema: { tags: ['auth'], summary: 'First-run setup: the first company and its admin', security: [], body: signupBody, response: { 201: sessionResponse } },
  }, async (request, reply) => {
    const { tenantId, userId } = await setupFirstCompany(app, request, reply, request.body);
    return reply.status(201).send({ data: await sessionInfo(app.db, tenantId, userId) });
  });

  r.post('/api/auth/signup', {
    schema: {
      tags: ['auth'],
      summary: 'Sign up a new company with its admin',
      description:
        'Always 202 with the same body, whether or not the email already has an account (the company is created only for a new address). ' +
        'It does not sign in: sign in with POST /api/auth/login. Limited per client IP (429 with Retry-After).',
      security: [],
      body: signupBody,
      response: { 202: dataOf(signupAcceptedSchema) },
    },
  }, async (request, reply) => reply.status(202).send({ data: await signupCompany(app, request, request.body) }));

  r.post('/api/auth/login', {
    schema: { tags: ['auth'], summary: 'Sign in with email and password; sets the session cookie', security: [], body: loginBody, response: { 200: sessionResponse } },
  }, async (request, reply) => {
    const { tenantId, userId } = await login(app, request, reply, request.body);
    return { data: await sessionInfo(app.db, tenantId, userId) };
  });

  r.post('/api/auth/logout', {
    schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
  }, async (request, reply) => {
    await logout(app, request.auth?.sessionIdHash ?? null);
    clearSessionCookie(app, reply);
    return reply.status(204).send(null);
  });

  r.get('/api/auth/invitation', {
    schema: { tags: ['auth'], summary: 'What an invitation link is for', security: [], querystring: invitationTokenQuery, response: { 200: dataOf(invitationPreviewSchema) } },
  }, async (request) => ({ data: await previewInvitation(app.db, request.query.token) }));

  r.post('/api/auth/accept-invitation', {
    schema: { tags: ['auth'], summary: 'Accept an invitation: set name and password, then sign in', security: [], body: acceptInvitationBody, response: { 201: sessionResponse } },
  }, async (request, reply) => {
    const { tenantId, userId } = await acceptInvitation(app, request, reply, request.body);
    return reply.status(201).send({ data: await sessionInfo(app.db, tenantId, userId) });
  });
}
