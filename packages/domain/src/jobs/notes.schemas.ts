import { z } from 'zod';
import { pageQuery, uuidField } from '../common/common.schemas.ts';
import { actedAtField } from '../tasks/clock.schemas.ts';

export const NOTE_TYPES = ['Job'] as const;
export const NOTE_MAX = 5000;
export const NOTE_PLACEHOLDER = 'Write Something...';

const noteText = z
  .string({ error: 'Note must be a string.' })
  .trim()
  .min(1, { error: 'Note cannot be empty.' })
  .max(NOTE_MAX, { error: `Note must be less than or equal to ${NOTE_MAX} characters.` });

export const createNoteBody = z.strictObject({
  noteType: z.enum(NOTE_TYPES, { error: 'noteType must be Job.' }),
  note: noteText,
  jobId: uuidField('Job ID'),
});
export type CreateNoteBody = z.infer<typeof createNoteBody>;

export const updateNoteBody = z.strictObject({ note: noteText });
/**
 * A note added from a task (POST /api/tasks/{id}/notes): it goes on the task's job, as a Job note, dated when the
 * technician wrote it when it was kept on the phone offline (`actedAt`, at most a day old).
 */
export const taskNoteBody = z.strictObject({ note: noteText, actedAt: actedAtField() });
export type TaskNoteBody = z.infer<typeof taskNoteBody>;

export const noteListQuery = z.strictObject({
  ...pageQuery,
  noteType: z.enum(NOTE_TYPES, { error: 'noteType must be Job.' }).default('Job'),
  jobId: uuidField('Job ID'),
});
export type NoteListQuery = z.infer<typeof noteListQuery>;

export const noteSchema = z.object({
  id: z.string(),
  note: z.string(),
  jobId: z.string(),
  noteType: z.enum(NOTE_TYPES),
  noteCreatedBy: z.object({ userId: z.string(), username: z.string(), profileImg: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Note = z.infer<typeof noteSchema>;
