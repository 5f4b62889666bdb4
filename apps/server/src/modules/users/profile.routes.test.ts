import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test-support/test-app.ts';
import { pngImage } from '@fieldwork/testing/image-samples';
import { buildTag, buildZone } from '@fieldwork/testing/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = pngImage(16, 16);

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----fw' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('own profile', () => {
  it('reads the signed-in user as the people list presents them: tags and zones by name, and who added them', async () => {
    const { tenantId, admin } = await t.newCompany();
    const tech = await t.signInAs(tenantId, 'Technician');
    const [harbor, boilers, attics] = [
      await buildZone(t.db, tenantId, 'Harbor'),
      await buildTag(t.db, tenantId, { name: 'Boilers' }),
      await buildTag(t.db, tenantId, { name: 'Attics' }),
    ];
    await t.db
      .insertInto('user_tags')
      .values([boilers, attics].map((tag) => ({ tenant_id: tenantId, user_id: tech.user.id, tag_id: tag.id })))
      .execute();
    await t.db.insertInto('user_zones').values({ tenant_id: tenantId, user_id: tech.user.id, zone_id: harbor.id }).execute();
    await t.db.updateTable('users').set({ added_by: admin.user.id }).where('id', '=', tech.user.id).execute();
    // Another user's tags stay theirs.
    const other = await t.signInAs(tenantId, 'Technician');
    await t.db.insertInto('user_tags').values({ tenant_id: tenantId, user_id: other.user.id, tag_id: boilers.id }).execute();

    const { name: adminName } = await t.db.selectFrom('users').select('name').where('id', '=', admin.user.id).executeTakeFirstOrThrow();
    await t.db
      .updateTable('tenants')
      .set({ brand_color: '#1f6feb', address: '1 Harbor Rd', financing_url: 'https://finance.example/apply' })
      .where('id', '=', tenantId)
      .execute();
    const profile = (await t.call('GET', '/api/user/profile', tech.cookie)).json().data;
    const own = profile.user;
    expect(profile.company).toMatchObject({ brandColor: '#1f6feb', address: '1 Harbor Rd', financingUrl: 'https://finance.example/apply' });
    expect(profile.company).toEqual((await t.call('GET', '/api/company', admin.cookie)).json().data);
    expect(own).toMatchObject({
      tags: [
        { id: attics.id, name: 'Attics' },
        { id: boilers.id, name: 'Boilers' },
      ],
      zones: [{ id: harbor.id, name: 'Harbor' }],
      addedBy: { userId: admin.user.id, name: adminName },
    });
    // The same person as the office reads them, less the cost rate, which the profile does not carry.
    const { costRate, ...asListed } = (await t.call('GET', `/api/user/${tech.user.id}`, admin.cookie)).json().data;
    expect(costRate).toBe(0);
    expect(own).toEqual(asListed);
    const bare = (await t.call('GET', '/api/user/profile', other.cookie)).json().data.user;
    expect(bare).toMatchObject({ tags: [{ id: boilers.id, name: 'Boilers' }], zones: [], addedBy: null });
  });

  it('updates name and phone and validates them', async () => {
    const { tenantId } = await t.newCompany();
    const tech = await t.signInAs(tenantId, 'Technician');
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: tech.cookie },
      payload: { name: 'Terry Tech', phone: '+1 (555) 010-2000' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user).toMatchObject({ name: 'Terry Tech', phone: '+1 (555) 010-2000' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { cookie: tech.cookie },
      payload: { name: '', phone: 'call me', role: 'Admin' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.arrayContaining(['Name is mandatory.', 'Phone may contain only digits, spaces and + ( ) - .']));
    const row = await t.db.selectFrom('users').select(['role', 'name']).where('id', '=', tech.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'Technician', name: 'Terry Tech' });
  });

  it('changes the password only with the current one, and ends the other sessions but not this one', async () => {
    const { tenantId } = await t.newCompany();
    const me = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    const otherDevice = t.cookieFrom(await t.login(me.user.email));
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: { cookie: me.cookie },
      payload: { currentPassword: 'nope-nope-nope', newPassword: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toEqual(['Current password is incorrect.']);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/password',
      headers: { cookie: me.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-password' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: otherDevice } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user/profile', headers: { cookie: me.cookie } })).statusCode).toBe(200);
    expect((await t.login(me.user.email)).statusCode).toBe(401);
    expect((await t.login(me.user.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('uploads a photo checked by its bytes, serves it to the same company only, and removes it', async () => {
    const { tenantId, admin } = await t.newCompany();
    const stranger = await t.newCompany();
    const form = multipart('me.png', 'image/png', PNG);
    const up = await t.app.inject({ method: 'PUT', url: '/api/user/profile/photo', payload: form.payload, headers: { ...form.headers, cookie: admin.cookie } });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().data.user.profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/user/${admin.user.id}/photo\\?v=`));
    const img = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const colleague = await t.signInAs(tenantId, 'Technician');
    expect((await t.app.inject({ url, headers: { cookie: colleague.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: { cookie: stranger.admin.cookie } })).statusCode).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/user/profile/photo', headers: { cookie: admin.cookie } });
    expect(del.json().data.user.profileImageUrl).toBeNull();
    expect((await t.app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
    expect(await t.db.selectFrom('files').select('id').where('tenant_id', '=', tenantId).execute()).toHaveLength(0);
  });

  it('refuses HTML renamed .jpg, SVG, and oversize photos, storing nothing', async () => {
    const { tenantId, admin } = await t.newCompany();
    const cases = [
      multipart('evil.jpg', 'image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')),
      multipart('evil.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
      multipart('huge.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)])),
    ];
    const codes = [];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/profile/photo', payload: c.payload, headers: { ...c.headers, cookie: admin.cookie } });
      codes.push(res.statusCode);
      expect(res.json().code).toMatch(/UNSUPPORTED_MEDIA|PAYLOAD_TOO_LARGE/);
    }
    expect(codes[0]).toBe(415);
    expect(codes[1]).toBe(415);
    expect(codes[2]).toBe(413);
    expect(await t.db.selectFrom('files').select('id').where('tenant_id', '=', tenantId).execute()).toHaveLength(0);
  });

  it('lists the company as the managed account', async () => {
    const { admin } = await t.newCompany();
    const res = await t.app.inject({ url: '/api/user/managed-account', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ role: 'Admin', status: 'ACTIVE' });
    expect(res.json().meta).toMatchObject({ total: 1, page: 1 });
  });
});
