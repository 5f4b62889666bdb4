import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { BID_MESSAGES } from '@fieldwork/domain/tasks/bids.schemas';
import { SCHEDULE_MESSAGES } from '@fieldwork/domain/scheduling/scheduling.schemas';
import { buildJob, buildSubcontractor, buildTask } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { taskLog, taskRow } from '../task-core/tasks.fixture.ts';

let t: TestApp;
let tenantId: string;
let admin: Session;
let jobId: string;
let hh: (hours: number) => string;
type SubLogin = { session: Session; id: string; name: string };
let ace: SubLogin;
let bolt: SubLogin;
let crane: SubLogin;

async function subLogin(name: string): Promise<SubLogin> {
  const session = await t.signInAs(tenantId, 'SubContractor');
  const sub = await buildSubcontractor(t.db, tenantId, { name, userId: session.user.id });
  return { session, id: sub.id, name };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
  jobId = (await buildJob(t.db, tenantId)).id;
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  hh = (hours: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000).toISOString();
  ace = await subLogin('Ace Plumbing Subs');
  bolt = await subLogin('Bolt Electric');
  crane = await subLogin('Crane Roofing');
});
afterAll(async () => t.close());

const requestBids = (taskId: string, subs: string[], start: string, end?: string) =>
  t.call('POST', '/api/tasks/schedule', admin.cookie, {
    taskId,
    startDateTime: start,
    expectedEndDateTime: end ?? null,
    assignedTo: 'SUBCONTRACTOR',
    bidRequestSentTo: subs,
  });
const answer = (s: Session, bidId: string, body: object) => t.call('POST', `/api/bids/${bidId}/answer`, s.cookie, body);
const award = (s: Session, bidId: string) => t.call('POST', `/api/bids/${bidId}/award`, s.cookie);
const bidRows = (taskId: string) => t.db.selectFrom('bid_requests').selectAll().where('task_id', '=', taskId).orderBy('created_at').execute();
const bidOf = async (taskId: string, subId: string) => (await bidRows(taskId)).find((b) => b.subcontractor_id === subId)!;

