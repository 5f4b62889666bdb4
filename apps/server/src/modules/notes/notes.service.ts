import type { Db } from '@fieldwork/db/connection';
import { nowIso } from '@fieldwork/db/sql-helpers';
import { timeOrderedId } from '@fieldwork/db/time-ordered-id';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { canChangeNote } from '@fieldwork/domain/jobs/jobs.rules';
import type { CreateNoteBody, Note, NoteListQuery } from '@fieldwork/domain/jobs/notes.schemas';
import type { Viewer } from '@fieldwork/domain/access/roles.rules';
import { recordActivity } from '../activity/activity.repository.ts';
import { bumpJobCount } from '../job-core/jobs-lookup.repository.ts';
import { requireJobHeader, requireOpenJob } from '../job-core/jobs-lookup.service.ts';
import { toNoteDto } from './notes.presenter.ts';
import { deleteNote, findNote, insertNote, listNotes, updateNoteText, type NoteRow } from './notes.repository.ts';

const NOT_FOUND = 'Note not found.';
const NOT_YOURS = 'Only the author of a note or an admin can change it.';

async function requireNote(db: Db, tenantId: string, noteId: string): Promise<NoteRow> {
  const row = await findNote(db, tenantId, noteId);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

function assertMayChange(viewer: Viewer, row: NoteRow): void {
  if (!canChangeNote(viewer, { authorId: row.author_id })) throw new AppError('FORBIDDEN', NOT_YOURS);
}

export async function listJobNotes(db: Db, viewer: Viewer, q: NoteListQuery) {
  const job = await requireJobHeader(db, viewer.tenantId, q.jobId);
  const { rows, total } = await listNotes(db, viewer.tenantId, q.jobId, q.page, q.limit);
  return { items: rows.map((row) => toNoteDto(row, viewer, job.status === 'OPEN')), meta: pageMeta(total, q.page, q.limit) };
}

/**
 * The count is moved first: on PostgreSQL that locks the job row, so the open-check that follows sees any
 * close that raced with it, and parallel notes on one job queue up instead of losing increments.
 */
/** `writtenAt`: when the note was written, for one kept on a phone offline and sent later (else now). */
export async function addNote(db: Db, viewer: Viewer, body: CreateNoteBody, writtenAt?: string): Promise<Note> {
  const { tenantId } = viewer;
  // Notes list newest first by (created_at, id): a time-ordered id keeps two notes of one millisecond in order.
  const id = timeOrderedId();
  const now = writtenAt ?? nowIso();
  await db.transaction().execute(async (trx) => {
    await bumpJobCount(trx, tenantId, body.jobId, 'note_count', 1);
    await requireOpenJob(trx, tenantId, body.jobId);
    await insertNote(trx, tenantId, {
      id,
      job_id: body.jobId,
      note_type: body.noteType,
      note: body.note,
      author_id: viewer.userId,
      created_at: now,
      updated_at: now,
    });
    await recordActivity(trx, tenantId, {
      jobId: body.jobId,
      entityType: 'NOTE',
      entityId: id,
      action: 'NOTE_ADDED',
      message: 'Added a note',
      actorId: viewer.userId,
      changes: [{ field: 'note', oldValue: null, newValue: body.note }],
      at: now,
    });
  });
  return toNoteDto(await requireNote(db, tenantId, id), viewer, true);
}

/** An unchanged text is not a change: nothing is written and no activity is logged. */
export async function editNote(db: Db, viewer: Viewer, noteId: string, text: string): Promise<Note> {
  const { tenantId } = viewer;
  await db.transaction().execute(async (trx) => {
    const row = await requireNote(trx, tenantId, noteId);
    assertMayChange(viewer, row);
    await requireOpenJob(trx, tenantId, row.job_id);
    if (row.note === text) return;
    const now = nowIso();
    await updateNoteText(trx, tenantId, noteId, text, now);
    await recordActivity(trx, tenantId, {
      jobId: row.job_id,
      entityType: 'NOTE',
      entityId: noteId,
      action: 'NOTE_UPDATED',
      message: 'Updated a note',
      actorId: viewer.userId,
      changes: [{ field: 'note', oldValue: row.note, newValue: text }],
      at: now,
    });
  });
  return toNoteDto(await requireNote(db, tenantId, noteId), viewer, true);
}

export async function removeNote(db: Db, viewer: Viewer, noteId: string): Promise<void> {
  const { tenantId } = viewer;
  await db.transaction().execute(async (trx) => {
    const row = await requireNote(trx, tenantId, noteId);
    assertMayChange(viewer, row);
    await bumpJobCount(trx, tenantId, row.job_id, 'note_count', -1);
    await requireOpenJob(trx, tenantId, row.job_id);
    await deleteNote(trx, tenantId, noteId);
    await recordActivity(trx, tenantId, {
      jobId: row.job_id,
      entityType: 'NOTE',
      entityId: noteId,
      action: 'NOTE_DELETED',
      message: 'Deleted a note',
      actorId: viewer.userId,
      changes: [{ field: 'note', oldValue: row.note, newValue: null }],
    });
  });
}
