import type { FastifyRequest } from 'fastify';
import type { Db } from '@fieldwork/db/connection';
import { pageMeta } from '@fieldwork/domain/common/common.schemas';
import type { Media } from '@fieldwork/domain/jobs/media.schemas';
import type { Note, TaskNoteBody } from '@fieldwork/domain/jobs/notes.schemas';
import { taskPhotoLink, type TaskNoteListQuery } from '@fieldwork/domain/tasks/task-notes.schemas';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { actedAtError } from '@fieldwork/domain/tasks/clock.schemas';
import type { AuthContext } from '../../plugins/auth.plugin.ts';
import { toMediaDto } from '../media/media.presenter.ts';
import { listJobMedia } from '../media/media.repository.ts';
import { openMediaFile, uploadMedia } from '../media/media.service.ts';
import { toNoteDto } from '../notes/notes.presenter.ts';
import { listNotes } from '../notes/notes.repository.ts';
import { addNote } from '../notes/notes.service.ts';
import { requireTaskAction, requireVisibleTask, taskViewer } from '../task-core/tasks-access.service.ts';

type Auth = Pick<AuthContext, 'viewer' | 'timeZone'>;

/**
 * Notes and photos seen from a task are its job's: whoever can see the task reads them, and its assignee (or
 * full access) adds to them while the task and the job are open — without the office's notes and media
 * rights, which also edit and delete anyone's. The writes are the notes and media services' own (the job
 * count, the activity log, the open-job check under lock), so a task adds exactly what the office adds.
 */
async function visibleTask(db: Db, auth: Auth, taskId: string) {
  const tv = await taskViewer(db, auth);
  return { tv, row: await requireVisibleTask(db, tv, taskId) };
}

export async function listTaskNotes(db: Db, auth: Auth, taskId: string, q: TaskNoteListQuery) {
  const { row } = await visibleTask(db, auth, taskId);
  const { rows, total } = await listNotes(db, auth.viewer.tenantId, row.job_id, q.page, q.limit);
  return { items: rows.map((n) => toNoteDto(n, auth.viewer, row.job_status === 'OPEN')), meta: pageMeta(total, q.page, q.limit) };
}

export async function addTaskNote(db: Db, auth: Auth, taskId: string, body: TaskNoteBody): Promise<Note> {
  const { tv, row } = await visibleTask(db, auth, taskId);
  requireTaskAction(tv, row, 'addNote');
  const actedError = body.actedAt ? actedAtError(body.actedAt, tv.now) : null;
  if (actedError) throw new AppError('VALIDATION_FAILED', [actedError]);
  return addNote(db, auth.viewer, { jobId: row.job_id, noteType: 'Job', note: body.note }, body.actedAt);
}

/** A photo's link is the task's, which the assignee can open (the job's own link needs office job access). */
const asTaskPhoto = (taskId: string, media: Media): Media => ({ ...media, fileLink: taskPhotoLink(taskId, media.id) });

export async function listTaskPhotos(db: Db, auth: Auth, taskId: string): Promise<Media[]> {
  const { row } = await visibleTask(db, auth, taskId);
  return (await listJobMedia(db, auth.viewer.tenantId, row.job_id, 'IMAGE')).map((m) => asTaskPhoto(taskId, toMediaDto(m)));
}

export async function addTaskPhoto(db: Db, mediaDir: string, auth: Auth, taskId: string, request: FastifyRequest): Promise<Media> {
  const { tv, row } = await visibleTask(db, auth, taskId);
  requireTaskAction(tv, row, 'addPhoto');
  return asTaskPhoto(taskId, await uploadMedia(db, mediaDir, auth.viewer, { jobId: row.job_id }, request, { imagesOnly: true }));
}

export async function openTaskPhoto(db: Db, mediaDir: string, auth: Auth, taskId: string, mediaId: string) {
  const { row } = await visibleTask(db, auth, taskId);
  return openMediaFile(db, mediaDir, auth.viewer, mediaId, row.job_id);
}