describe('request bids → answer → award', () => {
  it('runs end to end with the database state and the task activity at each step', async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    const sent = await requestBids(task.id, [ace.id, bolt.id], hh(9), hh(11));
    expect(sent.statusCode, sent.body).toBe(201);
    const body = sent.json();
    expect(body.bidIds).toHaveLength(2);
    expect(body.data).toMatchObject({ id: task.id, assignedTo: 'NONE', taskScheduler: { startDateTime: hh(9), expectedEndDateTime: hh(11) } });
    const row = await taskRow(t.db, task.id);
    expect(row).toMatchObject({ assignee_key: null, assigned_to: 'NONE', start_at: hh(9) });
    const stored = await bidRows(task.id);
    expect(stored.map((b) => b.status)).toEqual(['REQUESTED', 'REQUESTED']);
    expect(new Set(stored.map((b) => b.id))).toEqual(new Set(body.bidIds));
    expect(
      (await taskLog(t.db, task.id))
        .filter((l) => l.action === 'BID_REQUESTED')
        .map((l) => l.message)
        .sort(),
    ).toEqual(['Bid requested from Ace Plumbing Subs', 'Bid requested from Bolt Electric']);

    // Re-sending adds only the new subcontractor (PUT), never a duplicate.
    const again = await t.call('PUT', `/api/tasks/schedule/${row.schedule_id}`, admin.cookie, {
      startDateTime: hh(9),
      expectedEndDateTime: hh(11),
      assignedTo: 'SUBCONTRACTOR',
      bidRequestSentTo: [ace.id, crane.id],
      version: row.schedule_version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().bidIds).toHaveLength(2);
    expect(again.json().bidIds[0]).toBe((await bidOf(task.id, ace.id)).id);
    expect(await bidRows(task.id)).toHaveLength(3);
    expect((await taskLog(t.db, task.id)).filter((l) => l.action === 'BID_REQUESTED')).toHaveLength(3);

    // The subcontractor sees their request with the task's context; the office sees them all.
    const inbox = await t.call('GET', '/api/bids?status=REQUESTED', ace.session.cookie);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const items = inbox.json().data.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      status: 'REQUESTED',
      subcontractor: { id: ace.id },
      task: { id: task.id, taskNumber: task.taskNumber, startDateTime: hh(9) },
    });
    expect(items[0].task.jobNumber).toEqual(expect.any(Number));
    expect(items[0].task.customerName).toEqual(expect.any(String));
    const office = await t.call('GET', `/api/bids?taskId=${task.id}`, admin.cookie);
    expect(office.json().data.meta.total).toBe(3);

    // Ace answers (twice: re-answer while SUBMITTED), Bolt declines.
    const aceBid = await bidOf(task.id, ace.id);
    const first = await answer(ace.session, aceBid.id, { amount: 1250, note: 'Two men, one day', earliestStartDateTime: hh(8) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'SUBMITTED', amount: 1250, note: 'Two men, one day', earliestStartDateTime: hh(8) });
    const second = await answer(ace.session, aceBid.id, { amount: 1300.5 });
    expect(second.json().data).toMatchObject({ status: 'SUBMITTED', amount: 1300.5 });
    expect(await bidOf(task.id, ace.id)).toMatchObject({ status: 'SUBMITTED', amount_cents: 130050, answered_by: ace.session.user.id });
    const boltBid = await bidOf(task.id, bolt.id);
    const declined = await t.call('POST', `/api/bids/${boltBid.id}/decline`, bolt.session.cookie, { note: 'Booked that week' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data.status).toBe('DECLINED');
    expect((await answer(bolt.session, boltBid.id, { amount: 10 })).statusCode).toBe(409);

    const log = (await taskLog(t.db, task.id)).map((l) => l.message);
    expect(log).toContain('Ace Plumbing Subs bid $1,250.00');
    expect(log).toContain('Ace Plumbing Subs bid $1,300.50');
    expect(log).toContain('Bolt Electric declined the bid request');

    // The office reads the answers on the task, then awards Ace.
    const onTask = await t.call('GET', `/api/tasks/${task.id}/bids`, admin.cookie);
    expect(onTask.statusCode).toBe(200);
    expect(
      onTask.json().data.map((b: { subcontractor: { name: string }; status: string; amount: number | null }) => [b.subcontractor.name, b.status, b.amount]),
    ).toEqual([
      ['Ace Plumbing Subs', 'SUBMITTED', 1300.5],
      ['Bolt Electric', 'DECLINED', null],
      ['Crane Roofing', 'REQUESTED', null],
    ]);
    expect((await award(admin, boltBid.id)).json()).toMatchObject({ statusCode: 409, message: BID_MESSAGES.notSubmitted });
    const won = await award(admin, aceBid.id);
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data.status).toBe('AWARDED');
    expect(await taskRow(t.db, task.id)).toMatchObject({
      assigned_to: 'SUBCONTRACTOR',
      assigned_subcontractor_id: ace.id,
      assignee_key: ace.id,
      start_at: hh(9),
    });
    expect(Object.fromEntries((await bidRows(task.id)).map((b) => [b.subcontractor_id, b.status]))).toEqual({
      [ace.id]: 'AWARDED',
      [bolt.id]: 'DECLINED',
      [crane.id]: 'CLOSED',
    });
    const after = await taskLog(t.db, task.id);
    expect(after.map((l) => l.action).slice(-3)).toEqual(['BID_AWARDED', 'TASK_ASSIGNED', 'BID_CLOSED']);
    expect(after.at(-3)!.message).toBe('Awarded the bid of Ace Plumbing Subs ($1,300.50)');
    expect(after.at(-1)!.message).toBe('Closed the bid request to Crane Roofing');
    expect((await answer(crane.session, (await bidOf(task.id, crane.id)).id, { amount: 5 })).statusCode).toBe(409);
    expect((await award(admin, aceBid.id)).statusCode).toBe(409);
  });

  it('closes the still-open requests on the confirming submit', async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    await requestBids(task.id, [ace.id, bolt.id], hh(13));
    await answer(ace.session, (await bidOf(task.id, ace.id)).id, { amount: 99.99 });
    const closed = await t.call('POST', `/api/tasks/${task.id}/bids/close`, admin.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.map((b: { status: string }) => b.status)).toEqual(['CLOSED', 'CLOSED']);
    expect((await taskLog(t.db, task.id)).filter((l) => l.action === 'BID_CLOSED')).toHaveLength(2);
    expect((await t.call('POST', `/api/tasks/${task.id}/bids/close`, (await t.signInAs(tenantId, 'Staff', 'onlyViewAccess')).cookie)).statusCode).toBe(403);
  });
});

