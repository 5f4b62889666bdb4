import { api, type DataOf } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';

// Placeholder until the task notes and photos routes land (replaced by the feature's own file).
export const taskNotesApi = {
  addNote: async (taskId: string, note: string, idempotencyKey?: string) =>
    (await api.post<DataOf<unknown>>(`/tasks/${taskId}/notes`, { note }, { headers: idempotencyHeaders(idempotencyKey) })).data,
  addPhoto: async (taskId: string, file: Blob, fileName: string, idempotencyKey?: string) => {
    const body = new FormData();
    body.append('file', file, fileName);
    return (await api.post<DataOf<unknown>>(`/tasks/${taskId}/photos`, body, { headers: idempotencyHeaders(idempotencyKey) })).data;
  },
};
