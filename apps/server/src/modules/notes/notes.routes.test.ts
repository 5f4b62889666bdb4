import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob, jobCounts, setJobStatus } from './test-jobs.fixture.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

let t: TestApp;
let tenantId: string;
let admin: Session;
let other: { tenantId: string; admin: Session };
const cookies = new Map<string, string>();

const call = (method: Method, url: string, cookie?: string, payload?: object) => t.call(method, url, cookie, payload);
const post = (cookie: string, jobId: string, note: string) => call('POST', '/api/notes', cookie, { noteType: 'Job', note, jobId });
const activityOf = (jobId: string) =>
  t.db
    .selectFrom('activity_log')
    .select(['action', 'message', 'meta', 'actor_id', 'entity_id', 'entity_type'])
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  other = await t.newCompany();
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});
afterAll(async () => t.close());

describe('notes: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    expect((await call('GET', `/api/notes?noteType=Job&jobId=${id}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/notes', undefined, { noteType: 'Job', note: 'x', jobId: id })).statusCode).toBe(401);
    expect((await call('PATCH', `/api/notes/${id}`, undefined, { note: 'x' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/notes/${id}`)).statusCode).toBe(401);
  });

  it('answers 400 with the field messages', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const blank = await post(admin.cookie, job.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: ['Note cannot be empty.'] });
    const bad = await call('POST', '/api/notes', admin.cookie, { noteType: 'Task', note: 'x'.repeat(5001), jobId: 'nope', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(
      expect.arrayContaining(['noteType must be Job.', 'Note must be less than or equal to 5000 characters.', 'Job ID must be a valid UUID.']),
    );
    const list = await call('GET', '/api/notes?noteType=Job&limit=500', admin.cookie);
    expect(list.json().message).toEqual(expect.arrayContaining(['Job ID must be a valid UUID.', 'limit must be at most 100.']));
    const patch = await call('PATCH', `/api/notes/${randomUUID()}`, admin.cookie, { note: '' });
    expect(patch.json().message).toEqual(['Note cannot be empty.']);
    const badId = await call('DELETE', '/api/notes/42', admin.cookie);
    expect(badId.json().message).toEqual(['Id must be a valid UUID.']);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
  });
});

describe('notes: role matrix', () => {
  it('lets office readers list and office writers add, edit and delete their notes', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label)!;
      const write = can(c, 'notes.write');
      const list = await call('GET', `/api/notes?noteType=Job&jobId=${job.id}`, cookie);
      expect(list.statusCode, c.label).toBe(can(c, 'jobs.read') ? 200 : 403);
      const created = await post(cookie, job.id, `By ${c.label}`);
      expect(created.statusCode, c.label).toBe(write ? 201 : 403);
      const noteId = write ? created.json().data.id : (await post(admin.cookie, job.id, 'admin note')).json().data.id;
      const edited = await call('PATCH', `/api/notes/${noteId}`, cookie, { note: `Edited by ${c.label}` });
      const deleted = await call('DELETE', `/api/notes/${noteId}`, cookie);
      seen.set(c.label, [list.statusCode, created.statusCode, edited.statusCode, deleted.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([200, 201, 200, 204]);
    expect(seen.get('Staff fullAccess')).toEqual([200, 201, 200, 204]);
    expect(seen.get('Staff partialAccess')).toEqual([200, 201, 200, 204]);
    expect(seen.get('Staff onlyViewAccess')).toEqual([200, 403, 403, 403]);
    expect(seen.get('Staff noAccess')).toEqual([403, 403, 403, 403]);
    expect(seen.get('Technician')).toEqual([403, 403, 403, 403]);
    expect(seen.get('SubContractor')).toEqual([403, 403, 403, 403]);
  });
});

describe('notes: create, list, edit, delete', () => {
  it('writes the note, its activity and the job count in one go, and reads them back', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const res = await post(admin.cookie, job.id, '  Gate code is 4411  ');
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({
      note: 'Gate code is 4411',
      jobId: job.id,
      noteType: 'Job',
      actions: { edit: true, delete: true },
      noteCreatedBy: { userId: admin.user.id, username: 'User Admin', profileImg: null },
    });
    const row = await t.db.selectFrom('notes').selectAll().where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, job_id: job.id, author_id: admin.user.id, note: 'Gate code is 4411', note_type: 'Job' });
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 1, media_count: 0 });

    const second = (await post(admin.cookie, job.id, 'Second')).json().data;
    const earlier = '2020-01-01T00:00:00.000Z';
    await t.db.updateTable('notes').set({ created_at: earlier }).where('id', '=', note.id).execute();
    note.createdAt = earlier;
    const list = await call('GET', `/api/notes?noteType=Job&jobId=${job.id}&page=1&limit=1`, admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [second], meta: { total: 2, totalPages: 2, page: 1, limit: 1 } });
    expect((await call('GET', `/api/notes?jobId=${job.id}&page=2&limit=1`, admin.cookie)).json().items).toEqual([note]);

    const edited = await call('PATCH', `/api/notes/${note.id}`, admin.cookie, { note: 'Gate code is 9900' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: note.id, note: 'Gate code is 9900' });
    const same = await call('PATCH', `/api/notes/${note.id}`, admin.cookie, { note: 'Gate code is 9900' });
    expect(same.statusCode).toBe(200);

    expect((await call('DELETE', `/api/notes/${note.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await t.db.selectFrom('notes').select('id').where('id', '=', note.id).executeTakeFirst()).toBeUndefined();
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 1, media_count: 0 });

    const log = await activityOf(job.id);
    expect(log.map((a) => [a.action, a.message, a.entity_type, a.actor_id])).toEqual([
      ['NOTE_ADDED', 'Added a note', 'NOTE', admin.user.id],
      ['NOTE_ADDED', 'Added a note', 'NOTE', admin.user.id],
      ['NOTE_UPDATED', 'Updated a note', 'NOTE', admin.user.id],
      ['NOTE_DELETED', 'Deleted a note', 'NOTE', admin.user.id],
    ]);
    expect(JSON.parse(log[2]!.meta)).toEqual([{ field: 'note', oldValue: 'Gate code is 4411', newValue: 'Gate code is 9900' }]);
    expect(JSON.parse(log[3]!.meta)).toEqual([{ field: 'note', oldValue: 'Gate code is 9900', newValue: null }]);
    expect(log[0]!.entity_id).toBe(note.id);
  });

  it('lets only the author or an admin edit or delete a note', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const author = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const colleague = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const note = (await post(author.cookie, job.id, 'Mine')).json().data;
    const asColleague = await call('GET', `/api/notes?jobId=${job.id}`, colleague.cookie);
    expect(asColleague.json().items[0].actions).toEqual({ edit: false, delete: false });
    const refused = await call('PATCH', `/api/notes/${note.id}`, colleague.cookie, { note: 'Not yours' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the author of a note or an admin can change it.');
    expect((await call('DELETE', `/api/notes/${note.id}`, colleague.cookie)).statusCode).toBe(403);
    expect((await t.db.selectFrom('notes').select('note').where('id', '=', note.id).executeTakeFirstOrThrow()).note).toBe('Mine');
    const byAdmin = await call('PATCH', `/api/notes/${note.id}`, admin.cookie, { note: 'Tidied by admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.noteCreatedBy.userId).toBe(author.user.id);
    expect((await call('DELETE', `/api/notes/${note.id}`, author.cookie)).statusCode).toBe(204);
  });

  it('refuses changes once the job is closed or cancelled, changing nothing', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const note = (await post(admin.cookie, job.id, 'Before close')).json().data;
    for (const status of ['CLOSED', 'CANCELLED'] as const) {
      await setJobStatus(t.db, job.id, status);
      const add = await post(admin.cookie, job.id, 'After close');
      expect(add.statusCode).toBe(409);
      expect(add.json()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'This job is closed or cancelled; it can no longer be changed.' });
      expect((await call('PATCH', `/api/notes/${note.id}`, admin.cookie, { note: 'Changed' })).statusCode).toBe(409);
      expect((await call('DELETE', `/api/notes/${note.id}`, admin.cookie)).statusCode).toBe(409);
      const list = await call('GET', `/api/notes?jobId=${job.id}`, admin.cookie);
      expect(list.json().items.map((n: { note: string; actions: object }) => [n.note, n.actions])).toEqual([['Before close', { edit: false, delete: false }]]);
    }
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 1, media_count: 0 });
    expect((await activityOf(job.id)).map((a) => a.action)).toEqual(['NOTE_ADDED']);
  });
});

