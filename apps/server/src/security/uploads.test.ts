import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LOGO_MAX_BYTES } from '@fieldwork/domain/company/company.schemas';
import { MEDIA_EXTENSIONS, MEDIA_MAX_BYTES } from '@fieldwork/domain/jobs/media.schemas';
import { PROFILE_PHOTO_MAX_BYTES } from '@fieldwork/domain/access/users.schemas';
import { buildCustomer, buildTask } from '@fieldwork/testing/factories';
import { dataUrlOf, pngBomb } from '@fieldwork/testing/image-samples';
import { DOCX, multipart, SAMPLES } from '../modules/media/media-upload.fixture.ts';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';
import { workRequestForm } from '../modules/portal/work-request-photos.fixture.ts';
import { WORK_REQUEST_PHOTO_MAX_BYTES } from '@fieldwork/domain/portal/work-request-photos.rules';
import { BODYLESS_WRITES, JSON_OR_MULTIPART_WRITES, mutatingRoutes, tenantSnapshot, writeRequest } from './write-requests.fixture.ts';

/**
 * Every route that takes a file: hostile uploads are refused with a 4xx and leave nothing behind (no file on
 * disk, no row), and what is stored is served with a type that never renders as a page. Every other write
 * route refuses a multipart body, so a new upload route cannot appear without being listed here.
 */
let t: TestApp;
let a: { tenantId: string; admin: Session };
let jobId: string;
let taskId: string;

type Form = { payload: Buffer; headers: Record<string, string> };
type Upload = {
  key: string;
  url: () => string;
  maxBytes: number;
  stored: 'disk' | 'database';
  /** The request's multipart body around one file (default: the file alone in "file"). */
  form?: (fileName: string, contentType: string, data: Buffer) => Form;
  /** Who sends it (default: the company's admin). */
  cookie?: () => string | undefined;
};
let slug: string;
const UPLOADS: Upload[] = [
  { key: 'POST /api/jobs/media', url: () => `/api/jobs/media?jobId=${jobId}`, maxBytes: MEDIA_MAX_BYTES, stored: 'disk' },
  { key: 'PUT /api/user/profile/photo', url: () => '/api/user/profile/photo', maxBytes: PROFILE_PHOTO_MAX_BYTES, stored: 'database' },
  { key: 'PUT /api/company/logo', url: () => '/api/company/logo', maxBytes: LOGO_MAX_BYTES, stored: 'database' },
  {
    key: 'POST /api/portal/companies/:slug/work-requests',
    url: () => `/api/portal/companies/${slug}/work-requests`,
    maxBytes: WORK_REQUEST_PHOTO_MAX_BYTES,
    stored: 'database',
    form: (name, type, data) =>
      workRequestForm({ name: 'Hostile Upload', email: 'hostile@upload.test', address: '1 Upload Rd', description: 'See photo' }, [{ name, type, data }]),
    cookie: () => undefined,
  },
  // A task's photo, sent by the company's admin (full access may add to any task).
  { key: 'POST /api/tasks/:id/photos', url: () => `/api/tasks/${taskId}/photos`, maxBytes: MEDIA_MAX_BYTES, stored: 'disk' },
];

/** Every file under the media directory with its size: what "nothing left on disk" is checked against. */
async function diskListing(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const out: string[] = [];
  for (const name of entries.sort()) {
    const s = await stat(join(dir, name));
    if (s.isFile()) out.push(`${name}:${s.size}`);
  }
  return out;
}

