import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@fieldwork/domain/common/common.schemas';
import { notificationListQuery, notificationListSchema } from '@fieldwork/domain/notifications/notifications.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { listNotifications, readAllNotifications, readNotification } from './notifications.service.ts';

/** The office's notification bell: each user's own entries and read state. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const viewer = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).viewer;

  r.get(
    '/api/notifications',
    {
      preHandler: guard('notifications.read'),
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with their read flags and the unread count",
        querystring: notificationListQuery,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(app.db, viewer(request), request.query),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      preHandler: guard('notifications.read'),
      schema: { tags, summary: 'Mark one of the caller’s notifications read (nobody else’s)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await readNotification(app.db, viewer(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/notifications/read-all',
    {
      preHandler: guard('notifications.read'),
      schema: { tags, summary: 'Mark all of the caller’s notifications read', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await readAllNotifications(app.db, viewer(request));
      return reply.status(204).send(null);
    },
  );
}
