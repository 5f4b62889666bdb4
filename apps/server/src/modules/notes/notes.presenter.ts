import type { Note } from '@fieldwork/domain/jobs/notes.schemas';
import { canChangeNote } from '@fieldwork/domain/jobs/jobs.rules';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { photoUrl } from '../account-core/users.presenter.ts';
import type { NoteRow } from './notes.repository.ts';

/** `actions` are the viewer's: author or admin, and only while the job is open. */
export function toNoteDto(row: NoteRow, viewer: Viewer, jobOpen: boolean): Note {
  const allowed = jobOpen && canChangeNote(viewer, { authorId: row.author_id });
  return {
    id: row.id,
    note: row.note,
    jobId: row.job_id,
    noteType: 'Job',
    noteCreatedBy: row.author_id
      ? { userId: row.author_id, username: row.author_name ?? '', profileImg: photoUrl({ id: row.author_id, photo_file_id: row.author_photo }) }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    actions: { edit: allowed, delete: allowed },
  };
}
