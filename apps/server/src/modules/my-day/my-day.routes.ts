import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf } from '@fieldwork/domain/common/common.schemas';
import { myDayQuery, myDaySchema } from '@fieldwork/domain/tasks/my-day.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { myDay } from './my-day.service.ts';

/** "My day": the signed-in user's own tasks of one day, phone first. */
export async function myDayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/tasks/my-day',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags: ['tasks'],
        summary:
          "The signed-in user's own tasks starting on one day in the company's zone (default today), in start order, with site address, contact phone, work periods and allowed actions",
        querystring: myDayQuery,
        response: { 200: dataOf(myDaySchema) },
      },
    },
    async (request) => ({ data: await myDay(app.db, requireAuth(request), request.query) }),
  );
}
