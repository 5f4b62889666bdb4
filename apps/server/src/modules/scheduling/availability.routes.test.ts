// Availability and time off: who is free for a window, and the blocks that make a technician busy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { buildJob, buildTag, buildTask, buildUser, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, ROLE_CASES, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { ASSIGNEE_MESSAGES } from '../task-core/tasks-assignee.service.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let jobId: string;
/** A day well in the future, so derived statuses and "now" never interfere; hh(10) is 10:00 UTC that day. */
let hh: (hours: number) => string;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  jobId = (await buildJob(t.db, tenantId)).id;
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
});
afterAll(async () => t.close());

const newTech = async (name?: string) => buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash(), ...(name ? { name } : {}) });

function expectClash(res: { statusCode: number; json: () => any }, taskNumber: number) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(409);
  const body = res.json();
  expect(body.code).toBe('SCHEDULE_CONFLICT');
  expect(body.message).toBe(SCHEDULE_MESSAGES.conflictWith(taskNumber));
  expect(body.message).toContain('conflicting schedule');
  expect(body.message).toContain(`#${taskNumber}`);
  expect(body.details).toEqual({ taskNumber });
}

describe('time off', () => {
  const post = (s: Session | undefined, body: object) => t.call('POST', '/api/time-off', s?.cookie, body);

  it('is created by office writers for active technicians, validated, and refused over a task', async () => {
    const tech = await newTech();
    const body = { userId: tech.id, startDateTime: hh(1), endDateTime: hh(2), reason: 'Dentist' };
    expect((await post(undefined, body)).statusCode).toBe(401);
    let n = 0;
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const res = await post(s, { ...body, startDateTime: hh(1 + n), endDateTime: hh(1.5 + n++) });
      expect(res.statusCode, c.label).toBe(['Admin', 'Staff fullAccess', 'Staff partialAccess'].includes(c.label) ? 201 : 403);
    }
    const created = await post(admin, { ...body, startDateTime: hh(20), endDateTime: hh(21) });
    expect(created.json().data).toMatchObject({ id: expect.any(String), userId: tech.id, startDateTime: hh(20), endDateTime: hh(21), reason: 'Dentist' });
    const staff = await buildUser(t.db, { tenantId, role: 'Staff', passwordHash: await testPasswordHash() });
    const cases: [object, string][] = [
      [{ ...body, endDateTime: hh(1) }, 'End date-time must be after the start date-time.'],
      [{ ...body, startDateTime: 'x' }, 'Start date-time must be a valid ISO 8601 date-time.'],
      [{ ...body, userId: 'x' }, 'Technician must be a valid UUID.'],
      [{ ...body, reason: 'x'.repeat(201) }, 'Reason must be less than or equal to 200 characters.'],
      [{ ...body, userId: staff.id }, ASSIGNEE_MESSAGES.technician],
    ];
    for (const [payload, message] of cases) {
      const res = await post(admin, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const task = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(12), expectedEndAt: hh(14) });
    expectClash(await post(admin, { userId: tech.id, startDateTime: hh(13), endDateTime: hh(15) }), task.taskNumber);
    expect((await post(admin, { userId: tech.id, startDateTime: hh(14), endDateTime: hh(15) })).statusCode).toBe(201);
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(16), expectedEndAt: hh(17), lifecycle: 'CANCELLED' });
    expect((await post(admin, { userId: tech.id, startDateTime: hh(16), endDateTime: hh(17) })).statusCode).toBe(201);
  });

  it('is listed for the office, for a technician only their own, and deleted by office writers (404 across companies)', async () => {
    const techSession = await t.signInAs(tenantId, 'Technician');
    const other = await newTech();
    const mine = (await post(admin, { userId: techSession.user.id, startDateTime: hh(3), endDateTime: hh(4) })).json().data;
    const theirs = (await post(admin, { userId: other.id, startDateTime: hh(3), endDateTime: hh(4) })).json().data;
    const list = (s: Session, qs: string) => t.call('GET', `/api/time-off?startDateTime=${hh(0)}&endDateTime=${hh(24)}${qs}`, s.cookie);
    const ids = (res: { json: () => any }) => res.json().data.map((o: { id: string }) => o.id);
    expect(ids(await list(admin, `&userId=${other.id}`))).toEqual([theirs.id]);
    expect(ids(await list(admin, ''))).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect(ids(await list(techSession, ''))).toEqual([mine.id]);
    expect((await list(techSession, `&userId=${other.id}`)).statusCode).toBe(403);
    expect((await list(await t.signInAs(tenantId, 'SubContractor'), '')).statusCode).toBe(403);
    expect((await list(await t.signInAs(tenantId, 'Staff', 'noAccess'), '')).statusCode).toBe(403);
    expect(ids(await list(await t.signInAs(tenantId, 'Staff', 'onlyViewAccess'), `&userId=${other.id}`))).toEqual([theirs.id]);
    expect((await t.call('GET', `/api/time-off?startDateTime=x&endDateTime=${hh(24)}`, admin.cookie)).json().message).toContain(
      'startDateTime must be a valid ISO 8601 date-time.',
    );
    expect((await t.call('GET', `/api/time-off?startDateTime=${hh(0)}&endDateTime=${hh(24)}`)).statusCode).toBe(401);
    expect((await t.call('DELETE', `/api/time-off/${theirs.id}`, techSession.cookie)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/time-off/${theirs.id}`, admin.cookie)).statusCode).toBe(204);
    const gone = await t.call('DELETE', `/api/time-off/${theirs.id}`, admin.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SCHEDULE_MESSAGES.timeOffNotFound);
    const foreign = await t.newCompany();
    const foreignTech = await buildUser(t.db, { tenantId: foreign.tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const foreignOff = (await post(foreign.admin, { userId: foreignTech.id, startDateTime: hh(3), endDateTime: hh(4) })).json().data;
    expect((await t.call('DELETE', `/api/time-off/${foreignOff.id}`, admin.cookie)).body).toBe(gone.body);
    expect((await post(admin, { userId: foreignTech.id, startDateTime: hh(5), endDateTime: hh(6) })).json().message).toEqual([ASSIGNEE_MESSAGES.technician]);
  });
});

describe('GET /api/tasks/technicians', () => {
  const find = async (name: string, start: string, end?: string) => {
    const res = await t.call(
      'GET',
      `/api/tasks/technicians?page=1&limit=100&search=${encodeURIComponent(name)}&startDateTime=${start}${end ? `&expectedEndDateTime=${end}` : ''}`,
      admin.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: { userId: string; username: string; status: string; availability: object }[]; meta: { total: number } };
  };

  it('gives BUSY, AVAILABLE_SOON and AVAILABLE at the boundaries, with the window of availability', async () => {
    const tag = `Avail ${randomUUID().slice(0, 6)}`;
    const tech = await newTech(`${tag} tech`);
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(8), expectedEndAt: hh(10) });
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(15) });
    await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(12), expectedEndAt: hh(13), lifecycle: 'CANCELLED' });
    await t.call('POST', '/api/time-off', admin.cookie, { userId: tech.id, startDateTime: hh(18), endDateTime: hh(19) });
    const one = async (start: string, end?: string) => (await find(tag, start, end)).items[0];
    expect(await one(hh(9), hh(11))).toMatchObject({ userId: tech.id, status: 'BUSY' });
    expect(await one(hh(17.5), hh(18.5))).toMatchObject({ status: 'BUSY', availability: { startDateTime: hh(19) } }); // time off
    const soon = hh(10 + 59 / 60);
    expect(await one(soon, hh(12))).toEqual(expect.objectContaining({ status: 'AVAILABLE_SOON', availability: { startDateTime: hh(10), endDateTime: null } }));
    expect(await one(hh(11), hh(12))).toEqual(expect.objectContaining({ status: 'AVAILABLE', availability: { startDateTime: null, endDateTime: hh(15) } }));
    expect(await one(hh(12), hh(13))).toMatchObject({ status: 'AVAILABLE' }); // over a cancelled task
    expect(await one(hh(13), hh(15))).toMatchObject({ status: 'AVAILABLE', availability: { endDateTime: hh(15) } }); // touching the next
    expect(await one(hh(16.5))).toMatchObject({ status: 'BUSY' }); // 16:30–18:30 meets the time off
    expect(await one(hh(17), hh(18))).toMatchObject({ status: 'AVAILABLE_SOON', availability: { startDateTime: hh(17) } }); // 15:00 + 2 h default
  });

  it('filters technicians by qualification tag and operating zone', async () => {
    const tag = `Filter ${randomUUID().slice(0, 6)}`;
    const [a, b] = [await newTech(`${tag} a`), await newTech(`${tag} b`)];
    const skill = await buildTag(t.db, tenantId, { name: `${tag} skill` });
    const area = await buildZone(t.db, tenantId, `${tag} area`);
    await t.db.insertInto('user_tags').values({ tenant_id: tenantId, user_id: a.id, tag_id: skill.id }).execute();
    await t.db.insertInto('user_zones').values({ tenant_id: tenantId, user_id: b.id, zone_id: area.id }).execute();
    const names = async (filter: string) => {
      const res = await t.call('GET', `/api/tasks/technicians?search=${encodeURIComponent(tag)}&startDateTime=${hh(9)}&${filter}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items.map((i: { username: string }) => i.username);
    };
    expect(await names(`technicianTagIds=${skill.id}`)).toEqual([`${tag} a`]);
    expect(await names(`technicianZoneIds=${area.id}`)).toEqual([`${tag} b`]);
    expect(await names(`technicianTagIds=${skill.id}&technicianZoneIds=${area.id}`)).toEqual([]);
  });

  it('does not count the task being re-scheduled against its own assignee', async () => {
    const tag = `Moving ${randomUUID().slice(0, 6)}`;
    const tech = await newTech(`${tag} tech`);
    const moving = await buildTask(t.db, tenantId, { jobId, technicianId: tech.id, startAt: hh(8), expectedEndAt: hh(10) });
    const ask = async (exclude?: string) => {
      const res = await t.call(
        'GET',
        `/api/tasks/technicians?search=${encodeURIComponent(tag)}&startDateTime=${hh(9)}&expectedEndDateTime=${hh(11)}${exclude ? `&excludeTaskId=${exclude}` : ''}`,
        admin.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.items[0];
    };
    expect(await ask()).toMatchObject({ status: 'BUSY' });
    expect(await ask(moving.id)).toMatchObject({ status: 'AVAILABLE' });
    expect((await t.call('GET', `/api/tasks/technicians?startDateTime=${hh(9)}&excludeTaskId=nope`, admin.cookie)).json().message).toEqual([
      'excludeTaskId must be a valid UUID.',
    ]);
  });

  it('lists only active technicians of the company, paged; office readers only', async () => {
    const tag = `Roster ${randomUUID().slice(0, 6)}`;
    await newTech(`${tag} a`);
    await newTech(`${tag} b`);
    await buildUser(t.db, { tenantId, role: 'Tech Access', name: `${tag} c`, passwordHash: await testPasswordHash() });
    await buildUser(t.db, { tenantId, role: 'Technician', name: `${tag} disabled`, status: 'DISABLED', passwordHash: await testPasswordHash() });
    await buildUser(t.db, { tenantId, role: 'Staff', name: `${tag} staff`, passwordHash: await testPasswordHash() });
    const other = await t.newCompany();
    await buildUser(t.db, { tenantId: other.tenantId, role: 'Technician', name: `${tag} foreign`, passwordHash: await testPasswordHash() });
    const all = await find(tag, hh(1));
    expect(all.items.map((i) => i.username)).toEqual([`${tag} a`, `${tag} b`, `${tag} c`]);
    expect(all.meta.total).toBe(3);
    const page2 = (await t.call('GET', `/api/tasks/technicians?page=2&limit=2&search=${encodeURIComponent(tag)}&startDateTime=${hh(1)}`, admin.cookie)).json()
      .data;
    expect(page2.items.map((i: { username: string }) => i.username)).toEqual([`${tag} c`]);
    const bad = await t.call('GET', '/api/tasks/technicians?startDateTime=noon', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('startDateTime must be a valid ISO 8601 date-time.');
    expect((await t.call('GET', `/api/tasks/technicians?startDateTime=${hh(1)}`)).statusCode).toBe(401);
    for (const c of ROLE_CASES) {
      const s = await t.signInAs(tenantId, c.role, c.access);
      const res = await t.call('GET', `/api/tasks/technicians?startDateTime=${hh(1)}&search=${encodeURIComponent(tag)}`, s.cookie);
      expect(res.statusCode, c.label).toBe(['Admin', 'Staff fullAccess', 'Staff partialAccess', 'Staff onlyViewAccess'].includes(c.label) ? 200 : 403);
    }
  });
});
