import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityListQuery, activitySchema } from '@fieldwork/domain/jobs/activity.schemas';
import { dataOf, dataPage, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import {
  createJobBody,
  createdJobSchema,
  jobListItemSchema,
  jobListQuery,
  jobSchema,
  jobSummarySchema,
  patchJobStatusBody,
  updateJobBody,
} from '@fieldwork/domain/jobs/jobs.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { changeJobStatus } from './jobs-status.service.ts';
import { createJob, getJob, jobActivities, jobSummary, listJobsPage, updateJob } from './jobs.service.ts';

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];

  r.get(
    '/api/jobs',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'Jobs of the company, filtered, sorted and paged', querystring: jobListQuery, response: { 200: dataPage(jobListItemSchema) } },
    },
    async (request) => listJobsPage(app.db, requireAuth(request).viewer, requireAuth(request).timeZone, request.query),
  );

  r.get(
    '/api/jobs/summary',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'Totals for the job list summary cards', response: { 200: dataOf(jobSummarySchema) } },
    },
    async (request) => ({ data: await jobSummary(app.db, requireAuth(request).viewer, requireAuth(request).timeZone) }),
  );

  r.post(
    '/api/jobs',
    {
      preHandler: guard('jobs.write'),
      schema: { tags, summary: 'Create a job for a customer', body: createJobBody, response: { 201: dataOf(createdJobSchema) } },
    },
    async (request, reply) => reply.status(201).send({ data: await createJob(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.get(
    '/api/jobs/:id',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'One job with its references, totals, counts and allowed actions', params: idParams, response: { 200: dataOf(jobSchema) } },
    },
    async (request) => ({ data: await getJob(app.db, requireAuth(request).viewer, requireAuth(request).timeZone, request.params.id) }),
  );

  r.put(
    '/api/jobs/:id',
    {
      preHandler: guard('jobs.write'),
      schema: {
        tags,
        summary: 'Edit an open job (customer is fixed); send the version you loaded',
        params: idParams,
        body: updateJobBody,
        response: { 200: dataOf(jobSchema) },
      },
    },
    async (request) => ({ data: await updateJob(app.db, requireAuth(request).viewer, requireAuth(request).timeZone, request.params.id, request.body) }),
  );

  r.get(
    '/api/jobs/:id/activities',
    {
      preHandler: guard('jobs.read'),
      schema: {
        tags,
        summary: 'Activity log of a job, newest first',
        params: idParams,
        querystring: activityListQuery,
        response: { 200: dataOf(itemsPage(activitySchema)) },
      },
    },
    async (request) => ({ data: await jobActivities(app.db, requireAuth(request).viewer, request.params.id, request.query.page, request.query.limit) }),
  );

  r.patch(
    '/api/jobs/:id/status',
    {
      preHandler: guard('jobs.write'),
      schema: {
        tags,
        summary: 'Close, cancel (final, cancels its open tasks) or re-open a job',
        params: idParams,
        body: patchJobStatusBody,
        response: { 200: dataOf(jobSchema) },
      },
    },
    async (request) => ({
      data: await changeJobStatus(app.db, requireAuth(request).viewer, requireAuth(request).timeZone, request.params.id, request.body.action),
    }),
  );
}
