import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { can } from '@fieldwork/domain/access/roles.rules';
import { buildTag, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let other: { tenantId: string; admin: Session };
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  other = await t.newCompany();
});
afterAll(async () => t.close());

const as = (s: Session) => ({ cookie: s.cookie });

describe('role matrix for user routes', () => {
  const routes = [
    { method: 'GET', url: () => '/api/user', cap: 'users.read' },
    { method: 'GET', url: () => `/api/user/${admin.user.id}`, cap: 'users.read' },
    { method: 'GET', url: () => '/api/user/invited', cap: 'users.manage' },
    { method: 'GET', url: () => '/api/user/profile', cap: 'profile.self' },
    { method: 'GET', url: () => '/api/user/managed-account', cap: 'profile.self' },
    { method: 'PATCH', url: () => `/api/user/${admin.user.id}/role`, cap: 'users.manage', payload: { role: 'Admin', access: 'fullAccess' } },
    { method: 'POST', url: () => '/api/user/invitation', cap: 'users.manage', payload: () => ({ email: `inv-${randomUUID()}@x.test`, role: 'Staff' }) },
  ] as const;

  for (const rc of ROLE_CASES) {
    it(`${rc.label}`, async () => {
      const s = await t.signInAs(tenantId, rc.role, rc.access);
      for (const route of routes) {
        const payload = 'payload' in route ? (typeof route.payload === 'function' ? route.payload() : route.payload) : undefined;
        const res = await t.app.inject({ method: route.method, url: route.url(), headers: as(s), ...(payload ? { payload } : {}) });
        const allowed = can({ role: rc.role, access: rc.access }, route.cap);
        expect(res.statusCode, `${rc.label} ${route.method} ${route.url()} -> ${res.body}`).toBe(allowed ? (route.method === 'POST' ? 201 : 200) : 403);
      }
    });
  }

  it('hard expectations: technicians cannot list users, view-only staff can, partial staff cannot invite', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const viewer = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const partial = await t.signInAs(tenantId, 'Staff', 'partialAccess');
    expect((await t.app.inject({ url: '/api/user', headers: as(tech) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user', headers: as(viewer) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/invitation', headers: as(partial), payload: { email: 'p@x.test', role: 'Staff' } })).statusCode,
    ).toBe(403);
  });

  it('401 for every user route when signed out', async () => {
    for (const url of ['/api/user', '/api/user/profile', '/api/user/invited', `/api/user/${admin.user.id}`, '/api/user/managed-account']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('tenant isolation', () => {
  it("another company's user, invitation or photo is a 404 with the same body as a missing id", async () => {
    const inv = await t.app.inject({
      method: 'POST',
      url: '/api/user/invitation',
      headers: as(other.admin),
      payload: { email: `iso-${randomUUID()}@x.test`, role: 'Staff' },
    });
    const foreignInvitation = inv.json().data.invitation.id;
    const missing = randomUUID();
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/user/${other.admin.user.id}`],
      ['GET', `/api/user/${other.admin.user.id}/photo`],
      ['PUT', `/api/user/${other.admin.user.id}`, { name: 'X', tags: [], zones: [], version: 1 }],
      ['PATCH', `/api/user/${other.admin.user.id}/role`, { role: 'Staff', access: 'noAccess' }],
      ['PATCH', `/api/user/${other.admin.user.id}/status`, { status: 'DISABLED' }],
      ['GET', `/api/user/invitation/${foreignInvitation}`],
      ['DELETE', `/api/user/invitation/${foreignInvitation}`],
    ];
    for (const [method, url, payload] of probes) {
      const foreign = await t.app.inject({ method: method as 'GET', url, headers: as(admin), ...(payload ? { payload } : {}) });
      const absent = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/[0-9a-f-]{36}/, missing),
        headers: as(admin),
        ...(payload ? { payload } : {}),
      });
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      expect(foreign.body).toBe(absent.body);
    }
    const still = await t.db.selectFrom('users').select(['status', 'role']).where('id', '=', other.admin.user.id).executeTakeFirstOrThrow();
    expect(still).toEqual({ status: 'ACTIVE', role: 'Admin' });
  });

  it("lists only the signed-in company's users", async () => {
    const res = await t.app.inject({ url: '/api/user?limit=100', headers: as(admin) });
    const ids = res.json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(admin.user.id);
    expect(ids).not.toContain(other.admin.user.id);
  });

  it("refuses another company's tag ids on a team member as not found", async () => {
    const foreignTag = await buildTag(t.db, other.tenantId);
    const tech = await t.signInAs(tenantId, 'Technician');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${tech.user.id}`,
      headers: as(admin),
      payload: { name: 'Tech', tags: [{ id: foreignTag.id }], zones: [], version: 1 },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('team list filters and validation', () => {
  it('filters by role, status, search and zone, and pages with meta', async () => {
    const { tenantId: tid, admin: a } = await t.newCompany();
    const zone = await buildZone(t.db, tid, 'Uptown');
    const techs = await Promise.all([1, 2, 3].map(() => t.signInAs(tid, 'Technician')));
    await t.db.updateTable('users').set({ name: 'Zed Zoned' }).where('id', '=', techs[0]!.user.id).execute();
    await t.db.insertInto('user_zones').values({ tenant_id: tid, user_id: techs[0]!.user.id, zone_id: zone.id }).execute();
    await t.db.updateTable('users').set({ status: 'DISABLED' }).where('id', '=', techs[1]!.user.id).execute();

    const byRole = (await t.app.inject({ url: '/api/user?role=Technician&limit=2', headers: as(a) })).json();
    expect(byRole.meta).toEqual({ total: 3, totalPages: 2, page: 1, limit: 2 });
    const active = (await t.app.inject({ url: '/api/user?role=Technician&status=ACTIVE', headers: as(a) })).json();
    expect(active.meta.total).toBe(2);
    const search = (await t.app.inject({ url: '/api/user?search=zed', headers: as(a) })).json();
    expect(search.items.map((u: { id: string }) => u.id)).toEqual([techs[0]!.user.id]);
    const zoned = (await t.app.inject({ url: `/api/user?zones=${zone.id}`, headers: as(a) })).json();
    expect(zoned.items).toHaveLength(1);
    expect(zoned.items[0].zones).toEqual([{ id: zone.id, name: 'Uptown' }]);
    const sorted = (await t.app.inject({ url: '/api/user?orderByKey=name&orderByValue=asc&limit=100', headers: as(a) })).json();
    const names = sorted.items.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort());
  });

  it('answers 400 naming the bad query field and bad ids', async () => {
    const res = await t.app.inject({ url: '/api/user?limit=500&orderByKey=password_hash', headers: as(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.arrayContaining(['limit must be at most 100.', 'orderByKey is not a sortable column.']));
    const bad = await t.app.inject({ url: '/api/user/not-a-uuid', headers: as(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(['Id must be a valid UUID.']);
  });
});

describe('role, access and disabling', () => {
  it('changes role and access; the change applies to the live session at once', async () => {
    const staff = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await t.app.inject({ url: '/api/user/invited', headers: as(staff) })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${staff.user.id}/role`,
      headers: as(admin),
      payload: { role: 'Staff', access: 'fullAccess' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'Staff', access: 'fullAccess' });
    expect((await t.app.inject({ url: '/api/user/invited', headers: as(staff) })).statusCode).toBe(200);
  });

  it('refuses an unknown role or access level with the field message', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${admin.user.id}/role`,
      headers: as(admin),
      payload: { role: 'Overlord', access: 'all' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.join(' ')).toContain('Role must be one of');
    expect(res.json().message.join(' ')).toContain('Work order access must be one of');
  });

  it('disabling a user ends their sessions at once and blocks login; enabling lets them back', async () => {
    const victim = await t.signInAs(tenantId, 'Technician');
    expect((await t.app.inject({ url: '/api/user/profile', headers: as(victim) })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/user/${victim.user.id}/status`, headers: as(admin), payload: { status: 'DISABLED' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('DISABLED');
    expect((await t.app.inject({ url: '/api/user/profile', headers: as(victim) })).statusCode).toBe(401);
    expect((await t.login(victim.user.email)).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/user/${victim.user.id}/status`, headers: as(admin), payload: { status: 'ACTIVE' } });
    expect((await t.login(victim.user.email)).statusCode).toBe(200);
  });

  it('keeps at least one active admin and refuses self-disable', async () => {
    const { admin: solo } = await t.newCompany();
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${solo.user.id}/role`,
      headers: as(solo),
      payload: { role: 'Staff', access: 'partialAccess' },
    });
    expect(demote.statusCode).toBe(409);
    const self = await t.app.inject({ method: 'PATCH', url: `/api/user/${solo.user.id}/status`, headers: as(solo), payload: { status: 'DISABLED' } });
    expect(self.statusCode).toBe(409);
    const row = await t.db.selectFrom('users').select(['role', 'status']).where('id', '=', solo.user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'Admin', status: 'ACTIVE' });
  });

  it("edits a technician's qualification tags and zones with a version check", async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const tag = await buildTag(t.db, tenantId, { name: 'Boilers' });
    const zone = await buildZone(t.db, tenantId, 'Harbor');
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${tech.user.id}`,
      headers: as(admin),
      payload: { name: 'Tina Tech', phone: '+1 555 0100', tags: [{ id: tag.id }], zones: [{ id: zone.id }], version: 1 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      name: 'Tina Tech',
      phone: '+1 555 0100',
      tags: [{ id: tag.id, name: 'Boilers' }],
      zones: [{ id: zone.id, name: 'Harbor' }],
      version: 2,
    });
    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${tech.user.id}`,
      headers: as(admin),
      payload: { name: 'Lost', tags: [], zones: [], version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await t.app.inject({ url: `/api/user/${tech.user.id}`, headers: as(admin) })).json().data.name).toBe('Tina Tech');
  });
});
