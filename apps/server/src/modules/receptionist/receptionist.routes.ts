import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@fieldwork/domain/common/common.schemas';
import { dashboardRangeQuery } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { callListQuery, callListResponse, callResponse, createCallBody, receptionistMetricsSchema } from '@fieldwork/domain/ai/receptionist.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { getCall, listCallsPage, receptionistMetrics, recordCall } from './receptionist.service.ts';

/**
 * The caller system posts with a personal API token only: a browser session cookie is refused (401), so a
 * page of ours can never be tricked into writing the call log. The token's owner must be an office writer
 * (the guard after this one).
 */
async function bearerOnly(request: FastifyRequest): Promise<void> {
  if (requireAuth(request).via !== 'token') throw new AppError('UNAUTHENTICATED', 'Send a personal API token: Authorization: Bearer <token>.');
}

/** AI receptionist call log and its dashboard metrics. */
export async function receptionistRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['receptionist'];

  r.post(
    '/api/receptionist/calls',
    {
      preHandler: [bearerOnly, guard('receptionist.post')],
      schema: {
        tags,
        summary: 'Record a call (Bearer API token only). Idempotent on externalCallId: a repeat answers 200 with the stored call',
        security: [{ bearer: [] }],
        body: createCallBody,
        response: { 200: callResponse, 201: callResponse },
      },
    },
    async (request, reply) => {
      const { call, created } = await recordCall(app.db, requireAuth(request).viewer, request.body);
      return reply.status(created ? 201 : 200).send({ data: call });
    },
  );

  r.get(
    '/api/receptionist/calls',
    {
      preHandler: guard('receptionist.read'),
      schema: {
        tags,
        summary: 'Calls, newest first; outcome, from/to (company days, inclusive) and caller name/number search',
        querystring: callListQuery,
        response: { 200: callListResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return listCallsPage(app.db, auth.viewer.tenantId, auth.timeZone, request.query);
    },
  );

  r.get(
    '/api/receptionist/calls/:id',
    {
      preHandler: guard('receptionist.read'),
      schema: { tags, summary: 'One call', params: idParams, response: { 200: callResponse } },
    },
    async (request) => ({ data: await getCall(app.db, requireAuth(request).viewer.tenantId, request.params.id) }),
  );

  r.get(
    '/api/dashboard/ai-receptionist-metrics',
    {
      preHandler: guard('dashboard.read'),
      schema: {
        tags: ['dashboard'],
        summary: 'Calls handled, booked, leads created, missed, average duration and calls per company day',
        querystring: dashboardRangeQuery,
        response: { 200: receptionistMetricsSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return receptionistMetrics(app.db, auth.viewer.tenantId, auth.timeZone, request.query);
    },
  );
}
