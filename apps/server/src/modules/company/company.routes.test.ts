import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('company settings', () => {
  it('admins rename the company and change its time zone with a version check', async () => {
    const { admin } = await t.newCompany();
    const before = (await t.app.inject({ url: '/api/company', headers: { cookie: admin.cookie } })).json().data;
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers: { cookie: admin.cookie },
      payload: { name: 'Renamed Co', timeZone: 'Asia/Kolkata', version: before.version },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Renamed Co', timeZone: 'Asia/Kolkata', version: before.version + 1 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers: { cookie: admin.cookie },
      payload: { name: 'Lost', timeZone: 'UTC', version: before.version },
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.app.inject({ url: '/api/company', headers: { cookie: admin.cookie } })).json().data.name).toBe('Renamed Co');
  });

  it('others read it but cannot change it; a bad zone names the field', async () => {
    const { tenantId, admin } = await t.newCompany();
    const tech = await t.signInAs(tenantId, 'Technician');
    const staff = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await t.app.inject({ url: '/api/company', headers: { cookie: tech.cookie } })).statusCode).toBe(200);
    for (const s of [tech, staff]) {
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/company', headers: { cookie: s.cookie }, payload: { name: 'X', timeZone: 'UTC', version: 1 } }))
          .statusCode,
      ).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/company',
      headers: { cookie: admin.cookie },
      payload: { name: 'X', timeZone: 'Moon/Crater', version: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['Time zone must be a valid IANA time zone, like America/New_York.']);
    expect((await t.app.inject({ url: '/api/company' })).statusCode).toBe(401);
  });
});