describe('notes: another company', () => {
  it('answers 404 like a missing id for its jobs and notes, and changes nothing there', async () => {
    const theirJob = await insertTestJob(t.db, other.tenantId);
    const theirNote = (await post(other.admin.cookie, theirJob.id, 'Private')).json().data;
    const missing = randomUUID();
    const pairs: [(id: string) => Promise<{ statusCode: number; body: string }>, string][] = [
      [(id) => call('GET', `/api/notes?jobId=${id}`, admin.cookie), theirJob.id],
      [(id) => post(admin.cookie, id, 'Hijack'), theirJob.id],
      [(id) => call('PATCH', `/api/notes/${id}`, admin.cookie, { note: 'Hijack' }), theirNote.id],
      [(id) => call('DELETE', `/api/notes/${id}`, admin.cookie), theirNote.id],
    ];
    for (const [send, foreignId] of pairs) {
      const foreign = await send(foreignId);
      const absent = await send(missing);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(absent.body);
    }
    expect((await t.db.selectFrom('notes').select('note').where('id', '=', theirNote.id).executeTakeFirstOrThrow()).note).toBe('Private');
    expect(await jobCounts(t.db, theirJob.id)).toEqual({ note_count: 1, media_count: 0 });
    expect(await activityOf(theirJob.id)).toHaveLength(1);
  });
});

describe('notes: concurrency', () => {
  it('keeps note_count equal to the notes after 20 parallel creates', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(admin.cookie, job.id, `Parallel ${i}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const notes = await t.db.selectFrom('notes').select('id').where('job_id', '=', job.id).execute();
    expect(notes).toHaveLength(20);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 20, media_count: 0 });
    expect(await activityOf(job.id)).toHaveLength(20);
  });
});
