import Fastify from 'fastify';
import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob } from '../notes/test-jobs.fixture.ts';
import { mediaOrphansPlugin } from './media-orphans.plugin.ts';
import { cleanOrphanMedia } from './media-orphans.service.ts';
import { filesOf, SAMPLES } from './media-upload.fixture.ts';

let t: TestApp;
let tenantId: string;
let userId: string;
let mediaDir: string;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/** A stored upload as the media module writes it: a row and its file. */
async function storedUpload(o: { ageHours: number; jobId?: string }): Promise<string> {
  const id = randomUUID();
  await mkdir(join(mediaDir, tenantId), { recursive: true });
  await writeFile(join(mediaDir, tenantId, id), SAMPLES.png);
  await t.db
    .insertInto('media')
    .values({
      id,
      tenant_id: tenantId,
      job_id: o.jobId ?? null,
      session_token: o.jobId ? null : 'form-token-0123456789',
      file_name: 'x.png',
      content_type: 'image/png',
      media_type: 'IMAGE',
      size: SAMPLES.png.length,
      storage_key: `${tenantId}/${id}`,
      created_by: userId,
      created_at: hoursAgo(o.ageHours),
    })
    .execute();
  return id;
}

const exists = async (id: string) =>
  !!(await t.db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) && (await filesOf(mediaDir, tenantId)).includes(id);
const gone = async (id: string) =>
  !(await t.db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst()) && !(await filesOf(mediaDir, tenantId)).includes(id);

async function until(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await t.newCompany();
  tenantId = company.tenantId;
  userId = company.admin.user.id;
  mediaDir = t.app.config.mediaDir;
});
afterAll(async () => t.close());

describe('cleanOrphanMedia', () => {
  it('removes uploads no job took after the cutoff, with their files, and stale temp files', async () => {
    const job = await insertTestJob(t.db, tenantId);
    const oldOrphan = await storedUpload({ ageHours: 25 });
    const recentOrphan = await storedUpload({ ageHours: 1 });
    const oldAttached = await storedUpload({ ageHours: 48, jobId: job.id });
    const staleTemp = join(mediaDir, tenantId, '.upload-stale');
    const freshTemp = join(mediaDir, tenantId, '.upload-fresh');
    await writeFile(staleTemp, 'partial');
    await writeFile(freshTemp, 'partial');
    const longAgo = new Date(Date.now() - 30 * 3_600_000);
    await utimes(staleTemp, longAgo, longAgo);

    expect(await cleanOrphanMedia(t.db, mediaDir)).toBe(1);
    expect(await gone(oldOrphan)).toBe(true);
    expect(await exists(recentOrphan)).toBe(true);
    expect(await exists(oldAttached)).toBe(true);
    const names = await filesOf(mediaDir, tenantId);
    expect(names).not.toContain('.upload-stale');
    expect(names).toContain('.upload-fresh');

    expect(await cleanOrphanMedia(t.db, mediaDir, 0.5)).toBe(1);
    expect(await gone(recentOrphan)).toBe(true);
    expect(await exists(oldAttached)).toBe(true);
  });

  it('copes with a media directory that does not exist yet and a file already gone', async () => {
    const orphan = await storedUpload({ ageHours: 30 });
    await t.db
      .updateTable('media')
      .set({ storage_key: `${tenantId}/${randomUUID()}` })
      .where('id', '=', orphan)
      .execute();
    expect(await cleanOrphanMedia(t.db, join(mediaDir, 'never-created'))).toBe(1);
  });
});

describe('orphan sweep plugin', () => {
  it('sweeps when the app is ready and then on its timer, and stops when the app closes', async () => {
    const atStart = await storedUpload({ ageHours: 26 });
    const mini = Fastify({ logger: false });
    mini.decorate('db', t.db);
    mini.decorate('config', testConfig({ mediaDir }));
    await mini.register(mediaOrphansPlugin, { everyMs: 25 });
    await mini.ready();
    expect(await gone(atStart)).toBe(true);

    const later = await storedUpload({ ageHours: 26 });
    expect(await until(() => gone(later))).toBe(true);

    await mini.close();
    const afterClose = await storedUpload({ ageHours: 26 });
    await new Promise((r) => setTimeout(r, 120));
    expect(await exists(afterClose)).toBe(true);
    await cleanOrphanMedia(t.db, mediaDir);
  });

  it('is registered in the app: a fresh start sweeps', async () => {
    const orphan = await storedUpload({ ageHours: 27 });
    const app = await buildApp(testConfig({ mediaDir }), { dbHandle: { db: t.db, dialect: t.dialect, close: async () => {} } });
    await app.ready();
    expect(await gone(orphan)).toBe(true);
    await app.close();
  });
});
