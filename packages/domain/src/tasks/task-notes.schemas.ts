import { z } from 'zod';
import { pageQuery, uuidField } from '../common/common.schemas.ts';

/** GET /api/tasks/{id}/notes: the task's job's notes, paged like GET /api/notes. */
export const taskNoteListQuery = z.strictObject({ ...pageQuery });
export type TaskNoteListQuery = z.infer<typeof taskNoteListQuery>;

export const taskPhotoParams = z.strictObject({ id: uuidField('Id'), mediaId: uuidField('Media ID') });

/** The download link of a task's photo: task-scoped, so a technician without job access can open it. */
export const taskPhotoLink = (taskId: string, mediaId: string) => `/api/tasks/${taskId}/photos/${mediaId}/file`;
