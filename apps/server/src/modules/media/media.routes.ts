import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams } from '@fieldwork/domain/common/common.schemas';
import { MEDIA_MAX_BYTES, mediaListQuery, mediaSchema, mediaTargetQuery } from '@fieldwork/domain/jobs/media.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { sendStoredFile } from './media.presenter.ts';
import { listMedia, openMediaFile, removeMedia, uploadMedia } from './media.service.ts';

/** Job media and documents. Registered as its own plugin so its multipart parser and limits stay here. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 20 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['media'];
  const mediaDir = () => app.config.mediaDir;

  r.post(
    '/api/jobs/media',
    {
      config: { idempotent: true },
      preHandler: guard('media.write'),
      schema: {
        tags,
        summary: 'Upload a file (multipart field "file") to an open job, or under a session token before the job exists',
        description: `Images (PNG, JPEG, WebP, GIF), PDF, Word, Excel, PowerPoint, CSV and plain text, checked by content; at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
        consumes: ['multipart/form-data'],
        querystring: mediaTargetQuery,
        response: { 201: dataOf(mediaSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await uploadMedia(app.db, mediaDir(), requireAuth(request).viewer, request.query, request) }),
  );

  r.get(
    '/api/jobs/media',
    {
      preHandler: guard('jobs.read'),
      schema: {
        tags,
        summary: "Files of a job, or the caller's own uploads under a session token",
        querystring: mediaListQuery,
        response: { 200: dataOf(z.object({ items: z.array(mediaSchema) })) },
      },
    },
    async (request) => ({ data: { items: await listMedia(app.db, requireAuth(request).viewer, request.query) } }),
  );

  r.get(
    '/api/jobs/media/:id/file',
    {
      preHandler: guard('jobs.read'),
      schema: { tags, summary: 'Download a file (always as an attachment)', params: idParams },
    },
    async (request, reply) => {
      const file = await openMediaFile(app.db, mediaDir(), requireAuth(request).viewer, request.params.id);
      return sendStoredFile(reply, file);
    },
  );

  r.delete(
    '/api/jobs/media/:id',
    {
      preHandler: guard('media.write'),
      schema: { tags, summary: 'Delete a file of an open job (or one of your own session uploads)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeMedia(app.db, mediaDir(), requireAuth(request).viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
