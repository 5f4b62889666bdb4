import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBounds, mapsUrl, shiftDay, type MyDay } from '@fieldwork/domain/tasks/my-day.schemas';
import { buildJob, buildTask, buildTenant } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { addWorkPeriod, subcontractorLogin, timeline } from '../task-core/tasks.fixture.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/**
 * GET /api/tasks/my-day: one company in Asia/Kolkata (UTC+5:30, so its day boundaries are not UTC's). A
 * technician has tasks a minute either side of today's and tomorrow's midnights there, another technician,
 * a subcontractor login and the admin have theirs, and another company has a task of the same shape.
 */
const ZONE = 'Asia/Kolkata';
let t: TestApp;
let tenantId: string;
let tech: Session;
let tech2: Session;
let admin: Session;
let sub: Session;
let otherTech: Session;
let T: ReturnType<typeof timeline>;
const ids: Record<string, string> = {};
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = (await buildTenant(t.db, { timeZone: ZONE })).id;
  admin = await t.signInAs(tenantId, 'Admin', 'fullAccess');
  tech = await t.signInAs(tenantId, 'Technician');
  tech2 = await t.signInAs(tenantId, 'Tech Access');
  const subLogin = await subcontractorLogin(t, tenantId);
  sub = subLogin.session;
  T = timeline(ZONE);
  const job = await buildJob(t.db, tenantId);
  // The job's customer answers the phone; the site address is the factory's.
  await t.db
    .updateTable('customers')
    .set({ phone: '+1 (555) 010-2030' })
    .where('id', '=', (await t.db.selectFrom('jobs').select('customer_id').where('id', '=', job.id).executeTakeFirstOrThrow()).customer_id)
    .execute();
  const slot = (start: string) => ({ jobId: job.id, startAt: start, expectedEndAt: T.shift(start, minute) });
  ids.yesterdayLate = (
    await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfToday, -2 * minute)), technicianId: tech.user.id, name: 'Yesterday late' })
  ).id;
  ids.todayLate = (await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfTomorrow, -minute)), technicianId: tech.user.id, name: 'Today late' })).id;
  ids.todayFirst = (await buildTask(t.db, tenantId, { ...slot(T.startOfToday), technicianId: tech.user.id, name: 'Today first', lifecycle: 'CLOCKED_IN' })).id;
  ids.tomorrowEarly = (await buildTask(t.db, tenantId, { ...slot(T.startOfTomorrow), technicianId: tech.user.id, name: 'Tomorrow early' })).id;
  ids.cancelled = (
    await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfToday, 10 * minute)), technicianId: tech.user.id, name: 'Cancelled', lifecycle: 'CANCELLED' })
  ).id;
  ids.unscheduled = (await buildTask(t.db, tenantId, { jobId: job.id, name: 'Unscheduled', startAt: null })).id;
  ids.tech2Today = (await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfToday, 30 * minute)), technicianId: tech2.user.id, name: 'Tech2 today' })).id;
  ids.subToday = (
    await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfToday, 40 * minute)), subcontractorId: subLogin.subcontractorId, name: 'Sub today' })
  ).id;
  ids.adminToday = (await buildTask(t.db, tenantId, { ...slot(T.shift(T.startOfToday, 50 * minute)), technicianId: admin.user.id, name: 'Admin today' })).id;
  await addWorkPeriod(t.db, tenantId, { id: ids.todayFirst, jobId: job.id }, T.shift(T.startOfToday, minute), null, tech.user.id);
  // Another company, same zone, same shape: never visible.
  const other = (await buildTenant(t.db, { timeZone: ZONE })).id;
  otherTech = await t.signInAs(other, 'Technician');
  ids.otherToday = (
    await buildTask(t.db, other, {
      startAt: T.startOfToday,
      expectedEndAt: T.shift(T.startOfToday, minute),
      technicianId: otherTech.user.id,
      name: 'Other company',
    })
  ).id;
});
afterAll(async () => t.close());

