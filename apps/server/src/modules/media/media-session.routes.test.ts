import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob, jobCounts } from '../notes/test-jobs.fixture.ts';
import { attachSessionMedia } from './media.repository.ts';
import { attachUploadsToJob } from './media.service.ts';
import { filesOf, multipart, SAMPLES } from './media-upload.fixture.ts';

/** Uploads made on the job form before the job exists: held by a session token, private to the uploader, attached on save. */
let t: TestApp;
let tenantId: string;
let admin: Session;
let colleague: Session;
let mediaDir: string;

const upload = (cookie: string, query: string, name = 'before.png') => {
  const form = multipart(name, 'image/png', SAMPLES.png);
  return t.app.inject({ method: 'POST', url: `/api/jobs/media?${query}`, payload: form.payload, headers: { ...form.headers, cookie } });
};
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const token = () => 'form-' + randomUUID();

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  colleague = await t.signInAs(tenantId, 'Staff', 'partialAccess');
  mediaDir = t.app.config.mediaDir;
});
afterAll(async () => t.close());

describe('media: session-token uploads', () => {
  it('stores the upload without a job and shows it to its uploader only', async () => {
    const sessionToken = token();
    const res = await upload(admin.cookie, `sessionToken=${sessionToken}`);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({ jobId: null, contentType: 'image/png' });
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', media.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ job_id: null, session_token: sessionToken, created_by: admin.user.id });
    expect(await filesOf(mediaDir, tenantId)).toContain(media.id);

    expect((await get(`/api/jobs/media?sessionToken=${sessionToken}`, admin.cookie)).json()).toEqual({ data: { items: [media] } });
    expect((await get(`/api/jobs/media?sessionToken=${sessionToken}`, colleague.cookie)).json()).toEqual({ data: { items: [] } });
    expect((await get(media.fileLink, admin.cookie)).statusCode).toBe(200);
    const stranger = await get(media.fileLink, colleague.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).toBe((await get(`/api/jobs/media/${randomUUID()}/file`, colleague.cookie)).body);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/jobs/media/${media.id}`, headers: { cookie: colleague.cookie } })).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/jobs/media/${media.id}`, headers: { cookie: admin.cookie } });
    expect(removed.statusCode).toBe(204);
    expect(await filesOf(mediaDir, tenantId)).not.toContain(media.id);
    expect(await t.db.selectFrom('activity_log').select('id').where('entity_id', '=', media.id).execute()).toEqual([]);
  });

  it("attachSessionMedia moves only this user's uploads under this token onto the job, once", async () => {
    const sessionToken = token();
    const mine = [
      (await upload(admin.cookie, `sessionToken=${sessionToken}`, 'a.png')).json().data,
      (await upload(admin.cookie, `sessionToken=${sessionToken}`, 'b.png')).json().data,
    ];
    const theirs = (await upload(colleague.cookie, `sessionToken=${sessionToken}`)).json().data;
    const otherToken = (await upload(admin.cookie, `sessionToken=${token()}`)).json().data;
    const job = await insertTestJob(t.db, tenantId);
    const other = await t.newCompany();

    expect(await t.db.transaction().execute((trx) => attachSessionMedia(trx, other.tenantId, sessionToken, admin.user.id, job.id))).toBe(0);
    const moved = await t.db.transaction().execute((trx) => attachSessionMedia(trx, tenantId, sessionToken, admin.user.id, job.id));
    expect(moved).toBe(2);
    const rows = await t.db
      .selectFrom('media')
      .select(['id', 'job_id', 'session_token'])
      .where('id', 'in', [...mine.map((m) => m.id), theirs.id, otherToken.id])
      .orderBy('file_name')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const m of mine) expect(byId.get(m.id)).toMatchObject({ job_id: job.id, session_token: null });
    expect(byId.get(theirs.id)).toMatchObject({ job_id: null, session_token: sessionToken });
    expect(byId.get(otherToken.id)).toMatchObject({ job_id: null });
    expect(await t.db.transaction().execute((trx) => attachSessionMedia(trx, tenantId, sessionToken, admin.user.id, job.id))).toBe(0);

    const list = await get(`/api/jobs/media?jobId=${job.id}`, admin.cookie);
    expect(
      list
        .json()
        .data.items.map((m: { fileName: string }) => m.fileName)
        .sort(),
    ).toEqual(['a.png', 'b.png']);
    expect((await get(`/api/jobs/media?sessionToken=${sessionToken}`, admin.cookie)).json().data.items).toEqual([]);
  });

  it("attachUploadsToJob also moves the count and writes the activity, in the caller's transaction", async () => {
    const sessionToken = token();
    const uploaded = (await upload(admin.cookie, `sessionToken=${sessionToken}`, 'plan.png')).json().data;
    const job = await insertTestJob(t.db, tenantId);
    const rolledBack = await t.db
      .transaction()
      .execute(async (trx) => {
        await attachUploadsToJob(trx, tenantId, { sessionToken, userId: admin.user.id, jobId: job.id });
        throw new Error('job create failed later');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('job create failed later');
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });

    const n = await t.db.transaction().execute((trx) => attachUploadsToJob(trx, tenantId, { sessionToken, userId: admin.user.id, jobId: job.id }));
    expect(n).toBe(1);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 1 });
    const log = await t.db.selectFrom('activity_log').select(['action', 'message', 'entity_id', 'actor_id']).where('job_id', '=', job.id).execute();
    expect(log).toEqual([{ action: 'MEDIA_ADDED', message: 'Added a file: plan.png', entity_id: uploaded.id, actor_id: admin.user.id }]);
    expect(await t.db.transaction().execute((trx) => attachUploadsToJob(trx, tenantId, { sessionToken, userId: admin.user.id, jobId: job.id }))).toBe(0);
  });
});
