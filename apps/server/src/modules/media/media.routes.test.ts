import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@fieldwork/domain/access/roles.rules';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob, jobCounts, setJobStatus } from '../notes/test-jobs.fixture.ts';
import { filesOf, multipart, SAMPLES } from './media-upload.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let other: { tenantId: string; admin: Session };
let mediaDir: string;
const cookies = new Map<string, string>();

const upload = (cookie: string | undefined, query: string, name = 'photo.png', type = 'image/png', data: Buffer = SAMPLES.png) => {
  const form = multipart(name, type, data);
  return t.app.inject({ method: 'POST', url: `/api/jobs/media?${query}`, payload: form.payload, headers: { ...form.headers, ...(cookie ? { cookie } : {}) } });
};
const get = (url: string, cookie?: string) => t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });
const del = (url: string, cookie?: string) => t.app.inject({ method: 'DELETE', url, ...(cookie ? { headers: { cookie } } : {}) });
const activityOf = (jobId: string) =>
  t.db.selectFrom('activity_log').select(['action', 'message', 'meta', 'entity_id']).where('job_id', '=', jobId).orderBy('created_at').orderBy('id').execute();

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  other = await t.newCompany();
  mediaDir = t.app.config.mediaDir;
  for (const c of ROLE_CASES) cookies.set(c.label, (await t.signInAs(tenantId, c.role, c.access)).cookie);
});
afterAll(async () => t.close());

describe('media: authentication and validation', () => {
  it('answers 401 when signed out', async () => {
    const id = randomUUID();
    expect((await upload(undefined, `jobId=${id}`)).statusCode).toBe(401);
    expect((await get(`/api/jobs/media?jobId=${id}`)).statusCode).toBe(401);
    expect((await get(`/api/jobs/media/${id}/file`)).statusCode).toBe(401);
    expect((await del(`/api/jobs/media/${id}`)).statusCode).toBe(401);
  });

  it('answers 400 with the field messages', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const none = await upload(admin.cookie, '');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toEqual(['Send exactly one of jobId or sessionToken.']);
    expect((await upload(admin.cookie, `jobId=${job.id}&sessionToken=${'s'.repeat(20)}`)).json().message).toEqual([
      'Send exactly one of jobId or sessionToken.',
    ]);
    expect((await get('/api/jobs/media?jobId=nope', admin.cookie)).json().message).toEqual(['Job ID must be a valid UUID.']);
    expect((await get('/api/jobs/media?sessionToken=short', admin.cookie)).statusCode).toBe(400);
    expect((await get('/api/jobs/media/42/file', admin.cookie)).json().message).toEqual(['Id must be a valid UUID.']);
    const wrongField = multipart('a.png', 'image/png', SAMPLES.png, 'attachment');
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/media?jobId=${job.id}`,
      payload: wrongField.payload,
      headers: { ...wrongField.headers, cookie: admin.cookie },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toEqual(['Choose a file to upload.']);
    const json = await t.app.inject({ method: 'POST', url: `/api/jobs/media?jobId=${job.id}`, payload: { file: 'x' }, headers: { cookie: admin.cookie } });
    expect(json.statusCode).toBe(415);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/media?jobId=${job.id}`,
      payload: 'x',
      headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(await t.db.selectFrom('media').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
  });
});

describe('media: role matrix', () => {
  it('lets office writers upload and delete, office readers list and download', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const seen = new Map<string, number[]>();
    for (const c of ROLE_CASES) {
      const cookie = cookies.get(c.label)!;
      const write = can(c, 'media.write');
      const read = can(c, 'jobs.read');
      const up = await upload(cookie, `jobId=${job.id}`);
      expect(up.statusCode, c.label).toBe(write ? 201 : 403);
      const id = write ? up.json().data.id : (await upload(admin.cookie, `jobId=${job.id}`)).json().data.id;
      const list = await get(`/api/jobs/media?jobId=${job.id}`, cookie);
      expect(list.statusCode, c.label).toBe(read ? 200 : 403);
      const file = await get(`/api/jobs/media/${id}/file`, cookie);
      expect(file.statusCode, c.label).toBe(read ? 200 : 403);
      const gone = await del(`/api/jobs/media/${id}`, cookie);
      expect(gone.statusCode, c.label).toBe(write ? 204 : 403);
      seen.set(c.label, [up.statusCode, list.statusCode, file.statusCode, gone.statusCode]);
    }
    expect(seen.get('Admin')).toEqual([201, 200, 200, 204]);
    expect(seen.get('Staff partialAccess')).toEqual([201, 200, 200, 204]);
    expect(seen.get('Staff onlyViewAccess')).toEqual([403, 200, 200, 403]);
    expect(seen.get('Staff noAccess')).toEqual([403, 403, 403, 403]);
    expect(seen.get('Technician')).toEqual([403, 403, 403, 403]);
    expect(seen.get('SubContractor')).toEqual([403, 403, 403, 403]);
  });
});

