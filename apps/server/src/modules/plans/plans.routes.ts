import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '@fieldwork/domain/common/common.schemas';
import {
  createPlanBody,
  planActionBody,
  planListQuery,
  planListResponse,
  planResponse,
  planVisitsQuery,
  planVisitsResponse,
  updatePlanBody,
} from '@fieldwork/domain/plans/plans.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { actOnPlan } from './plan-actions.service.ts';
import { updatePlan } from './plan-edit.service.ts';
import { createPlan, getPlan, listPlans, planVisits } from './plans.service.ts';

/** Service plans: recurring work whose visits are its job's tasks. Office roles, as for jobs. */
export async function plansRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];

  r.get(
    '/api/plans',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'Service plans, searched, filtered and paged', querystring: planListQuery, response: { 200: planListResponse } },
    },
    async (request) => listPlans(app.db, requireAuth(request).viewer, request.query),
  );
  r.post(
    '/api/plans',
    {
      preHandler: guard('jobs.write'),
      schema: {
        tags,
        summary: 'Create a service plan: its job, and its visits generated in the background',
        body: createPlanBody,
        response: { 201: planResponse },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createPlan(app.db, requireAuth(request).viewer, request.body) }),
  );
  r.get(
    '/api/plans/:id',
    { preHandler: guard('jobs.read'), schema: { tags, summary: 'One service plan', params: idParams, response: { 200: planResponse } } },
    async (request) => ({ data: await getPlan(app.db, requireAuth(request).viewer, request.params.id) }),
  );
  r.put(
    '/api/plans/:id',
    {
      preHandler: guard('jobs.write'),
      schema: {
        tags,
        summary: 'Change a plan at its version; a changed rule applies from changesFrom (default today) to the visits not started',
        params: idParams,
        body: updatePlanBody,
        response: { 200: planResponse },
      },
    },
    async (request) => ({ data: await updatePlan(app.db, requireAuth(request).viewer, request.params.id, request.body) }),
  );
  r.get(
    '/api/plans/:id/visits',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'The plan’s visits to come or past', params: idParams, querystring: planVisitsQuery, response: { 200: planVisitsResponse } },
    },
    async (request) => planVisits(app.db, requireAuth(request).viewer, request.params.id, request.query),
  );
  r.post(
    '/api/plans/:id/actions',
    {
      preHandler: guard('jobs.write'),
      schema: {
        tags,
        summary:
          'Change one visit (this_visit), change the rule from a date (this_and_following), pause, resume, skip a visit, push every visit back from a date, or end the plan (at the plan’s version)',
        params: idParams,
        body: planActionBody,
        response: { 200: planResponse },
      },
    },
    async (request) => ({ data: await actOnPlan(app.db, requireAuth(request).viewer, request.params.id, request.body) }),
  );
}
