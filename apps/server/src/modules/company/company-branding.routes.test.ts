import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, pngBomb, pngImage, webpImage } from '@fieldwork/testing/image-samples';
import { LOGO_MAX_BYTES } from '@fieldwork/domain/company/company.schemas';
import { multipart } from '../media/media-upload.fixture.ts';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = (s: Session, url = '/api/company') => t.app.inject({ url, headers: { cookie: s.cookie } });
const putLogo = (s: Session, name: string, type: string, data: Buffer) => {
  const form = multipart(name, type, data);
  return t.app.inject({ method: 'PUT', url: '/api/company/logo', payload: form.payload, headers: { ...form.headers, cookie: s.cookie } });
};
const logoFiles = async (tenantId: string) => {
  const logo = (await t.db.selectFrom('tenants').select('logo_file_id').where('id', '=', tenantId).executeTakeFirstOrThrow()).logo_file_id;
  const files = await t.db.selectFrom('files').select('id').where('tenant_id', '=', tenantId).execute();
  return { logo, files: files.map((f) => f.id) };
};

describe('company contact details and brand colour', () => {
  it('saves email, phone, address and colour; absent keeps them, empty clears them', async () => {
    const { admin } = await t.newCompany();
    const version = (await get(admin)).json().data.version;
    const body = {
      name: 'Brand Co',
      timeZone: 'America/Denver',
      email: 'Office@Brand.test',
      phone: '+1 303 555 0100',
      address: '12 Main St, Denver, CO',
      brandColor: '#0F766E',
      version,
    };
    const saved = await t.call('PUT', '/api/company', admin.cookie, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      email: 'office@brand.test',
      phone: '+1 303 555 0100',
      address: '12 Main St, Denver, CO',
      brandColor: '#0f766e',
      logoUrl: null,
      version: version + 1,
    });
    const kept = await t.call('PUT', '/api/company', admin.cookie, { name: 'Brand Co', timeZone: 'America/Denver', version: version + 1 });
    expect(kept.json().data).toMatchObject({ email: 'office@brand.test', brandColor: '#0f766e' });
    const cleared = await t.call('PUT', '/api/company', admin.cookie, {
      name: 'Brand Co',
      timeZone: 'America/Denver',
      email: '',
      phone: null,
      address: '',
      brandColor: '',
      version: version + 2,
    });
    expect(cleared.json().data).toMatchObject({ email: null, phone: null, address: null, brandColor: null });
  });

  it('refuses a colour too light to read on white, and one that is not a hex colour, naming why', async () => {
    const { admin } = await t.newCompany();
    const version = (await get(admin)).json().data.version;
    const light = await t.call('PUT', '/api/company', admin.cookie, { name: 'X', timeZone: 'UTC', brandColor: '#fde047', version });
    expect(light.statusCode).toBe(400);
    expect(light.json().message).toEqual(['Brand colour is too light to read on white (contrast 1.3:1; it needs at least 3:1). Pick a darker shade.']);
    const bad = await t.call('PUT', '/api/company', admin.cookie, { name: 'X', timeZone: 'UTC', brandColor: 'teal', version });
    expect(bad.json().message).toEqual(['Brand colour must be a hex colour like #1d4ed8.']);
  });
});

describe('company logo', () => {
  it('uploads a PNG or JPEG, serves it to the company, replaces the old file and removes it', async () => {
    const { tenantId, admin } = await t.newCompany();
    const tech = await t.signInAs(tenantId, 'Technician');
    expect((await get(admin, '/api/company/logo')).statusCode).toBe(404);
    const png = pngImage(300, 100);
    const first = await putLogo(admin, 'logo.png', 'image/png', png);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.logoUrl).toMatch(/^\/api\/company\/logo\?v=[0-9a-f]{8}$/);
    const served = await get(tech, first.json().data.logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
    const firstFile = (await logoFiles(tenantId)).logo;

    const jpeg = jpegImage(800, 200);
    const second = await putLogo(admin, 'logo.jpg', 'image/jpeg', jpeg);
    expect(second.json().data.logoUrl).not.toBe(first.json().data.logoUrl);
    expect(second.json().data.version).toBe(first.json().data.version + 1);
    const after = await logoFiles(tenantId);
    expect(after.files).toEqual([after.logo]);
    expect(after.logo).not.toBe(firstFile);
    expect((await get(admin, '/api/company/logo')).headers['content-type']).toBe('image/jpeg');

    const removed = await t.call('DELETE', '/api/company/logo', admin.cookie);
    expect(removed.json().data.logoUrl).toBeNull();
    expect(await logoFiles(tenantId)).toEqual({ logo: null, files: [] });
    expect((await get(admin, '/api/company/logo')).statusCode).toBe(404);
  });

  it('refuses WebP, a bomb, an oversized file and a non-image, and keeps the logo it had', async () => {
    const { tenantId, admin } = await t.newCompany();
    await putLogo(admin, 'logo.png', 'image/png', pngImage(40, 20));
    const before = await logoFiles(tenantId);
    const webp = await putLogo(admin, 'logo.webp', 'image/webp', webpImage(40, 20));
    expect(webp.statusCode).toBe(415);
    expect(webp.json().message).toBe('The logo must be a PNG or JPEG image.');
    const bomb = await putLogo(admin, 'logo.png', 'image/png', pngBomb());
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toEqual([expect.stringMatching(/^The image is 7,000 × 7,000 pixels; logos may be at most 4,000,000 pixels/)]);
    const big = await putLogo(admin, 'logo.png', 'image/png', Buffer.concat([pngImage(10, 10), Buffer.alloc(LOGO_MAX_BYTES, 1)]));
    expect(big.statusCode).toBe(413);
    expect((await putLogo(admin, 'logo.png', 'image/png', Buffer.from('<svg/>'))).statusCode).toBe(415);
    expect(await logoFiles(tenantId)).toEqual(before);
  });

  it('keeps exactly one logo file when many uploads race', async () => {
    const { tenantId, admin } = await t.newCompany();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => putLogo(admin, `logo-${i}.png`, 'image/png', pngImage(20 + i, 10))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const after = await logoFiles(tenantId);
    expect(after.files).toEqual([after.logo]);
  });
});