describe('media: upload, list, download, delete', () => {
  it('stores the bytes under a generated name, writes the row, count and activity, and serves it as an attachment', async () => {
    const { tenantId, admin } = await t.newCompany();
    const job = await insertTestJob(t.db, tenantId);
    const res = await upload(admin.cookie, `jobId=${job.id}`, 'Site photo (front) ü.png', 'image/jpeg', SAMPLES.png);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().data;
    expect(media).toMatchObject({
      jobId: job.id,
      fileName: 'Site photo (front) ü.png',
      contentType: 'image/png',
      mediaType: 'IMAGE',
      size: SAMPLES.png.length,
      fileLink: `/api/jobs/media/${media.id}/file`,
      createdBy: { userId: admin.user.id, username: 'User Admin' },
    });
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', media.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenantId, job_id: job.id, session_token: null, storage_key: `${tenantId}/${media.id}`, content_type: 'image/png' });
    expect(await filesOf(mediaDir, tenantId)).toEqual([media.id]);
    expect((await readFile(join(mediaDir, tenantId, media.id))).equals(SAMPLES.png)).toBe(true);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 1 });

    const list = await get(`/api/jobs/media?jobId=${job.id}`, admin.cookie);
    expect(list.json()).toEqual({ data: { items: [media] } });

    const file = await get(media.fileLink, admin.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLES.png)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Site photo (front) _.png"; filename*=UTF-8''Site%20photo%20%28front%29%20%C3%BC.png`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private');

    expect((await del(`/api/jobs/media/${media.id}`, admin.cookie)).statusCode).toBe(204);
    expect(await t.db.selectFrom('media').select('id').where('id', '=', media.id).executeTakeFirst()).toBeUndefined();
    expect(await filesOf(mediaDir, tenantId)).toEqual([]);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 0 });
    expect((await get(media.fileLink, admin.cookie)).statusCode).toBe(404);
    const log = await activityOf(job.id);
    expect(log.map((a) => [a.action, a.message, a.entity_id])).toEqual([
      ['MEDIA_ADDED', 'Added a file: Site photo (front) ü.png', media.id],
      ['MEDIA_DELETED', 'Deleted a file: Site photo (front) ü.png', media.id],
    ]);
    expect(JSON.parse(log[0]!.meta)).toEqual([{ field: 'media', oldValue: null, newValue: 'Site photo (front) ü.png' }]);
  });

  it('answers 404, not 500, when a stored file has gone missing from disk', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const media = (await upload(admin.cookie, `jobId=${job.id}`)).json().data;
    await t.db
      .updateTable('media')
      .set({ storage_key: `${tenantId}/${randomUUID()}` })
      .where('id', '=', media.id)
      .execute();
    const res = await get(media.fileLink, admin.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('File not found.');
  });

  it('refuses uploads and deletes once the job is closed, changing nothing', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const media = (await upload(admin.cookie, `jobId=${job.id}`)).json().data;
    await setJobStatus(t.db, job.id, 'CLOSED');
    const before = await filesOf(mediaDir, tenantId);
    const up = await upload(admin.cookie, `jobId=${job.id}`);
    expect(up.statusCode).toBe(409);
    expect(up.json().code).toBe('CONFLICT');
    expect((await del(`/api/jobs/media/${media.id}`, admin.cookie)).statusCode).toBe(409);
    expect(await filesOf(mediaDir, tenantId)).toEqual(before);
    expect(await t.db.selectFrom('media').select('id').where('job_id', '=', job.id).execute()).toEqual([{ id: media.id }]);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: 1 });
    expect((await get(`/api/jobs/media?jobId=${job.id}`, admin.cookie)).json().data.items).toHaveLength(1);
    expect((await get(media.fileLink, admin.cookie)).statusCode).toBe(200);
  });
});

describe('media: another company', () => {
  it('answers 404 like a missing id for its jobs and files, and changes nothing there', async () => {
    const theirJob = await insertTestJob(t.db, other.tenantId);
    const theirs = (await upload(other.admin.cookie, `jobId=${theirJob.id}`)).json().data;
    const theirFiles = await filesOf(mediaDir, other.tenantId);
    const mineBefore = await filesOf(mediaDir, tenantId);
    const missing = randomUUID();
    const pairs: [(id: string) => Promise<{ statusCode: number; body: string }>, string][] = [
      [(id) => upload(admin.cookie, `jobId=${id}`), theirJob.id],
      [(id) => get(`/api/jobs/media?jobId=${id}`, admin.cookie), theirJob.id],
      [(id) => get(`/api/jobs/media/${id}/file`, admin.cookie), theirs.id],
      [(id) => del(`/api/jobs/media/${id}`, admin.cookie), theirs.id],
    ];
    for (const [send, foreignId] of pairs) {
      const foreign = await send(foreignId);
      const absent = await send(missing);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(absent.body);
    }
    expect(await filesOf(mediaDir, other.tenantId)).toEqual(theirFiles);
    expect(await filesOf(mediaDir, tenantId)).toEqual(mineBefore);
    expect(await t.db.selectFrom('media').select('id').where('tenant_id', '=', other.tenantId).execute()).toEqual([{ id: theirs.id }]);
    expect(await jobCounts(t.db, theirJob.id)).toEqual({ note_count: 0, media_count: 1 });
  });
});
