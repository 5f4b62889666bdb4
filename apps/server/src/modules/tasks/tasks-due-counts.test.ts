import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveTaskStatus, type AssignedTo, type TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { buildJob } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { recountedCounters, rng, timeline } from '../task-core/tasks.fixture.ts';

/**
 * The trigger-kept task_due_counts (migration 0032) equal its keys counted over the tasks after a random mix of
 * creates, moves, assignments, cancels, closes and reopens made through the API, and the job summary's overdue
 * count built on them equals the domain's MISSED status counted task by task.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

async function tasksOf(tenant: string) {
  return t.db.selectFrom('tasks').select(['lifecycle', 'assignee_key', 'assigned_to', 'start_at', 'expected_end_at']).where('tenant_id', '=', tenant).execute();
}

/** The keys the triggers keep, worked out from the rows: open, assigned and scheduled tasks by UTC day. */
async function dueCountsByQuery(tenant: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of await tasksOf(tenant)) {
    if (r.lifecycle !== 'OPEN' || !r.assignee_key || !r.start_at) continue;
    const key = r.expected_end_at ? `end:${r.expected_end_at.slice(0, 10)}` : `start:${r.start_at.slice(0, 10)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function dueCountsByTrigger(tenant: string): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('task_due_counts').select(['key', 'n']).where('tenant_id', '=', tenant).execute();
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
}

describe('task_due_counts', () => {
  it('equal their keys counted over the tasks, and the summary counts MISSED as the domain derives it', async () => {
    const random = rng(20261127);
    const pick = <X>(list: readonly X[]): X => list[Math.floor(random() * list.length)]!;
    const T = timeline();
    const { time_zone: zone } = await t.db.selectFrom('tenants').select('time_zone').where('id', '=', tenantId).executeTakeFirstOrThrow();
    const techs = [await t.signInAs(tenantId, 'Technician'), await t.signInAs(tenantId, 'Technician')];
    const jobs = await Promise.all(Array.from({ length: 4 }, () => buildJob(t.db, tenantId)));
    // Past days (MISSED once assigned), earlier today (MISSED with an end, OPEN without), tomorrow (upcoming).
    const starts = [T.at(-3 * T.day), T.at(-T.day - 5 * T.hour), T.at(-2 * T.hour), T.shift(T.startOfTomorrow, T.hour)];
    const schedule = () => {
      const startDateTime = pick(starts);
      const end = pick([null, T.shift(startDateTime, T.hour), T.shift(startDateTime, 30 * T.hour)]);
      return { startDateTime, ...(end ? { expectedEndDateTime: end } : {}) };
    };
    const ids: string[] = [];
    for (let step = 0; step < 60; step++) {
      const op = ids.length < 6 ? 'create' : pick(['create', 'create', 'move', 'move', 'assign', 'later', 'cancel', 'close', 'reopen'] as const);
      const id = ids.length ? pick(ids) : '';
      const current = id ? (await t.call('GET', `/api/tasks/${id}`, admin.cookie)).json().data : null;
      let res;
      if (op === 'create') {
        const who = random() < 0.7 ? { assignTo: 'TECHNICIAN', assignedTechnicianId: pick(techs).user.id } : {};
        res = await t.call('POST', '/api/tasks', admin.cookie, { jobId: pick(jobs).id, name: `Step ${step}`, ...schedule(), ...who });
        if (res.statusCode === 201) ids.push(res.json().data.id);
      } else if (op === 'move') res = await t.call('PUT', `/api/tasks/${id}`, admin.cookie, { name: `Moved ${step}`, ...schedule(), version: current.version });
      else if (op === 'assign')
        res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { assignTo: 'TECHNICIAN', assignedTechnicianId: pick(techs).user.id });
      else if (op === 'later') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { assignTo: 'LATER' });
      else if (op === 'cancel') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { isCancelled: true });
      else if (op === 'reopen') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { isTaskReopen: true });
      else res = await t.call('POST', '/api/tasks/close', admin.cookie, { taskId: id, startDateTime: T.at(-4 * T.day), endDateTime: T.at(0) });
      expect(res.statusCode, `${op}: ${res.body}`).toBeLessThan(500);
      if (step % 15 === 14) expect(await dueCountsByTrigger(tenantId), `after step ${step}`).toEqual(await dueCountsByQuery(tenantId));
    }
    // The API always stores an expected end; tasks without one (older data, imports) are MISSED from the next day.
    const open = await t.db
      .selectFrom('tasks')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('lifecycle', '=', 'OPEN')
      .where('assignee_key', 'is not', null)
      .execute();
    expect(open.length).toBeGreaterThanOrEqual(2);
    await t.db
      .updateTable('tasks')
      .set({ expected_end_at: null })
      .where('tenant_id', '=', tenantId)
      .where(
        'id',
        'in',
        open.slice(0, Math.floor(open.length / 2)).map((r) => r.id),
      )
      .execute();
    const expected = await dueCountsByQuery(tenantId);
    expect(await dueCountsByTrigger(tenantId)).toEqual(expected);
    expect(Object.keys(expected).some((k) => k.startsWith('start:')) && Object.keys(expected).some((k) => k.startsWith('end:')), JSON.stringify(expected)).toBe(
      true,
    );

    const now = new Date();
    const missed = (await tasksOf(tenantId)).filter(
      (r) =>
        deriveTaskStatus(
          {
            lifecycle: r.lifecycle as TaskLifecycle,
            startDateTime: r.start_at,
            expectedEndDateTime: r.expected_end_at,
            assignedTo: r.assigned_to as AssignedTo,
          },
          now,
          zone,
        ) === 'MISSED',
    ).length;
    expect(missed).toBeGreaterThan(0);
    const summary = (await t.call('GET', '/api/jobs/summary', admin.cookie)).json().data;
    expect(summary.overdueTasks).toBe(missed);

    // The rebuild after a bulk load (recountTaskCounts) gives what the triggers keep.
    const rebuilt = await recountedCounters(t.db, tenantId, 'task_due_counts');
    expect(rebuilt).toEqual(expected);
  });
});
