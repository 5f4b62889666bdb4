import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES } from '@fieldwork/domain/jobs/media.schemas';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { insertTestJob, jobCounts } from '../notes/test-jobs.fixture.ts';
import { DOCX, filesOf, multipart, SAMPLES } from './media-upload.fixture.ts';

/** What an upload may be, decided by its bytes; and what a refused upload leaves behind: nothing. */
let t: TestApp;
let tenantId: string;
let admin: Session;
let mediaDir: string;
let jobId: string;

const upload = (name: string, type: string, data: Buffer) => {
  const form = multipart(name, type, data);
  return t.app.inject({ method: 'POST', url: `/api/jobs/media?jobId=${jobId}`, payload: form.payload, headers: { ...form.headers, cookie: admin.cookie } });
};

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  mediaDir = t.app.config.mediaDir;
  jobId = (await insertTestJob(t.db, tenantId)).id;
});
afterAll(async () => t.close());

async function expectNothingStored(): Promise<void> {
  expect(await filesOf(mediaDir, tenantId)).toEqual([]);
  expect(await t.db.selectFrom('media').select('id').where('tenant_id', '=', tenantId).execute()).toEqual([]);
  expect(await jobCounts(t.db, jobId)).toEqual({ note_count: 0, media_count: 0 });
  expect(await t.db.selectFrom('activity_log').select('id').where('job_id', '=', jobId).execute()).toEqual([]);
}

