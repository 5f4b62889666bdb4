import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildSubcontractor, buildTask, buildUser } from '@fieldwork/testing/factories';
import { createTestApp, testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { connected, listenLocal, openStream, sleep, startServerProcess, type Stream } from './events.fixture.ts';
import { MAX_STREAMS_PER_USER } from './events.plugin.ts';

/** How long "does not arrive" waits; every positive check waits for a later event on the same stream too. */
const QUIET_MS = 300;
/** Short in this file, so heartbeats and the session re-check are seen; 25 s by default. */
const HEARTBEAT_MS = 150;

let t: TestApp;
let port: number;
let tenantId: string;
let admin: Session;
let jobId: string;
let hh: (hours: number) => string;
const streams: Stream[] = [];

beforeAll(async () => {
  t = await createTestApp({ eventsHeartbeatMs: HEARTBEAT_MS });
  port = await listenLocal(t.app);
  ({ tenantId, admin } = await t.newCompany());
  jobId = (await buildJob(t.db, tenantId)).id;
  const day = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function subscribe(headers: Record<string, string>): Promise<Stream> {
  const s = await openStream(port, headers);
  streams.push(s);
  if (s.status === 200) await connected(s);
  return s;
}
const as = (s: Session) => ({ cookie: s.cookie });
const technician = async () => {
  const s = await t.signInAs(tenantId, 'Technician');
  return s;
};
const createTask = async (body: object = {}) => {
  const res = await t.call('POST', '/api/tasks', admin.cookie, { jobId, name: 'Live task', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; taskNumber: number };
};

describe('GET /api/events', () => {
  it('needs a session or token (401) and task read access (403)', async () => {
    const anonymous = await subscribe({});
    expect(anonymous.status).toBe(401);
    const noAccess = await t.signInAs(tenantId, 'Staff', 'noAccess');
    expect((await subscribe(as(noAccess))).status).toBe(403);
    expect((await subscribe({ authorization: 'Bearer fw_not-a-token' })).status).toBe(401);
  });

  it('accepts a personal API token (Bearer) as well as the session cookie', async () => {
    const created = await t.call('POST', '/api/tokens', admin.cookie, { name: 'live updates' });
    expect(created.statusCode, created.body).toBe(201);
    const s = await subscribe({ authorization: `Bearer ${created.json().data.secret}` });
    expect(s.status).toBe(200);
    const task = await createTask();
    await s.waitFor((e) => e.data.taskId === task.id);
    s.close();
  });

  it('streams with the SSE headers and a retry hint, and keeps the security headers', async () => {
    const s = await subscribe(as(admin));
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(s.headers['cache-control']).toBe('no-cache');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(s.raw()).toMatch(/^retry: 3000\n/);
    s.close();
  });

  it('announces created, scheduled and closed tasks and job status changes to the office, ids only', async () => {
    const s = await subscribe(as(admin));
    const task = await createTask();
    const created = await s.waitFor((e) => e.event === 'task.created' && e.data.taskId === task.id);
    expect(created.data).toEqual({ type: 'task.created', taskId: task.id, jobId, taskNumber: task.taskNumber, recordId: null, at: expect.any(String) });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.raw()).not.toContain(tenantId);
    expect(s.raw()).not.toContain('assigneeKeys');

    const tech = await buildUser(t.db, { tenantId, role: 'Technician', passwordHash: await testPasswordHash() });
    const scheduled = await t.call('POST', '/api/tasks/schedule', admin.cookie, {
      taskId: task.id,
      startDateTime: hh(8),
      expectedEndDateTime: hh(9),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tech.id,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    await s.waitFor((e) => e.event === 'schedule.changed' && e.data.taskId === task.id);

    const cancelled = await t.call('PATCH', `/api/tasks/${task.id}`, admin.cookie, { isCancelled: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await s.waitFor((e) => e.event === 'task.status' && e.data.taskId === task.id);

    const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const open = await buildTask(t.db, tenantId, { jobId, lifecycle: 'CLOCKED_OUT', startAt: ago(3), expectedEndAt: ago(2) });
    const closed = await t.call('POST', '/api/tasks/close', admin.cookie, {
      taskId: open.id,
      startDateTime: new Date(Date.now() - 3_600_000).toISOString(),
      endDateTime: new Date().toISOString(),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await s.waitFor((e) => e.event === 'task.status' && e.data.taskId === open.id);

    const otherJob = await buildJob(t.db, tenantId);
    const jobCancelled = await t.call('PATCH', `/api/jobs/${otherJob.id}/status`, admin.cookie, { action: 'CANCELLED' });
    expect(jobCancelled.statusCode, jobCancelled.body).toBe(200);
    const job = await s.waitFor((e) => e.event === 'job.status' && e.data.jobId === otherJob.id);
    expect(job.data.taskId).toBeNull();
    s.close();
  });

  it("gives a technician only their own tasks' events", async () => {
    const [mine, theirs] = [await technician(), await technician()];
    const office = await subscribe(as(admin));
    const s = await subscribe(as(mine));
    const other = await createTask({ startDateTime: hh(10), expectedEndDateTime: hh(11), assignTo: 'TECHNICIAN', assignedTechnicianId: theirs.user.id });
    const own = await createTask({ startDateTime: hh(12), expectedEndDateTime: hh(13), assignTo: 'TECHNICIAN', assignedTechnicianId: mine.user.id });
    await s.waitFor((e) => e.data.taskId === own.id);
    await office.waitFor((e) => e.data.taskId === other.id);
    await sleep(QUIET_MS);
    expect(s.events.map((e) => e.data.taskId)).not.toContain(other.id);

    // Moving a task away from the technician still tells them (old assignee), moving it to them too.
    const moved = await t.call('PATCH', `/api/tasks/${other.id}`, admin.cookie, { assignTo: 'TECHNICIAN', assignedTechnicianId: mine.user.id });
    expect(moved.statusCode, moved.body).toBe(200);
    await s.waitFor((e) => e.event === 'schedule.changed' && e.data.taskId === other.id);
    s.close();
    office.close();
  });

  it("never carries another company's changes", async () => {
    const b = await t.newCompany();
    const s = await subscribe(as(b.admin));
    const task = await createTask();
    const bJob = await buildJob(t.db, b.tenantId);
    const own = await t.call('POST', '/api/tasks', b.admin.cookie, { jobId: bJob.id, name: 'B task' });
    expect(own.statusCode, own.body).toBe(201);
    await s.waitFor((e) => e.data.taskId === own.json().data.id);
    await sleep(QUIET_MS);
    expect(s.events.map((e) => e.data.taskId)).not.toContain(task.id);
    s.close();
  });

  it('sends nothing for a change that was rolled back (a refused clash)', async () => {
    const tech = await technician();
    const s = await subscribe(as(admin));
    const first = await createTask({ startDateTime: hh(14), expectedEndDateTime: hh(16), assignTo: 'TECHNICIAN', assignedTechnicianId: tech.user.id });
    const second = await buildTask(t.db, tenantId, { jobId });
    const clash = await t.call('POST', '/api/tasks/schedule', admin.cookie, {
      taskId: second.id,
      startDateTime: hh(15),
      expectedEndDateTime: hh(17),
      isAssigned: true,
      assignedTo: 'TECHNICIAN',
      assignedTechnicianId: tech.user.id,
    });
    expect(clash.statusCode, clash.body).toBe(409);
    const later = await createTask();
    await s.waitFor((e) => e.data.taskId === first.id);
    await s.waitFor((e) => e.data.taskId === later.id);
    await sleep(QUIET_MS);
    expect(s.events.map((e) => e.data.taskId)).not.toContain(second.id);
    s.close();
  });

  it("tells a subcontractor login of bids requested from its company, not of others'", async () => {
    const subUser = await t.signInAs(tenantId, 'SubContractor');
    const sub = await buildSubcontractor(t.db, tenantId, { userId: subUser.user.id });
    const otherSub = await buildSubcontractor(t.db, tenantId);
    const s = await subscribe(as(subUser));
    const [asked, notAsked] = [await buildTask(t.db, tenantId, { jobId }), await buildTask(t.db, tenantId, { jobId })];
    const bid = (taskId: string, to: string) =>
      t.call('POST', '/api/tasks/schedule', admin.cookie, {
        taskId,
        startDateTime: hh(18),
        expectedEndDateTime: hh(19),
        isAssigned: false,
        assignedTo: 'SUBCONTRACTOR',
        bidRequestSentTo: [to],
      });
    expect((await bid(notAsked.id, otherSub.id)).statusCode).toBe(201);
    expect((await bid(asked.id, sub.id)).statusCode).toBe(201);
    await s.waitFor((e) => e.event === 'bid.changed' && e.data.taskId === asked.id);
    await sleep(QUIET_MS);
    expect(s.events.map((e) => e.data.taskId)).not.toContain(notAsked.id);
    s.close();
  });

  it('sends heartbeats and ends the stream once its session is gone (logout)', async () => {
    const user = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const s = await subscribe(as(user));
    await sleep(HEARTBEAT_MS * 2 + 50);
    expect(s.raw()).toContain(': heartbeat\n\n');
    expect(s.ended()).toBe(false);
    expect((await t.call('POST', '/api/auth/logout', user.cookie)).statusCode).toBe(204);
    const started = Date.now();
    while (!s.ended() && Date.now() - started < 3_000) await sleep(20);
    expect(s.ended()).toBe(true);
  });

  describe('opened with an API token, ends at the next heartbeat after', () => {
    const tokenStream = async (cookie: string) => {
      const created = (await t.call('POST', '/api/tokens', cookie, { name: 'live', scope: 'read' })).json().data as { token: { id: string }; secret: string };
      const s = await subscribe({ authorization: `Bearer ${created.secret}` });
      expect(s.status).toBe(200);
      // Still open across heartbeats while nothing changed.
      await sleep(HEARTBEAT_MS * 2 + 50);
      expect(s.raw()).toContain(': heartbeat\n\n');
      expect(s.ended()).toBe(false);
      return { id: created.token.id, s };
    };
    const endsSoon = async (s: Stream) => {
      const started = Date.now();
      while (!s.ended() && Date.now() - started < 3_000) await sleep(20);
      expect(s.ended()).toBe(true);
    };

    it('the token is revoked', async () => {
      const { id, s } = await tokenStream(admin.cookie);
      expect((await t.call('DELETE', `/api/tokens/${id}`, admin.cookie)).statusCode).toBe(204);
      await endsSoon(s);
    });

    it('the token expires', async () => {
      const { id, s } = await tokenStream(admin.cookie);
      await t.db
        .updateTable('api_tokens')
        .set({ expires_at: new Date(Date.now() + HEARTBEAT_MS / 2).toISOString() })
        .where('id', '=', id)
        .execute();
      await endsSoon(s);
    });

    it('its owner is disabled', async () => {
      const owner = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
      const { s } = await tokenStream(owner.cookie);
      const disabled = await t.call('PATCH', `/api/user/${owner.user.id}/status`, admin.cookie, { status: 'DISABLED' });
      expect(disabled.statusCode, disabled.body).toBe(200);
      await endsSoon(s);
    });

    it('(and a receptionist token, which reads nothing, never opens one)', async () => {
      const { secret } = (await t.call('POST', '/api/tokens', admin.cookie, { name: 'phone', scope: 'receptionist' })).json().data;
      expect((await subscribe({ authorization: `Bearer ${secret}` })).status).toBe(403);
    });
  });

  it(`caps open streams at ${MAX_STREAMS_PER_USER} per user and frees a slot when one closes`, async () => {
    const user = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    const open: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await subscribe(as(user)));
    expect(open.every((s) => s.status === 200)).toBe(true);
    expect((await subscribe(as(user))).status).toBe(429);
    open[0]!.close();
    await sleep(100);
    expect((await subscribe(as(user))).status).toBe(200);
  });

  // PostgreSQL only: SQLite is one process by design, so there is no second process to fan out to.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'fans out through LISTEN/NOTIFY to a second server process on the same database (PostgreSQL only; skipped on SQLite)',
    async () => {
      const b = await startServerProcess(t.databaseUrl!);
      try {
        // Sessions live in the database, so the cookie from this process signs in on the other one too.
        const s = await openStream(b.port, as(admin));
        streams.push(s);
        expect(s.status).toBe(200);
        await connected(s);
        const task = await createTask();
        const got = await s.waitFor((e) => e.event === 'task.created' && e.data.taskId === task.id, 10_000);
        expect(got.data.taskNumber).toBe(task.taskNumber);
        // One copy only: this process receives its own events through NOTIFY, never also in-process.
        const local = await subscribe(as(admin));
        const second = await createTask();
        await local.waitFor((e) => e.data.taskId === second.id);
        await s.waitFor((e) => e.data.taskId === second.id, 10_000);
        await sleep(QUIET_MS);
        expect(local.events.filter((e) => e.data.taskId === second.id)).toHaveLength(1);
        expect(s.events.filter((e) => e.data.taskId === second.id)).toHaveLength(1);
        s.close();
        local.close();
      } finally {
        await b.stop();
      }
    },
    60_000,
  );
});
