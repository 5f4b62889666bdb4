import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import { onMyWayAnswer, onMyWayBody } from '@fieldwork/domain/texts/on-my-way.rules';
import { publicOrigin } from '../../lib/public-url.ts';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { tellOnMyWay } from './on-my-way.service.ts';

export async function onMyWayRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/tasks/:id/on-my-way',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: {
        tags: ['tasks'],
        summary: 'On my way: the site contact gets the arrival window by text (or email); the assignee of a task scheduled today',
        params: idParams,
        body: onMyWayBody,
        response: { 200: dataOf(onMyWayAnswer) },
      },
    },
    async (request) => ({
      data: await tellOnMyWay(
        { db: app.db, auth: requireAuth(request), box: app.secrets, origin: publicOrigin(app, request) },
        request.params.id,
        request.body,
      ),
    }),
  );
}