describe('who may do what', () => {
  it("keeps bids to the office and to the bid's own subcontractor", async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    await requestBids(task.id, [ace.id], hh(15));
    const bid = await bidOf(task.id, ace.id);
    const tech = await t.signInAs(tenantId, 'Technician');
    const viewOnly = await t.signInAs(tenantId, 'Staff', 'onlyViewAccess');
    expect((await t.call('GET', '/api/bids')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/bids', tech.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/tasks/${task.id}/bids`, tech.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/tasks/${task.id}/bids`, ace.session.cookie)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/tasks/${task.id}/bids`, viewOnly.cookie)).statusCode).toBe(200);
    expect((await answer(tech, bid.id, { amount: 10 })).statusCode).toBe(403);
    expect((await answer(admin, bid.id, { amount: 10 })).statusCode).toBe(403);
    const notTheirs = await answer(bolt.session, bid.id, { amount: 10 });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.body).toBe((await answer(bolt.session, randomUUID(), { amount: 10 })).body);
    expect((await t.call('POST', `/api/bids/${bid.id}/decline`, bolt.session.cookie, {})).statusCode).toBe(404);
    expect((await t.call('GET', '/api/bids', bolt.session.cookie)).json().data.items.map((b: { id: string }) => b.id)).not.toContain(bid.id);
    await answer(ace.session, bid.id, { amount: 10 });
    expect((await award(viewOnly, bid.id)).statusCode).toBe(403);
    expect((await award(tech, bid.id)).statusCode).toBe(403);
    expect((await award(ace.session, bid.id)).statusCode).toBe(403);
    expect((await bidOf(task.id, ace.id)).status).toBe('SUBMITTED');
  });

  it('refuses subcontractors of another company or inactive ones, naming the field', async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    const other = await t.newCompany();
    const foreign = await buildSubcontractor(t.db, other.tenantId);
    for (const ids of [[foreign.id], [ace.id, randomUUID()]]) {
      const res = await requestBids(task.id, ids, hh(16));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual([BID_MESSAGES.subcontractors]);
    }
    expect(await bidRows(task.id)).toHaveLength(0);
    expect((await taskRow(t.db, task.id)).start_at).toBeNull();
    const both = await t.call('POST', '/api/tasks/schedule', admin.cookie, {
      taskId: task.id,
      startDateTime: hh(16),
      assignedTo: 'SUBCONTRACTOR',
      assignedSubcontractorId: ace.id,
      bidRequestSentTo: [bolt.id],
    });
    expect(both.json().message).toEqual([SCHEDULE_MESSAGES.bidsOrAssign]);
  });
});

describe('validation', () => {
  it('answers amount and date rules with their messages', async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    await requestBids(task.id, [ace.id], hh(17));
    const bid = await bidOf(task.id, ace.id);
    const cases: [object, string][] = [
      [{ amount: 0 }, 'Amount must be greater than 0.'],
      [{ amount: -5 }, 'Amount must be greater than 0.'],
      [{ amount: 10_000_000.01 }, 'Amount must be at most 10,000,000.'],
      [{ amount: 12.345 }, 'Amount can have at most 2 decimal places.'],
      [{ amount: '12' }, 'Amount must be a number.'],
      [{}, 'Amount must be a number.'],
      [{ amount: 10, earliestStartDateTime: 'tomorrow' }, 'Earliest start date-time must be a valid ISO 8601 date-time.'],
      [{ amount: 10, note: 'x'.repeat(2001) }, 'Note must be less than or equal to 2000 characters.'],
      [{ amount: 10, extra: 1 }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, message] of cases) {
      const res = await answer(ace.session, bid.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await answer(ace.session, 'x', { amount: 1 })).json().message).toContain('Id must be a valid UUID.');
    const top = await answer(ace.session, bid.id, { amount: 10_000_000, earliestStartDateTime: '' });
    expect(top.statusCode, top.body).toBe(200);
    expect((await bidOf(task.id, ace.id)).amount_cents).toBe(1_000_000_000);
    expect((await t.call('GET', '/api/bids?status=OPEN', admin.cookie)).statusCode).toBe(400);
  });
});

describe('award against the schedule guard', () => {
  it("refuses a clash with the subcontractor's other task: 409 SCHEDULE_CONFLICT naming it", async () => {
    const busy = await buildTask(t.db, tenantId, { jobId, subcontractorId: crane.id, startAt: hh(20), expectedEndAt: hh(22) });
    const task = await buildTask(t.db, tenantId, { jobId });
    await requestBids(task.id, [crane.id], hh(21), hh(23));
    const bid = await bidOf(task.id, crane.id);
    await answer(crane.session, bid.id, { amount: 400 });
    const res = await award(admin, bid.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SCHEDULE_CONFLICT', message: SCHEDULE_MESSAGES.conflictWith(busy.taskNumber) });
    expect(await taskRow(t.db, task.id)).toMatchObject({ assignee_key: null });
    expect((await bidOf(task.id, crane.id)).status).toBe('SUBMITTED');
  });

  it('lets exactly one of 10 parallel awards of two bids win', async () => {
    const task = await buildTask(t.db, tenantId, { jobId });
    await requestBids(task.id, [ace.id, bolt.id], hh(30));
    const bids = [await bidOf(task.id, ace.id), await bidOf(task.id, bolt.id)];
    await answer(ace.session, bids[0]!.id, { amount: 100 });
    await answer(bolt.session, bids[1]!.id, { amount: 90 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => award(admin, bids[i % 2]!.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([200, ...Array(9).fill(409)]);
    const final = await bidRows(task.id);
    expect(final.map((b) => b.status).sort()).toEqual(['AWARDED', 'CLOSED']);
    const winner = final.find((b) => b.status === 'AWARDED')!;
    expect((await taskRow(t.db, task.id)).assignee_key).toBe(winner.subcontractor_id);
    expect((await taskLog(t.db, task.id)).filter((l) => l.action === 'BID_AWARDED')).toHaveLength(1);
  });
});
