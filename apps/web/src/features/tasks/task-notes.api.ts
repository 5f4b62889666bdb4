import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import { api, fromItemsPage, type DataOf, type DataPage, type ItemsOf, type ItemsPage } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';

export const TASK_NOTES_PAGE_SIZE = 20;

/** Under the task's keys: whatever refreshes a task (clock actions invalidate ['tasks']) refreshes these too. */
export const taskNoteKeys = {
  all: (taskId: string) => ['tasks', 'notes-photos', taskId] as const,
  notes: (taskId: string) => ['tasks', 'notes-photos', taskId, 'notes'] as const,
  photos: (taskId: string) => ['tasks', 'notes-photos', taskId, 'photos'] as const,
};

/**
 * Notes and photos added from a task land on its job. `addNote` and `addPhoto` are plain functions returning the
 * created record, with an optional Idempotency-Key: the screen sends them online, and a queue may replay them
 * later with the key it kept, so a request that went through once is never applied twice.
 */
export const taskNotesApi = {
  notes: async (taskId: string, page: number): Promise<DataPage<Note>> =>
    fromItemsPage(await api.get<ItemsPage<Note>>(`/tasks/${taskId}/notes`, { query: { page, limit: TASK_NOTES_PAGE_SIZE } })),
  /** The job's photos, newest first; each `fileLink` is the task's own download link. */
  photos: async (taskId: string): Promise<Media[]> => (await api.get<ItemsOf<Media>>(`/tasks/${taskId}/photos`)).data.items,
  /** `actedAt`: when a note kept on the phone offline was written (the server dates it then). */
  addNote: async (taskId: string, note: string, idempotencyKey?: string, actedAt?: string): Promise<Note> =>
    (await api.post<DataOf<Note>>(`/tasks/${taskId}/notes`, { note, ...(actedAt ? { actedAt } : {}) }, { headers: idempotencyHeaders(idempotencyKey) })).data,
  addPhoto: async (taskId: string, file: Blob, fileName: string, idempotencyKey?: string): Promise<Media> => {
    const form = new FormData();
    form.append('file', file, fileName);
    return (await api.post<DataOf<Media>>(`/tasks/${taskId}/photos`, form, { headers: idempotencyHeaders(idempotencyKey) })).data;
  },
};
