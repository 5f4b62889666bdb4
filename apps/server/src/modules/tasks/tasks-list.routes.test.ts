import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTaskStatus, TASK_STATUSES, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import {
  buildCustomer,
  buildJob,
  buildSubcontractor,
  buildTag,
  buildTask,
  buildTenant,
  buildUser,
  buildZone,
  type BuiltTask,
} from '@fieldwork/testing/factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { subcontractorLogin, timeline } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let tech1: Session;
let tech2: Session;
let subUser: Session;
let T: ReturnType<typeof timeline>;
const tasks: Record<string, BuiltTask> = {};
let jobA: Awaited<ReturnType<typeof buildJob>>;
let jobB: Awaited<ReturnType<typeof buildJob>>;

type Item = { id: string; taskNumber: number; name: string; status: string; actions: Record<string, { allowed: boolean }> };
type Page = { items: Item[]; meta: { total: number; totalPages: number; page: number; limit: number } };

/**
 * One company: tech1 has three tasks, tech2 two, a subcontractor (with a login) two, two are unscheduled
 * and one is scheduled but unassigned. Created one minute apart, so "newest first" is t09 … t00.
 */
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  T = timeline();
  tech1 = await t.signInAs(tenantId, 'Technician');
  tech2 = await t.signInAs(tenantId, 'Tech Access');
  const sub = await subcontractorLogin(t, tenantId);
  subUser = sub.session;
  jobA = await buildJob(t.db, tenantId, { customer: await buildCustomer(t.db, tenantId) });
  jobB = await buildJob(t.db, tenantId, { customer: await buildCustomer(t.db, tenantId) });
  const plan: [string, Parameters<typeof buildTask>[2]][] = [
    ['t00', { jobId: jobA.id, technicianId: tech1.user.id, name: 'Boiler 100% check' }],
    ['t01', { jobId: jobA.id, technicianId: tech1.user.id, name: 'boiler flush' }],
    ['t02', { jobId: jobB.id, technicianId: tech1.user.id, name: 'Valve swap' }],
    ['t03', { jobId: jobA.id, technicianId: tech2.user.id, name: 'Pump' }],
    ['t04', { jobId: jobB.id, technicianId: tech2.user.id, name: 'Attic fan' }],
    ['t05', { jobId: jobA.id, subcontractorId: sub.subcontractorId, name: 'Roof' }],
    ['t06', { jobId: jobB.id, subcontractorId: sub.subcontractorId, name: 'Gutter' }],
    ['t07', { jobId: jobA.id, name: 'Unscheduled one' }],
    ['t08', { jobId: jobB.id, name: 'Unscheduled two' }],
    ['t09', { jobId: jobB.id, name: 'Unassigned', startAt: T.at(T.day) }],
  ];
  for (const [i, [key, o]] of plan.entries()) {
    const startAt = o!.technicianId || o!.subcontractorId ? T.shift(T.startOfTomorrow, (i + 1) * 2 * T.hour) : o!.startAt; // two-hour slots: one person's tasks never overlap
    tasks[key] = await buildTask(t.db, tenantId, { ...o, startAt, createdAt: T.at((i - 60) * 60_000), createdBy: admin.user.id });
  }
});
afterAll(async () => t.close());

