import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import { MEDIA_MAX_BYTES, mediaSchema } from '@fieldwork/domain/jobs/media.schemas';
import { noteSchema, taskNoteBody } from '@fieldwork/domain/jobs/notes.schemas';
import { taskNoteListQuery, taskPhotoParams } from '@fieldwork/domain/tasks/task-notes.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { sendStoredFile } from '../media/media.presenter.ts';
import { addTaskNote, addTaskPhoto, listTaskNotes, listTaskPhotos, openTaskPhoto } from './task-notes.service.ts';

/**
 * Notes and photos from a task (the field app's, online now and queued offline later). Field roles hold
 * 'tasks.read'; the service narrows to the viewer's own tasks and checks the addNote / addPhoto rule.
 * Registered as its own plugin so its multipart parser and limits stay here.
 */
export async function taskNotesRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 20 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tasks'];
  const mediaDir = () => app.config.mediaDir;

  r.get(
    '/api/tasks/:id/notes',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "Notes of the task's job, newest first",
        params: idParams,
        querystring: taskNoteListQuery,
        response: { 200: itemsPage(noteSchema) },
      },
    },
    async (request) => listTaskNotes(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/api/tasks/:id/notes',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "Add a note to the task's job (the assignee or full access; task and job open)",
        params: idParams,
        body: taskNoteBody,
        response: { 201: dataOf(noteSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await addTaskNote(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.get(
    '/api/tasks/:id/photos',
    {
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: "Photos of the task's job, newest first",
        params: idParams,
        response: { 200: dataOf(z.object({ items: z.array(mediaSchema) })) },
      },
    },
    async (request) => ({ data: { items: await listTaskPhotos(app.db, requireAuth(request), request.params.id) } }),
  );

  r.post(
    '/api/tasks/:id/photos',
    {
      config: { idempotent: true },
      preHandler: guard('tasks.read'),
      schema: {
        tags,
        summary: 'Add a photo (multipart field "file") to the task\'s job (the assignee or full access; task and job open)',
        description: `PNG, JPEG, WebP or GIF, checked by content; at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: dataOf(mediaSchema) },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await addTaskPhoto(app.db, mediaDir(), requireAuth(request), request.params.id, request) }),
  );

  r.get(
    '/api/tasks/:id/photos/:mediaId/file',
    {
      preHandler: guard('tasks.read'),
      schema: { tags, summary: "Download a photo of the task's job (always as an attachment)", params: taskPhotoParams },
    },
    async (request, reply) => {
      const file = await openTaskPhoto(app.db, mediaDir(), requireAuth(request), request.params.id, request.params.mediaId);
      return sendStoredFile(reply, file);
    },
  );
}