function upload(u: Upload, fileName: string, contentType: string, data: Buffer) {
  const form = u.form ? u.form(fileName, contentType, data) : multipart(fileName, contentType, data);
  const cookie = u.cookie ? u.cookie() : a.admin.cookie;
  return t.app.inject({
    method: u.key.split(' ')[0] as 'POST',
    url: u.url(),
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
    payload: form.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newCompany();
  const customer = await buildCustomer(t.db, a.tenantId);
  const job = await t.call('POST', '/api/jobs', a.admin.cookie, { customerId: customer.id, siteAddressId: customer.addressId, name: 'Upload target' });
  jobId = job.json().data.id;
  taskId = (await buildTask(t.db, a.tenantId, { jobId })).id;
  slug = (await t.db.selectFrom('tenants').select('portal_slug').where('id', '=', a.tenantId).executeTakeFirstOrThrow()).portal_slug!;
});
afterAll(async () => t.close());

describe('upload routes', () => {
  it('are exactly the listed ones: every other write route refuses a multipart body', async () => {
    const png = multipart('photo.png', 'image/png', SAMPLES.png);
    const listed = new Set(UPLOADS.map((u) => u.key));
    const before = await tenantSnapshot(t.db, a.tenantId);
    let checked = 0;
    for (const key of mutatingRoutes(t.app)) {
      if (listed.has(key) || BODYLESS_WRITES[key] || JSON_OR_MULTIPART_WRITES[key] || key.startsWith('DELETE ')) continue;
      const req = writeRequest(key)!;
      const res = await t.app.inject({ method: req.method as 'POST', url: req.url, headers: { ...png.headers, cookie: a.admin.cookie }, payload: png.payload });
      expect([400, 415], `${key}: ${res.body}`).toContain(res.statusCode);
      checked++;
    }
    expect(checked).toBeGreaterThan(60);
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
    for (const u of UPLOADS) expect(BODYLESS_WRITES[u.key] ?? JSON_OR_MULTIPART_WRITES[u.key], u.key).toMatch(/multipart/);
    // The signed-in request for work is tried with hostile files in work-request-photos.test.ts (it needs a portal session).
    expect(
      [
        ...Object.entries(BODYLESS_WRITES)
          .filter(([, why]) => /multipart/.test(why))
          .map(([k]) => k),
        ...Object.keys(JSON_OR_MULTIPART_WRITES),
      ].sort(),
    ).toEqual([...listed, 'POST /api/portal/work-requests'].sort());
  });

  for (const u of UPLOADS) {
    it(`${u.key}: refuses over-size, disguised markup, path climbing and names left empty, leaving nothing behind`, async () => {
      const hostile: [string, string, string, Buffer][] = [
        ['over the size limit', 'big.png', 'image/png', Buffer.concat([SAMPLES.png, Buffer.alloc(u.maxBytes + 1 - SAMPLES.png.length, 7)])],
        ['HTML renamed .jpg', 'holiday.jpg', 'image/jpeg', SAMPLES.html],
        ['HTML declared as text', 'notes.txt', 'text/plain', SAMPLES.html],
        ['SVG with a script', 'logo.svg', 'image/svg+xml', SAMPLES.svg],
        ['SVG renamed .png', 'logo.png', 'image/png', SAMPLES.svg],
        ['an executable', 'setup.png', 'image/png', SAMPLES.exe],
        ['a shell script', 'run.txt', 'text/plain', SAMPLES.shell],
        ['../ in the name', '../../../etc/evil.png', 'image/png', SAMPLES.png],
        ['..\\ in the name', '..\\..\\evil.png', 'image/png', SAMPLES.png],
        ['a name of only control and bidi characters', '\u0000\u0007\u202E\u200B', 'image/png', SAMPLES.png],
        ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
      ];
      const disk = await diskListing(t.app.config.mediaDir);
      const rows = await tenantSnapshot(t.db, a.tenantId);
      for (const [label, name, type, data] of hostile) {
        const res = await upload(u, name, type, data);
        expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
        expect(res.json().code, label).toMatch(/^(VALIDATION_FAILED|UNSUPPORTED_MEDIA|PAYLOAD_TOO_LARGE)$/);
        expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      }
      expect(await diskListing(t.app.config.mediaDir)).toEqual(disk);
      expect(await tenantSnapshot(t.db, a.tenantId)).toBe(rows);
    }, 60_000);
  }

  it('refuses an image bomb (190 KB, 7000 × 7000) on every route that takes an image, naming the limit, storing nothing', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const disk = await diskListing(t.app.config.mediaDir);
    const rows = await tenantSnapshot(t.db, a.tenantId);
    for (const u of UPLOADS) {
      const res = await upload(u, 'innocent.png', 'image/png', bomb);
      expect(res.statusCode, `${u.key}: ${res.body}`).toBe(400);
      expect(res.json().message, u.key).toEqual([
        expect.stringMatching(/^(innocent\.png: )?The image is 7,000 × 7,000 pixels; .* may be at most [\d,]+ pixels/),
      ]);
    }
    const customer = await buildCustomer(t.db, a.tenantId);
    const estimate = (
      await t.call('POST', '/api/estimates', a.admin.cookie, {
        mode: 'Send',
        jobInfo: { type: 'NonJob', accountId: customer.id },
        estimateInfo: {},
        productServices: [{ name: 'Pump', qty: 1, rate: 100 }],
      })
    ).json().data;
    const before = await tenantSnapshot(t.db, a.tenantId);
    const approval = await t.call('POST', `/api/estimates/${estimate.id}/approval`, a.admin.cookie, {
      decision: 'APPROVED',
      signerName: 'Carla',
      signature: dataUrlOf(bomb),
    });
    expect(approval.statusCode, approval.body).toBe(400);
    expect(approval.json().message).toEqual([expect.stringMatching(/^The image is 7,000 × 7,000 pixels; signature images may be at most 4,000,000 pixels/)]);
    expect(await tenantSnapshot(t.db, a.tenantId)).toBe(before);
    expect(await diskListing(t.app.config.mediaDir)).toEqual(disk);
    expect(rows).not.toBe(before); // the estimate and customer were written in between; the uploads wrote nothing
  });

  it('serves every stored job file as an attachment of its sniffed type, with nosniff and a sandboxing CSP', async () => {
    const kinds: [string, string, Buffer, string][] = [
      ['site.png', 'image/png', SAMPLES.png, 'image/png'],
      ['site.jpg', 'image/jpeg', SAMPLES.jpeg, 'image/jpeg'],
      ['site.gif', 'image/gif', SAMPLES.gif, 'image/gif'],
      ['quote.pdf', 'application/pdf', SAMPLES.pdf, 'application/pdf'],
      ['quote.docx', DOCX, SAMPLES.zip, DOCX],
      ['parts.csv', 'text/csv', SAMPLES.csv, 'text/csv'],
      // A PNG claimed as HTML is stored as what its bytes are, never as the claim.
      ['page.html', 'text/html', SAMPLES.png, 'image/png'],
      // Markup after the first line is still text to a browser told nosniff + attachment.
      ['notes.txt', 'text/plain', Buffer.from('Gate code 1234\n<script>alert(1)</script>\n'), 'text/plain'],
      ['quote"; filename=evil.html.png', 'image/png', SAMPLES.png, 'image/png'],
    ];
    const u = UPLOADS[0]!;
    for (const [name, declared, data, expected] of kinds) {
      const res = await upload(u, name, declared, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const file = await t.app.inject({ url: `/api/jobs/media/${res.json().data.id}/file`, headers: { cookie: a.admin.cookie } });
      expect(file.statusCode, name).toBe(200);
      expect(file.headers['content-type'], name).toBe(expected);
      expect(file.headers['x-content-type-options'], name).toBe('nosniff');
      expect(String(file.headers['content-disposition']), name).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^";\s]+$/);
      // The name keeps an extension of the type served: a PNG called page.html downloads as page.png.
      const extension = /filename="[^"]*\.(\w+)"/.exec(String(file.headers['content-disposition']))?.[1];
      expect(MEDIA_EXTENSIONS[expected as keyof typeof MEDIA_EXTENSIONS], name).toContain(extension);
      expect(String(file.headers['content-security-policy']), name).toContain('sandbox');
      expect(file.rawPayload.equals(data), name).toBe(true);
    }
  });

  it('serves a profile photo only as the raster type its bytes are, with nosniff', async () => {
    for (const [name, declared, data, expected] of [
      ['me.png', 'text/html', SAMPLES.png, 'image/png'],
      ['me.jpg', 'image/jpeg', SAMPLES.jpeg, 'image/jpeg'],
      ['me.webp', 'image/webp', SAMPLES.webp, 'image/webp'],
    ] as const) {
      const res = await upload(UPLOADS[1]!, name, declared, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const photo = await t.app.inject({ url: `/api/user/${a.admin.user.id}/photo`, headers: { cookie: a.admin.cookie } });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type'], name).toBe(expected);
      expect(photo.headers['x-content-type-options'], name).toBe('nosniff');
      expect(photo.rawPayload.equals(data), name).toBe(true);
    }
  });
});