const list = async (s: Session, qs = ''): Promise<Page> => {
  const res = await t.call('GET', `/api/tasks?${qs.includes('limit=') ? '' : 'limit=100&'}${qs}`, s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const keysOf = (page: Page) => page.items.map((i) => Object.entries(tasks).find(([, v]) => v.id === i.id)?.[0] ?? i.id);

describe('GET /api/tasks access and validation', () => {
  it('needs a session and task access, and answers bad queries with their messages', async () => {
    expect((await t.call('GET', '/api/tasks')).statusCode).toBe(401);
    const noAccess = await t.signInAs(tenantId, 'Staff', 'noAccess');
    expect((await t.call('GET', '/api/tasks', noAccess.cookie)).statusCode).toBe(403);
    const cases: [string, string][] = [
      ['assignedStatus=MINE', 'assignedStatus must be one of: ASSIGNED_TO_ME, ASSIGNED_TO_OTHERS, UNSCHEDULED, UNASSIGNED, ALL.'],
      ['limit=101', 'limit must be at most 100.'],
      ['status=LATE', 'status must be one of: OPEN, UNSCHEDULED, UNASSIGNED, UPCOMING, AWAITING_START, CLOCKED_IN, CLOCKED_OUT, MISSED, CLOSED, CANCELLED.'],
      ['searchBy=customer', 'searchBy must be one of: taskNumber, name, jobNumber, any.'],
      ['orderByKey=status', 'orderByKey is not a sortable column.'],
      ['jobId=1', 'jobId must be a valid UUID.'],
    ];
    for (const [qs, message] of cases) {
      const res = await t.call('GET', `/api/tasks?${qs}`, admin.cookie);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toContain(message);
    }
  });
});

describe('tabs', () => {
  it('partition the company for office users, with totals from the counters', async () => {
    expect(keysOf(await list(admin, 'assignedStatus=ALL'))).toEqual(['t09', 't08', 't07', 't06', 't05', 't04', 't03', 't02', 't01', 't00']);
    expect(keysOf(await list(admin))).toHaveLength(10);
    expect(keysOf(await list(admin, 'assignedStatus=ASSIGNED_TO_OTHERS'))).toEqual(['t06', 't05', 't04', 't03', 't02', 't01', 't00']);
    expect(keysOf(await list(admin, 'assignedStatus=UNSCHEDULED'))).toEqual(['t08', 't07']);
    expect(keysOf(await list(admin, 'assignedStatus=UNASSIGNED'))).toEqual(['t09']);
    expect((await list(admin, 'assignedStatus=ASSIGNED_TO_ME')).meta.total).toBe(0);
    expect((await list(admin, 'assignedStatus=ASSIGNED_TO_OTHERS')).meta.total).toBe(7);
    const page2 = await list(admin, 'assignedStatus=ALL&limit=3&page=2');
    expect(page2.meta).toEqual({ total: 10, totalPages: 4, page: 2, limit: 3, totalIsLowerBound: false });
    expect(keysOf(page2)).toEqual(['t06', 't05', 't04']);
    expect((await list(admin, 'assignedStatus=ALL&limit=3&page=9')).items).toEqual([]);
  });

  it('leave closed and cancelled tasks out of the Unscheduled and Unassigned work queues, rows and count alike', async () => {
    const { tenantId: other, admin: boss } = await t.newCompany();
    const job = await buildJob(t.db, other, { customer: await buildCustomer(t.db, other) });
    const built: Record<string, string> = {};
    const plan: [string, TaskLifecycle, string | null][] = [
      ['unscheduled open', 'OPEN', null],
      ['unscheduled closed', 'CLOSED', null],
      ['unscheduled cancelled', 'CANCELLED', null],
      ['unassigned open', 'OPEN', T.at(T.day)],
      ['unassigned closed', 'CLOSED', T.at(T.day)],
      ['unassigned cancelled', 'CANCELLED', T.at(T.day)],
    ];
    for (const [i, [name, lifecycle, startAt]] of plan.entries()) {
      built[(await buildTask(t.db, other, { jobId: job.id, name, lifecycle, startAt, createdAt: T.at(i * 60_000) })).id] = name;
    }
    const names = (page: Page) => page.items.map((i) => built[i.id]);
    for (const [tab, open] of [
      ['UNSCHEDULED', 'unscheduled open'],
      ['UNASSIGNED', 'unassigned open'],
    ] as const) {
      const page = await list(boss, `assignedStatus=${tab}`);
      expect(names(page), tab).toEqual([open]);
      expect(page.meta, tab).toEqual({ total: 1, totalPages: 1, page: 1, limit: 100, totalIsLowerBound: false });
      // A filter on top counts the same queue.
      expect((await list(boss, `assignedStatus=${tab}&status=CANCELLED`)).meta.total, tab).toBe(0);
      expect((await list(boss, `assignedStatus=${tab}&search=open&searchBy=name`)).meta.total, tab).toBe(1);
    }
    // Finished tasks are still in All, and still reachable by their status there.
    expect((await list(boss, 'assignedStatus=ALL')).meta.total).toBe(6);
    expect(names(await list(boss, 'assignedStatus=ALL&status=CANCELLED')).sort()).toEqual(['unassigned cancelled', 'unscheduled cancelled']);
  });

  it('give technicians and subcontractor logins only their own tasks, in every tab, search and count', async () => {
    for (const tab of ['ALL', 'ASSIGNED_TO_ME']) {
      const page = await list(tech1, `assignedStatus=${tab}`);
      expect(keysOf(page), tab).toEqual(['t02', 't01', 't00']);
      expect(page.meta.total).toBe(3);
    }
    for (const tab of ['ASSIGNED_TO_OTHERS', 'UNSCHEDULED', 'UNASSIGNED'])
      expect(await list(tech1, `assignedStatus=${tab}`), tab).toEqual({
        items: [],
        meta: { total: 0, totalPages: 0, page: 1, limit: 100, totalIsLowerBound: false },
      });
    expect(keysOf(await list(tech2))).toEqual(['t04', 't03']);
    expect(keysOf(await list(subUser))).toEqual(['t06', 't05']);
    expect((await list(tech1, 'search=pump&searchBy=name')).meta.total).toBe(0);
    expect((await list(tech1, `search=${tasks.t03!.taskNumber}`)).meta.total).toBe(0);
    expect((await list(tech1, `jobId=${jobA.id}`)).meta.total).toBe(2);
    const orphan = await t.signInAs(tenantId, 'SubContractor');
    expect((await list(orphan)).meta.total).toBe(0);
  });

  it("carry each row's allowed actions for the viewer", async () => {
    const [row] = (await list(tech1, 'limit=1')).items;
    expect(row!.actions.cancel!.allowed).toBe(true);
    expect(row!.actions.edit).toEqual({ visible: false, allowed: false, reason: null });
    const asOffice = (await list(admin, 'limit=1&assignedStatus=ASSIGNED_TO_OTHERS')).items[0]!;
    expect(asOffice.actions.edit!.allowed).toBe(true);
  });
});

describe('filters, search and sorting', () => {
  it('filter by assignee kind, job, customer, job tags and job zones, with exact totals', async () => {
    expect(keysOf(await list(admin, 'assignedTo=SUBCONTRACTOR'))).toEqual(['t06', 't05']);
    expect((await list(admin, 'assignedTo=TECHNICIAN')).meta.total).toBe(5);
    expect(keysOf(await list(admin, `jobId=${jobB.id}`))).toEqual(['t09', 't08', 't06', 't04', 't02']);
    expect((await list(admin, `customerId=${jobA.customerId}`)).meta.total).toBe(5);
    const tag = await buildTag(t.db, tenantId);
    const zone = await buildZone(t.db, tenantId);
    await t.db.insertInto('job_tags').values({ tenant_id: tenantId, job_id: jobA.id, tag_id: tag.id, status: 'OPEN' }).execute();
    await t.db.insertInto('job_zones').values({ tenant_id: tenantId, job_id: jobB.id, zone_id: zone.id, status: 'OPEN' }).execute();
    expect((await list(admin, `tags=${tag.id}`)).meta.total).toBe(5);
    expect(keysOf(await list(admin, `zones[]=${zone.id}&assignedStatus=UNSCHEDULED`))).toEqual(['t08']);
    expect((await list(admin, `tags=${tag.id}&zones=${zone.id}`)).meta.total).toBe(0);
  });

  it('search task numbers as a prefix (also #n and T-n), names case-insensitively, job numbers as a prefix', async () => {
    const n = tasks.t03!.taskNumber;
    for (const term of [String(n), `%23${n}`, `T-${n}`, `t${n}`]) expect(keysOf(await list(admin, `search=${term}`)), term).toEqual(['t03']);
    expect((await list(admin, `search=${String(n).slice(0, 2)}`)).meta.total).toBe(10);
    expect((await list(admin, 'search=abc')).meta.total).toBe(0);
    expect(keysOf(await list(admin, 'search=BOILER&searchBy=name'))).toEqual(['t01', 't00']);
    expect(keysOf(await list(admin, 'search=100%25&searchBy=name'))).toEqual(['t00']);
    expect(keysOf(await list(admin, `search=${jobB.jobNumber}&searchBy=jobNumber&assignedStatus=UNSCHEDULED`))).toEqual(['t08']);
    expect((await list(admin, 'search=x&searchBy=jobNumber')).meta.total).toBe(0);
  });

  it('sort by created date, number, name and start, both ways, ties broken by id', async () => {
    expect(keysOf(await list(admin, 'orderByKey=createdAt&orderByValue=asc'))).toEqual(['t00', 't01', 't02', 't03', 't04', 't05', 't06', 't07', 't08', 't09']);
    expect(keysOf(await list(admin, 'orderByKey=taskNumber&orderByValue=desc'))).toEqual([
      't09',
      't08',
      't07',
      't06',
      't05',
      't04',
      't03',
      't02',
      't01',
      't00',
    ]);
    expect((await list(admin, 'orderByKey=name&orderByValue=asc&assignedStatus=ASSIGNED_TO_OTHERS')).items.map((i) => i.name)).toEqual([
      'Attic fan',
      'Boiler 100% check',
      'Gutter',
      'Pump',
      'Roof',
      'Valve swap',
      'boiler flush',
    ]);
    expect(keysOf(await list(admin, 'orderByKey=startDateTime&orderByValue=asc&assignedStatus=ASSIGNED_TO_OTHERS'))).toEqual([
      't00',
      't01',
      't02',
      't03',
      't04',
      't05',
      't06',
    ]);
  });

  it("never shows another company's tasks", async () => {
    const other = await t.newCompany();
    const foreign = await buildTask(t.db, other.tenantId, { name: 'Foreign canary' });
    const page = await list(admin, 'search=Foreign&searchBy=name');
    expect(page.meta.total).toBe(0);
    expect(JSON.stringify(await list(admin))).not.toContain(foreign.id);
  });
});

describe('derived status filter', () => {
  it('agrees with deriveTaskStatus row by row, for tasks spread around now and the day boundaries', async () => {
    for (const timeZone of ['Asia/Kolkata', 'Pacific/Honolulu']) {
      const tenant = await buildTenant(t.db, { timeZone });
      const boss = await t.signInAs(tenant.id, 'Admin', 'fullAccess');
      // An assignee per task: these tasks overlap in time, and one person's active tasks may not (migration 0004).
      const anyWorker = async (id: string) => buildUser(t.db, { tenantId: id, role: 'Technician', passwordHash: await testPasswordHash() });
      const job = await buildJob(t.db, tenant.id);
      const z = timeline(timeZone);
      const m = 60_000;
      const starts = [
        null,
        z.at(-3 * z.day),
        z.shift(z.startOfToday, -m),
        z.shift(z.startOfToday, m),
        z.at(-2 * z.hour),
        z.at(-m),
        z.at(m),
        z.at(2 * z.hour),
        z.shift(z.startOfTomorrow, -m),
        z.startOfTomorrow,
        z.at(3 * z.day),
      ];
      const ends = (s: string) => [null, s, z.shift(s, z.hour), z.shift(s, 3 * z.hour), z.shift(s, 26 * z.hour)];
      const lifecycles: TaskLifecycle[] = ['OPEN', 'CLOCKED_IN', 'CLOCKED_OUT', 'CLOSED', 'CANCELLED'];
      const ids: string[] = [];
      let i = 0;
      for (const start of starts) {
        for (const end of start ? ends(start) : [null]) {
          for (const who of start ? ['none', 'tech', 'sub'] : ['none']) {
            const lifecycle = lifecycles[i++ % lifecycles.length]!;
            const built = await buildTask(t.db, tenant.id, {
              jobId: job.id,
              startAt: start,
              expectedEndAt: end,
              lifecycle: who === 'none' ? 'OPEN' : lifecycle,
              ...(who === 'tech'
                ? { technicianId: (await anyWorker(tenant.id)).id }
                : who === 'sub'
                  ? { subcontractorId: (await buildSubcontractor(t.db, tenant.id)).id }
                  : {}),
            });
            ids.push(built.id);
          }
        }
      }
      const seen = new Map<string, string>();
      for (const status of TASK_STATUSES) {
        const res = (await t.call('GET', `/api/tasks?limit=100&status=${status}`, boss.cookie)).json() as Page;
        expect(res.meta.total, `${timeZone} ${status}`).toBe(res.items.length);
        for (const item of res.items) {
          expect(item.status, `${timeZone} ${item.id} filtered as ${status}`).toBe(status);
          expect(seen.has(item.id), `${item.id} in two statuses`).toBe(false);
          seen.set(item.id, status);
        }
      }
      expect([...seen.keys()].sort()).toEqual([...ids].sort());
      // The same rows through the domain function at this instant (none lies within a minute of now or midnight).
      const rows = await t.db
        .selectFrom('tasks')
        .select(['id', 'lifecycle', 'start_at', 'expected_end_at', 'assigned_to'])
        .where('tenant_id', '=', tenant.id)
        .execute();
      for (const r of rows) {
        const derived = deriveTaskStatus(
          { lifecycle: r.lifecycle as TaskLifecycle, startDateTime: r.start_at, expectedEndDateTime: r.expected_end_at, assignedTo: r.assigned_to as 'NONE' },
          new Date(),
          timeZone,
        );
        expect(seen.get(r.id), r.id).toBe(derived);
      }
      const multi = (await t.call('GET', '/api/tasks?limit=100&status=MISSED&status=UPCOMING', boss.cookie)).json() as Page;
      expect(multi.meta.total).toBe([...seen.values()].filter((s) => s === 'MISSED' || s === 'UPCOMING').length);
    }
  });
});
