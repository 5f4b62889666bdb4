import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBody,
  sessionSchema,
  setupStatusSchema,
  signupAcceptedSchema,
  signupBody,
  forgotPasswordBody,
  FORGOT_PASSWORD_ACCEPTED,
  resetPasswordBody,
  verifyEmailBody,
} from '@fieldwork/domain/access/auth.schemas';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { clearSessionCookie, guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { login, logout, needsSetup, setupFirstCompany, signupCompany } from './auth.service.ts';
import { sessionInfo } from './sessions.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { resendVerification, verifyEmail } from './verification.service.ts';

const sessionResponse = dataOf(sessionSchema);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/setup-status',
    {
      schema: { tags: ['auth'], summary: 'Whether this deployment still needs its first company', security: [], response: { 200: dataOf(setupStatusSchema) } },
    },
    async () => ({ data: { needsSetup: await needsSetup(app) } }),
  );

  r.post(
    '/api/auth/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'First-run setup: the first company and its admin',
        security: [],
        body: signupBody,
        response: { 201: sessionResponse },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = await setupFirstCompany(app, request, reply, request.body);
      return reply.status(201).send({ data: await sessionInfo(app.db, tenantId, userId) });
    },
  );

  r.post(
    '/api/auth/signup',
    {
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
    },
    async (request, reply) => reply.status(202).send({ data: await signupCompany(app, request, request.body) }),
  );

  r.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        security: [],
        body: loginBody,
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = await login(app, request, reply, request.body);
      return { data: await sessionInfo(app.db, tenantId, userId) };
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Email a one-time link to set a new password',
        description: 'Always 202 with the same body, whether or not the address has an account. Limited per client IP and per address (429 with Retry-After).',
        security: [],
        body: forgotPasswordBody,
        response: { 202: dataOf(z.object({ message: z.string() })) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app, request, request.body);
      return reply.status(202).send({ data: { message: FORGOT_PASSWORD_ACCEPTED } });
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: "Set a new password with the emailed link's token; ends every session of the user and signs in",
        security: [],
        body: resetPasswordBody,
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = await resetPassword(app, request, reply, request.body);
      return { data: await sessionInfo(app.db, tenantId, userId) };
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: "Confirm a company's email address with the link from its signup email",
        security: [],
        body: verifyEmailBody,
        response: { 200: dataOf(z.object({ message: z.string() })) },
      },
    },
    async (request) => ({ data: await verifyEmail(app, request.body.token) }),
  );

  r.post(
    '/api/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await logout(app, request.auth?.sessionIdHash ?? null);
      clearSessionCookie(app, reply);
      return reply.status(204).send(null);
    },
  );

  // The company's address is confirmed by the sign-up flow's own link, so re-sending it lives with that flow.
  r.post(
    '/api/company/verification',
    {
      preHandler: guard('settings.manage'),
      schema: {
        tags: ['company'],
        summary: "Email a new link to confirm the company's address (until it is confirmed, customers cannot be emailed)",
        response: { 202: dataOf(z.object({ message: z.string() })) },
      },
    },
    async (request, reply) => reply.status(202).send({ data: await resendVerification(app, request, requireAuth(request).viewer) }),
  );
}
