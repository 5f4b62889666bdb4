import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityParams,
  adjustActivityBody,
  assistantSchema,
  assistantsQuery,
  clockActivitySchema,
  clockInBody,
  clockOutBody,
} from '@fieldwork/domain/tasks/clock.schemas';
import { dataOf, itemsPage } from '@fieldwork/domain/common/common.schemas';
import { taskSchema } from '@fieldwork/domain/tasks/tasks.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { adjustRunningActivity, clockIn, clockOut, listAssistants } from './clock.service.ts';

/**
 * Time on the job. 'tasks.read' lets field roles in; each action is then the domain rule's for this viewer
 * and task (technicians act on their own tasks, full-access office users on anyone's).
 */
export async function clockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];

  r.post(
    '/api/tasks/clock-in',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Clock in on a task, optionally with a vehicle and assistants; one running clock-in per person (409 otherwise)',
        body: clockInBody,
        response: { 200: dataOf(taskSchema) },
      },
    },
    async (request) => ({ data: await clockIn(app.db, requireAuth(request), request.body) }),
  );

  r.post(
    '/api/tasks/clock-out',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'End the running work period of a task with a description; only full access may set the end (default now, never future)',
        body: clockOutBody,
        response: { 200: dataOf(taskSchema) },
      },
    },
    async (request) => ({ data: await clockOut(app.db, requireAuth(request), request.body) }),
  );

  r.patch(
    '/api/tasks/:id/activities/:activityId',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "Adjustment popup: a full-access user who is not the assignee corrects the start of the technician's running clock-in",
        params: activityParams,
        body: adjustActivityBody,
        response: { 200: dataOf(clockActivitySchema) },
      },
    },
    async (request) => ({ data: await adjustRunningActivity(app.db, requireAuth(request), request.params.id, request.params.activityId, request.body) }),
  );

  r.get(
    '/api/tasks/assistants',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Active technicians who can assist on a clock-in, without the assignee, by name (limit 100)',
        querystring: assistantsQuery,
        response: { 200: itemsPage(assistantSchema) },
      },
    },
    async (request) => listAssistants(app.db, requireAuth(request), request.query),
  );
}