describe('media: refused uploads leave nothing behind', () => {
  const refused: [string, string, string, Buffer, number][] = [
    ['HTML renamed .jpg', 'invoice.jpg', 'image/jpeg', SAMPLES.html, 415],
    ['HTML declared as HTML', 'page.html', 'text/html', SAMPLES.html, 415],
    ['HTML declared as text', 'page.txt', 'text/plain', SAMPLES.html, 415],
    ['SVG with a script', 'logo.svg', 'image/svg+xml', SAMPLES.svg, 415],
    ['SVG declared as PNG', 'logo.png', 'image/png', SAMPLES.svg, 415],
    ['executable', 'setup.exe', 'application/octet-stream', SAMPLES.exe, 415],
    ['executable declared as PDF', 'setup.pdf', 'application/pdf', SAMPLES.exe, 415],
    ['shell script declared as text', 'notes.txt', 'text/plain', SAMPLES.shell, 415],
    ['plain ZIP', 'files.zip', 'application/zip', SAMPLES.zip, 415],
    ['OLE declared as something else', 'x.msi', 'application/x-msi', SAMPLES.ole, 415],
    ['text with NUL bytes', 'data.csv', 'text/csv', Buffer.from('a,b\u0000c\n'), 415],
    ['text that is not UTF-8', 'data.txt', 'text/plain', Buffer.from([0x68, 0x69, 0xff, 0xfe, 0x0a]), 415],
    ['text cut mid-character', 'data.txt', 'text/plain', Buffer.from([0x68, 0x69, 0xc3]), 415],
    ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0), 400],
    ['a ../ name', '../../etc/evil.png', 'image/png', SAMPLES.png, 400],
    ['a ..\\ name', '..\\evil.png', 'image/png', SAMPLES.png, 400],
    ['a bare ..', '..', 'image/png', SAMPLES.png, 400],
    ['a name made only of control and bidi characters', '\u0007\u202E\u200B', 'image/png', SAMPLES.png, 400],
  ];
  for (const [label, name, type, data, status] of refused) {
    it(`refuses ${label} (${status})`, async () => {
      const res = await upload(name, type, data);
      expect(res.statusCode, res.body).toBe(status);
      if (status === 415) expect(res.json()).toEqual({ statusCode: 415, code: 'UNSUPPORTED_MEDIA', message: 'This file type is not supported.' });
      if (status === 400) expect(res.json().message).toEqual([label === 'an empty file' ? 'The file is empty.' : 'The file name is not allowed.']);
      await expectNothingStored();
    });
  }

  it('removes the written bytes when saving the row fails after the file was streamed (500, nothing left)', async () => {
    if (t.dialect === 'sqlite') {
      await sql`create trigger fail_media before insert on media when new.file_name = 'boom.png' begin select raise(abort, 'boom'); end`.execute(t.db);
    } else {
      await sql
        .raw(
          `create function fail_media() returns trigger language plpgsql as $$ begin if new.file_name = 'boom.png' then raise exception 'boom'; end if; return new; end $$`,
        )
        .execute(t.db);
      await sql`create trigger fail_media before insert on media for each row execute function fail_media()`.execute(t.db);
    }
    const res = await upload('boom.png', 'image/png', SAMPLES.png);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Something went wrong! Please try again' });
    await expectNothingStored();
    expect((await upload('fine.png', 'image/png', SAMPLES.png)).statusCode).toBe(201);
    await t.db.deleteFrom('media').where('tenant_id', '=', tenantId).execute();
    await t.db.updateTable('jobs').set({ media_count: 0 }).where('id', '=', jobId).execute();
    await t.db.deleteFrom('activity_log').where('job_id', '=', jobId).execute();
    for (const name of await filesOf(mediaDir, tenantId)) await rm(join(mediaDir, tenantId, name));
  });

  it('refuses a file over the size limit with 413', async () => {
    const res = await upload('huge.png', 'image/png', Buffer.concat([SAMPLES.png, Buffer.alloc(MEDIA_MAX_BYTES)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 25 MB.' });
    await expectNothingStored();
  });
});

describe('media: accepted types', () => {
  // [uploaded name, declared type, bytes, stored type, kind, stored name when it differs]
  const accepted: [string, string, Buffer, string, 'IMAGE' | 'DOCUMENT', string?][] = [
    ['photo.jpg', 'image/jpeg', SAMPLES.jpeg, 'image/jpeg', 'IMAGE'],
    ['x.html', 'text/html', SAMPLES.png, 'image/png', 'IMAGE', 'x.png'],
    ['invoice\u202Egnp.exe', 'image/png', SAMPLES.png, 'image/png', 'IMAGE', 'invoicegnp.png'],
    ['plan\u0000 (final).pdf', 'application/pdf', SAMPLES.pdf, 'application/pdf', 'DOCUMENT', 'plan (final).pdf'],
    ['photo.webp', 'image/webp', SAMPLES.webp, 'image/webp', 'IMAGE'],
    ['anim.gif', 'image/gif', SAMPLES.gif, 'image/gif', 'IMAGE'],
    ['misnamed.bin', 'application/octet-stream', SAMPLES.png, 'image/png', 'IMAGE', 'misnamed.png'],
    ['quote.pdf', 'application/pdf', SAMPLES.pdf, 'application/pdf', 'DOCUMENT'],
    ['report.docx', DOCX, SAMPLES.zip, DOCX, 'DOCUMENT'],
    [
      'sheet.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      SAMPLES.zip,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'DOCUMENT',
    ],
    ['old.doc', 'application/msword', SAMPLES.ole, 'application/msword', 'DOCUMENT'],
    ['old.xls', 'application/vnd.ms-excel', SAMPLES.ole, 'application/vnd.ms-excel', 'DOCUMENT'],
    ['parts.csv', 'text/csv; charset=utf-8', SAMPLES.csv, 'text/csv', 'DOCUMENT'],
    ['notes.txt', 'text/plain', SAMPLES.text, 'text/plain', 'DOCUMENT'],
    ['C:\\Users\\pat\\Desktop\\site.png', 'image/png', SAMPLES.png, 'image/png', 'IMAGE'],
  ];
  it('stores each with the type its bytes prove and serves it back unchanged', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const job = await insertTestJob(t.db, tid);
    for (const [name, declared, data, stored, kind, storedName] of accepted) {
      const form = multipart(name, declared, data);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/jobs/media?jobId=${job.id}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: a.cookie },
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const fileName = storedName ?? name.split('\\').pop()!;
      expect(res.json().data, name).toMatchObject({ contentType: stored, mediaType: kind, size: data.length, fileName });
      const file = await t.app.inject({ url: res.json().data.fileLink, headers: { cookie: a.cookie } });
      expect(file.headers['content-type'], name).toBe(stored);
      expect(file.headers['content-disposition'], name).toContain(
        `filename*=UTF-8''${encodeURIComponent(fileName).replace(/[()]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())}`,
      );
      expect(file.rawPayload.equals(data), name).toBe(true);
    }
    expect(await filesOf(mediaDir, tid)).toHaveLength(accepted.length);
    expect(await jobCounts(t.db, job.id)).toEqual({ note_count: 0, media_count: accepted.length });
  });
});
