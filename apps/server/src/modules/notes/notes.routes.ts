import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, idParams, itemsPage } from '@fieldwork/domain/common/common.schemas';
import { createNoteBody, noteListQuery, noteSchema, updateNoteBody } from '@fieldwork/domain/jobs/notes.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { addNote, editNote, listJobNotes, removeNote } from './notes.service.ts';

const noteResponse = dataOf(noteSchema);

export async function notesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notes'];

  r.get(
    '/api/notes',
    {
      preHandler: guard('jobs.read'),
      schema: {
        tags,
        summary: "Notes of a job, newest first, with the viewer's edit/delete actions",
        querystring: noteListQuery,
        response: { 200: itemsPage(noteSchema) },
      },
    },
    async (request) => listJobNotes(app.db, requireAuth(request).viewer, request.query),
  );

  r.post(
    '/api/notes',
    {
      config: { idempotent: true },
      preHandler: guard('notes.write'),
      schema: { tags, summary: 'Add a note to an open job', body: createNoteBody, response: { 201: noteResponse } },
    },
    async (request, reply) => reply.status(201).send({ data: await addNote(app.db, requireAuth(request).viewer, request.body) }),
  );

  r.patch(
    '/api/notes/:id',
    {
      preHandler: guard('notes.write'),
      schema: { tags, summary: 'Edit a note (author or admin; job open)', params: idParams, body: updateNoteBody, response: { 200: noteResponse } },
    },
    async (request) => ({ data: await editNote(app.db, requireAuth(request).viewer, request.params.id, request.body.note) }),
  );

  r.delete(
    '/api/notes/:id',
    {
      preHandler: guard('notes.write'),
      schema: { tags, summary: 'Delete a note (author or admin; job open)', params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await removeNote(app.db, requireAuth(request).viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