const myDay = async (s: Session, qs = ''): Promise<MyDay> => {
  const res = await t.call('GET', `/api/tasks/my-day${qs}`, s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const names = (d: MyDay) => d.items.map((i) => i.name);

describe('GET /api/tasks/my-day', () => {
  it('needs a session and task access, and a real date', async () => {
    expect((await t.call('GET', '/api/tasks/my-day')).statusCode).toBe(401);
    const noAccess = await t.signInAs(tenantId, 'Staff', 'noAccess');
    expect((await t.call('GET', '/api/tasks/my-day', noAccess.cookie)).statusCode).toBe(403);
    for (const bad of ['2026-02-30', '21/11/2026', 'today', '2026-1-1']) {
      const res = await t.call('GET', `/api/tasks/my-day?date=${encodeURIComponent(bad)}`, tech.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(['date must be a date in the form yyyy-MM-dd.']);
    }
  });

  it("lists the technician's own tasks of today in the company's zone, in start order, without cancelled ones", async () => {
    const today = dayIn(new Date(), ZONE);
    const day = await myDay(tech);
    expect(day).toMatchObject({ date: today, timeZone: ZONE, ...dayBounds(today, ZONE) });
    expect(day.from).toBe(T.startOfToday);
    expect(day.to).toBe(T.startOfTomorrow);
    expect(names(day)).toEqual(['Today first', 'Today late']);
    expect(names(await myDay(tech, `?date=${today}`))).toEqual(['Today first', 'Today late']);
  });

  it('gives what the phone needs: address, map link text, contact phone, status, actions and work periods', async () => {
    const [first, late] = (await myDay(tech)).items;
    expect(first).toMatchObject({
      id: ids.todayFirst,
      status: 'CLOCKED_IN',
      displayStatus: expect.any(String),
      siteAddressText: '1 Main St, Springfield',
      siteAddress: { fullAddress: '1 Main St, Springfield' },
      contact: { name: expect.any(String), phone: '+1 (555) 010-2030', kind: 'CUSTOMER' },
      actions: { clockOut: { visible: true, allowed: true }, clockIn: { visible: false } },
    });
    expect(first!.workPeriods).toEqual([{ id: expect.any(String), startTime: T.shift(T.startOfToday, minute), endTime: null }]);
    expect(first!.taskScheduler?.startDateTime).toBe(T.startOfToday);
    expect(late!.workPeriods).toEqual([]);
    expect(mapsUrl(first!.siteAddressText!)).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Springfield');
  });

  it("prefers the job's site contact's mobile over the customer's phone", async () => {
    const job = await t.db.selectFrom('tasks').select(['job_id', 'customer_id']).where('id', '=', ids.todayLate!).executeTakeFirstOrThrow();
    const contact = await t.db.selectFrom('customer_contacts').select('id').where('customer_id', '=', job.customer_id).executeTakeFirstOrThrow();
    await t.db.updateTable('customer_contacts').set({ mobile_number: '555-0199' }).where('id', '=', contact.id).execute();
    await t.db.updateTable('jobs').set({ site_contact_id: contact.id }).where('id', '=', job.job_id).execute();
    const [first] = (await myDay(tech)).items;
    expect(first!.contact).toEqual({ name: 'Pat Contact', phone: '555-0199', kind: 'SITE_CONTACT' });
    await t.db.updateTable('jobs').set({ site_contact_id: null }).where('id', '=', job.job_id).execute();
  });

  it("answers yesterday's and tomorrow's day the same way: a minute across midnight there is another day", async () => {
    const today = dayIn(new Date(), ZONE);
    const yesterday = await myDay(tech, `?date=${shiftDay(today, -1)}`);
    expect(names(yesterday)).toEqual(['Yesterday late']);
    expect(yesterday.items[0]!.status).toBe('MISSED');
    const tomorrow = await myDay(tech, `?date=${shiftDay(today, 1)}`);
    expect(names(tomorrow)).toEqual(['Tomorrow early']);
    expect(tomorrow.items[0]!.status).toBe('UPCOMING');
    expect(names(await myDay(tech, `?date=${shiftDay(today, 2)}`))).toEqual([]);
  });

  it("shows only the viewer's own tasks: another technician's, an office user's own, a subcontractor login's company's", async () => {
    expect(names(await myDay(tech2))).toEqual(['Tech2 today']);
    expect(names(await myDay(admin))).toEqual(['Admin today']);
    const subDay = await myDay(sub);
    expect(names(subDay)).toEqual(['Sub today']);
    // Subcontractor viewers never see time spent, nor clock in.
    expect(subDay.items[0]!.workPeriods).toEqual([]);
    expect(subDay.items[0]!.actions.clockIn.visible).toBe(false);
  });

  it("shows another company's user nothing of this one, and this one nothing of theirs", async () => {
    const other = await myDay(otherTech);
    expect(names(other)).toEqual(['Other company']);
    for (const s of [tech, tech2, admin, sub]) {
      const res = await t.call('GET', '/api/tasks/my-day', s.cookie);
      expect(res.body).not.toContain(ids.otherToday);
    }
    for (const id of Object.values(ids).filter((id) => id !== ids.otherToday)) expect(JSON.stringify(other)).not.toContain(id);
  });
});
