import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubcontractor, buildTag, buildUser, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
type Ref = { id: string; name: string };
let north: Ref;
let south: Ref;
let plumbing: Ref;
let people: Record<'alice' | 'bruno' | 'carla' | 'dmitri' | 'disabled', { id: string }>;
let subs: Record<'acme' | 'zeta' | 'inactive', Ref>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  const hash = await testPasswordHash();
  const tech = (name: string, status: 'ACTIVE' | 'DISABLED' = 'ACTIVE') => buildUser(t.db, { tenantId, role: 'Technician', name, status, passwordHash: hash });
  north = await buildZone(t.db, tenantId, 'North');
  south = await buildZone(t.db, tenantId, 'South');
  plumbing = await buildTag(t.db, tenantId, { name: 'Plumbing' });
  people = {
    alice: await tech('Alice Tech'),
    bruno: await tech('bruno Tech'),
    carla: await buildUser(t.db, { tenantId, role: 'Staff', name: 'Carla Office', passwordHash: hash }),
    dmitri: await tech('Dmitri Tech'),
    disabled: await tech('Dora Disabled', 'DISABLED'),
  };
  subs = {
    acme: await buildSubcontractor(t.db, tenantId, { name: 'Acme Subs' }),
    zeta: await buildSubcontractor(t.db, tenantId, { name: 'Zeta Subs' }),
    inactive: await buildSubcontractor(t.db, tenantId, { name: 'Old Subs' }),
  };
  await t.db.updateTable('subcontractors').set({ is_active: 0 }).where('id', '=', subs.inactive.id).execute();
  await t.db.insertInto('user_zones').values({ tenant_id: tenantId, user_id: people.alice.id, zone_id: north.id }).execute();
  await t.db.insertInto('user_tags').values({ tenant_id: tenantId, user_id: people.bruno.id, tag_id: plumbing.id }).execute();
  await t.db.insertInto('subcontractor_zones').values({ tenant_id: tenantId, subcontractor_id: subs.zeta.id, zone_id: south.id }).execute();
  await t.db.insertInto('subcontractor_tags').values({ tenant_id: tenantId, subcontractor_id: subs.acme.id, tag_id: plumbing.id }).execute();
  const other = await t.newCompany();
  await buildSubcontractor(t.db, other.tenantId, { name: 'Foreign Subs' });
});
afterAll(async () => t.close());

const team = (query: string, s: Session = admin) => t.call('GET', `/api/tasks/team${query}`, s.cookie);
const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

describe('GET /api/tasks/team', () => {
  it('lists active technicians and subcontractors together by name, with tags and zones, paged', async () => {
    const all = await team('?limit=100');
    expect(all.statusCode, all.body).toBe(200);
    expect(names(all)).toEqual(['Acme Subs', 'Alice Tech', 'bruno Tech', 'Dmitri Tech', 'Zeta Subs']);
    expect(all.json().meta).toEqual({ total: 5, totalPages: 1, page: 1, limit: 100 });
    const items = all.json().items;
    expect(items[0]).toEqual({
      id: subs.acme.id,
      name: 'Acme Subs',
      type: 'SUBCONTRACTOR',
      tags: [{ id: plumbing.id, name: 'Plumbing' }],
      zones: [],
      profilePictureUrl: null,
    });
    expect(items[1]).toMatchObject({ id: people.alice.id, type: 'TECHNICIAN', tags: [], zones: [{ id: north.id, name: 'North' }] });
    const page2 = await team('?limit=2&page=2');
    expect(names(page2)).toEqual(['bruno Tech', 'Dmitri Tech']);
    expect(page2.json().meta).toEqual({ total: 5, totalPages: 3, page: 2, limit: 2 });
  });

  it("filters by type, name and each side's tags and zones", async () => {
    expect(names(await team('?type=TECHNICIAN&limit=100'))).toEqual(['Alice Tech', 'bruno Tech', 'Dmitri Tech']);
    expect(names(await team('?type=SUBCONTRACTOR'))).toEqual(['Acme Subs', 'Zeta Subs']);
    expect(names(await team('?search=tech&searchBy=personName&type=TECHNICIAN'))).toEqual(['Alice Tech', 'bruno Tech', 'Dmitri Tech']);
    expect(names(await team('?search=zeta'))).toEqual(['Zeta Subs']);
    expect(names(await team(`?technicianZoneIds=${north.id}&type=TECHNICIAN`))).toEqual(['Alice Tech']);
    expect(names(await team(`?technicianTagIds=${plumbing.id}`))).toEqual(['Acme Subs', 'bruno Tech', 'Zeta Subs']);
    expect(names(await team(`?subcontractorZonesId=${south.id}&type=SUBCONTRACTOR`))).toEqual(['Zeta Subs']);
    expect(names(await team(`?subcontractorTagIds=${plumbing.id}&subcontractorZonesId=${south.id}`))).toEqual(['Alice Tech', 'bruno Tech', 'Dmitri Tech']);
    const total = await team(`?subcontractorTagIds=${plumbing.id}&technicianZoneIds=${north.id}`);
    expect(names(total)).toEqual(['Acme Subs', 'Alice Tech']);
    expect(total.json().meta.total).toBe(2);
  });

  it('validates its query and is for office readers', async () => {
    const cases: [string, string][] = [
      ['?type=ROBOT', 'type must be TECHNICIAN or SUBCONTRACTOR.'],
      ['?searchBy=email', 'searchBy must be personName.'],
      ['?technicianZoneIds=x', 'Technician zone must be a valid UUID.'],
      ['?subcontractorTagIds=x', 'Subcontractor tag must be a valid UUID.'],
      ['?limit=501', 'limit must be at most 500.'],
    ];
    for (const [query, message] of cases) {
      const res = await team(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    // The scheduler loads a big team in pages of up to 500.
    expect((await team('?limit=500')).statusCode).toBe(200);
    expect((await t.call('GET', '/api/tasks/team')).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      expect((await team('', s)).statusCode, c.label).toBe(
        ['Admin', 'Staff fullAccess', 'Staff partialAccess', 'Staff onlyViewAccess'].includes(c.label) ? 200 : 403,
      );
    }
  });
});
