import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildTask } from '@fieldwork/testing/factories';
import { CLOCK_MESSAGES } from '@fieldwork/domain/tasks/clock.schemas';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { multipart, SAMPLES } from '../media/media-upload.fixture.ts';
import { jobCounts, setJobStatus } from '../notes/test-jobs.fixture.ts';

/**
 * A technician adds notes and photos to a task of theirs from the field: they land on the task's job (with its
 * count and activity log), through task routes that only the assignee or full access may write to.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
let other: { tenantId: string; admin: Session };

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  other = await t.newCompany();
});
afterAll(async () => t?.close());

/** A technician of their own (one person's tasks may not overlap on PostgreSQL) with a task on a new job. */
async function techTask(tenant = tenantId, lifecycle: 'OPEN' | 'CLOSED' | 'CANCELLED' = 'OPEN') {
  const tech = await t.signInAs(tenant, 'Technician');
  const job = await buildJob(t.db, tenant);
  const task = await buildTask(t.db, tenant, { jobId: job.id, technicianId: tech.user.id, lifecycle });
  return { tech, job, task };
}

const headers = (cookie: string, key?: string) => ({ cookie, ...(key ? { 'idempotency-key': key } : {}) });
const addNote = (taskId: string, cookie: string, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/notes`, headers: headers(cookie, key), payload });
function addPhoto(taskId: string, cookie: string, o: { key?: string; name?: string; type?: string; data?: Buffer } = {}) {
  const form = multipart(o.name ?? 'site.png', o.type ?? 'image/png', o.data ?? SAMPLES.png);
  return t.app.inject({ method: 'POST', url: `/api/tasks/${taskId}/photos`, payload: form.payload, headers: { ...form.headers, ...headers(cookie, o.key) } });
}
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const activityOf = (jobId: string) =>
  t.db.selectFrom('activity_log').select(['action', 'actor_id', 'entity_type']).where('job_id', '=', jobId).orderBy('created_at').orderBy('id').execute();

describe('task notes', () => {
  it('lets the technician add a note to their task: a Job note on its job, with the job count and the activity log', async () => {
    const { tech, job, task } = await techTask();
    const res = await addNote(task.id, tech.cookie, { note: '  Replaced the valve  ' });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({ note: 'Replaced the valve', jobId: job.id, noteType: 'Job', noteCreatedBy: { userId: tech.user.id } });
    // Editing and deleting stay office work.
    expect(note.actions).toEqual({ edit: false, delete: false });
    const row = await t.db.selectFrom('notes').selectAll().where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, job_id: job.id, author_id: tech.user.id, note_type: 'Job' });
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 1, media_count: 0 });
    expect(await activityOf(job.id)).toEqual([{ action: 'NOTE_ADDED', actor_id: tech.user.id, entity_type: 'NOTE' }]);

    const second = (await addNote(task.id, tech.cookie, { note: 'Second' })).json().data;
    const list = await get(`/api/tasks/${task.id}/notes?page=1&limit=1`, tech.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [second], meta: { total: 2, totalPages: 2, page: 1, limit: 1 } });
    // The office reads the same note on the job.
    const office = await get(`/api/notes?jobId=${job.id}`, admin.cookie);
    expect(office.json().items.map((n: { id: string }) => n.id)).toEqual([second.id, note.id]);
  });

  it('lets full access add from any task, and refuses other viewers', async () => {
    const { task } = await techTask();
    expect((await addNote(task.id, admin.cookie, { note: 'From the office' })).statusCode).toBe(201);
    const view = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await get(`/api/tasks/${task.id}/notes`, view.cookie)).statusCode).toBe(200);
    const refused = await addNote(task.id, view.cookie, { note: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/view/i);
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await addNote(task.id, partial.cookie, { note: 'Nope' })).statusCode).toBe(403);
    expect((await get(`/api/tasks/${task.id}/notes`, view.cookie)).json().items).toHaveLength(1);
  });

  it("answers 404 for another technician's task and another company's, like a missing one", async () => {
    const { job, task } = await techTask();
    const stranger = await t.signInAs(tenantId, 'Technician');
    const missing = randomUUID();
    const absent = await addNote(missing, stranger.cookie, { note: 'x' });
    expect(absent.statusCode).toBe(404);
    for (const res of [await addNote(task.id, stranger.cookie, { note: 'x' }), await get(`/api/tasks/${task.id}/notes`, stranger.cookie)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(absent.body);
    }
    for (const res of [await addNote(task.id, other.admin.cookie, { note: 'x' }), await get(`/api/tasks/${task.id}/photos`, other.admin.cookie)]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
  });

  it('refuses with the reason once the job or the task is closed, changing nothing', async () => {
    const { tech, job, task } = await techTask();
    await setJobStatus(t.db, job.id, 'CLOSED');
    const res = await addNote(task.id, tech.cookie, { note: 'Late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The job is closed or cancelled; notes and photos can no longer be added.');
    const closed = await techTask(tenantId, 'CLOSED');
    const onClosedTask = await addPhoto(closed.task.id, closed.tech.cookie);
    expect(onClosedTask.statusCode).toBe(409);
    expect(onClosedTask.json().message).toBe('This task is closed or cancelled; notes and photos can no longer be added.');
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
    expect(await jobCounts(t.db, closed.job.id)).toEqual({ note_count: 0, media_count: 0 });
  });

  it('dates a note kept on the phone offline when it was written, within a day', async () => {
    const { tech, task } = await techTask();
    const written = new Date(Date.now() - 158 * 60_000).toISOString();
    const res = await addNote(task.id, tech.cookie, { note: 'Written in the basement', actedAt: written });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.createdAt).toBe(written);
    const row = await t.db.selectFrom('notes').select('created_at').where('id', '=', res.json().data.id).executeTakeFirstOrThrow();
    expect(new Date(row.created_at).toISOString()).toBe(written);
    const old = await addNote(task.id, tech.cookie, { note: 'Too old', actedAt: new Date(Date.now() - 25 * 3_600_000).toISOString() });
    expect(old.json()).toMatchObject({ statusCode: 400, message: [CLOCK_MESSAGES.actedTooLongAgo] });
  });

  it('validates the note like a job note', async () => {
    const { tech, task } = await techTask();
    const long = await addNote(task.id, tech.cookie, { note: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toEqual(['Note must be less than or equal to 5000 characters.']);
    expect((await addNote(task.id, tech.cookie, { note: '   ' })).json().message).toEqual(['Note cannot be empty.']);
    expect((await addNote(task.id, tech.cookie, { note: 'x', jobId: randomUUID() })).statusCode).toBe(400);
  });

  it('adds one note for one Idempotency-Key sent twice', async () => {
    const { tech, job, task } = await techTask();
    const key = randomUUID();
    const [a, b] = [await addNote(task.id, tech.cookie, { note: 'Once' }, key), await addNote(task.id, tech.cookie, { note: 'Once' }, key)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(await t.db.selectFrom('notes').select('id').where('job_id', '=', job.id).execute()).toHaveLength(1);
    // The same key on another task is another request, refused rather than answered with the first task's note.
    const another = await techTask();
    expect((await addNote(another.task.id, tech.cookie, { note: 'Once' }, key)).statusCode).toBe(422);
  });
});

describe('task photos', () => {
  it('lets the technician add a photo to their task, list it and open it', async () => {
    const { tech, job, task } = await techTask();
    const res = await addPhoto(task.id, tech.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json().data;
    expect(photo).toMatchObject({ jobId: job.id, mediaType: 'IMAGE', contentType: 'image/png', fileName: 'site.png' });
    expect(photo.fileLink).toBe(`/api/tasks/${task.id}/photos/${photo.id}/file`);
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, job_id: job.id, created_by: tech.user.id, media_type: 'IMAGE' });
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 1 });
    expect(await activityOf(job.id)).toEqual([{ action: 'MEDIA_ADDED', actor_id: tech.user.id, entity_type: 'MEDIA' }]);

    expect((await get(`/api/tasks/${task.id}/photos`, tech.cookie)).json().data.items).toEqual([photo]);
    const file = await get(photo.fileLink, tech.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(SAMPLES.png)).toBe(true);
    // The job's own link stays office work.
    expect((await get(`/api/jobs/media/${photo.id}/file`, tech.cookie)).statusCode).toBe(403);
  });

  it('lists only the job’s photos, and opens none of another job through this task', async () => {
    const { tech, job, task } = await techTask();
    const doc = multipart('quote.pdf', 'application/pdf', SAMPLES.pdf);
    const office = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/media?jobId=${job.id}`,
      payload: doc.payload,
      headers: { ...doc.headers, cookie: admin.cookie },
    });
    expect(office.statusCode).toBe(201);
    expect((await get(`/api/tasks/${task.id}/photos`, tech.cookie)).json().data.items).toEqual([]);
    const elsewhere = await techTask();
    const theirs = (await addPhoto(elsewhere.task.id, elsewhere.tech.cookie)).json().data;
    expect((await get(`/api/tasks/${task.id}/photos/${theirs.id}/file`, tech.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tasks/${elsewhere.task.id}/photos/${theirs.id}/file`, tech.cookie)).statusCode).toBe(404);
  });

  it('refuses anything but a photo with 400, storing nothing', async () => {
    const { tech, job, task } = await techTask();
    for (const [name, type, data] of [
      ['quote.pdf', 'application/pdf', SAMPLES.pdf],
      ['page.html', 'text/html', SAMPLES.html],
      ['notes.txt', 'text/plain', SAMPLES.text],
    ] as const) {
      const res = await addPhoto(task.id, tech.cookie, { name, type, data });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toEqual(['Only photos can be added here: PNG, JPEG, WebP or GIF.']);
    }
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
  });

  it('refuses other viewers and other tasks', async () => {
    const { task } = await techTask();
    const view = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await addPhoto(task.id, view.cookie)).statusCode).toBe(403);
    const stranger = await t.signInAs(tenantId, 'Technician');
    expect((await addPhoto(task.id, stranger.cookie)).statusCode).toBe(404);
    expect((await addPhoto(task.id, other.admin.cookie)).statusCode).toBe(404);
    expect((await addPhoto(task.id, admin.cookie)).statusCode).toBe(201);
  });

  it('adds one photo for one Idempotency-Key sent twice', async () => {
    const { tech, job, task } = await techTask();
    const key = randomUUID();
    const a = await addPhoto(task.id, tech.cookie, { key });
    const b = await addPhoto(task.id, tech.cookie, { key });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(await t.db.selectFrom('media').select('id').where('job_id', '=', job.id).execute()).toHaveLength(1);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 1 });
  });
});
