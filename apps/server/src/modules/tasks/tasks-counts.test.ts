import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isSchedulable } from '@fieldwork/domain/scheduling/scheduling.rules';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { buildJob, buildSubcontractor } from '@fieldwork/testing/factories';
import { createTestApp, type Session, type TestApp } from '../../test-support/test-app.ts';
import { recountedCounters, rng, timeline } from '../task-core/tasks.fixture.ts';

/**
 * The trigger-kept task_counts (migration 0003) equal a full COUNT(*) per key after a random mix of
 * creates, edits, assignments, cancels, closes, reopens and job cancels made through the API.
 */
let t: TestApp;
let tenantId: string;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId, admin } = await t.newCompany());
});
afterAll(async () => t.close());

async function countsByQuery(tenant: string): Promise<Record<string, number>> {
  const rows = await t.db
    .selectFrom('tasks')
    .select([
      'lifecycle',
      'assignee_key',
      sql<string>`case when start_at is null then 'unscheduled' when assignee_key is null then 'unassigned' else 'assigned' end`.as('tab'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('tenant_id', '=', tenant)
    .groupBy(['lifecycle', 'assignee_key', sql`case when start_at is null then 'unscheduled' when assignee_key is null then 'unassigned' else 'assigned' end`])
    .execute();
  const out: Record<string, number> = {};
  const add = (key: string, n: number) => (out[key] = (out[key] ?? 0) + n);
  for (const r of rows) {
    const n = Number(r.n);
    add('all', n);
    // The work-queue tabs count open tasks only; a closed or cancelled one counts as finished (migration 0022).
    add(r.tab !== 'assigned' && !isSchedulable(r.lifecycle as TaskLifecycle) ? `finished:${r.tab}` : r.tab, n);
    add(`lifecycle:${r.lifecycle}`, n);
    if (r.assignee_key) add(`assignee:${r.assignee_key}`, n);
  }
  return out;
}

async function countsByTrigger(tenant: string): Promise<Record<string, number>> {
  const rows = await t.db.selectFrom('task_counts').select(['key', 'n']).where('tenant_id', '=', tenant).execute();
  return Object.fromEntries(rows.filter((r) => Number(r.n) !== 0).map((r) => [r.key, Number(r.n)]));
}

describe('task_counts', () => {
  it('equals COUNT(*) per key after a random mix of changes', async () => {
    const random = rng(20260421);
    const pick = <X>(list: readonly X[]): X => list[Math.floor(random() * list.length)]!;
    const T = timeline();
    const techs = [await t.signInAs(tenantId, 'Technician'), await t.signInAs(tenantId, 'Technician')];
    const subs = [await buildSubcontractor(t.db, tenantId), await buildSubcontractor(t.db, tenantId)];
    const jobs = await Promise.all(Array.from({ length: 8 }, () => buildJob(t.db, tenantId)));
    const starts = [T.startOfToday, T.at(-3 * T.day), T.shift(T.startOfTomorrow, T.hour)];
    const schedule = () => {
      const kind = pick(['none', 'start', 'tech', 'sub'] as const);
      if (kind === 'none') return {};
      const startDateTime = pick(starts);
      // Today's tasks run until tomorrow, so they are OPEN (closable) now.
      const when = { startDateTime, ...(startDateTime === T.startOfToday ? { expectedEndDateTime: T.at(T.day) } : {}) };
      if (kind === 'start') return when;
      return kind === 'tech'
        ? { ...when, assignTo: 'TECHNICIAN', assignedTechnicianId: pick(techs).user.id }
        : { ...when, assignTo: 'SUBCONTRACTOR', assignedSubcontractorId: pick(subs).id };
    };
    const ids: string[] = [];
    for (let step = 0; step < 120; step++) {
      const op =
        ids.length < 5
          ? 'create'
          : pick([
              'create',
              'create',
              'create',
              'update',
              'update',
              'assign',
              'assign',
              'later',
              'cancel',
              'close',
              'close',
              'reopen',
              'reopen',
              'jobCancel',
            ] as const);
      // Closes and reopens mostly pick a task they can apply to, so every lifecycle gets visited.
      const fits =
        op === 'close' || op === 'reopen'
          ? await t.db
              .selectFrom('tasks')
              .select('id')
              .where('tenant_id', '=', tenantId)
              .where('lifecycle', '=', op === 'close' ? 'OPEN' : 'CLOSED')
              .where('start_at', '=', T.startOfToday)
              .where('assignee_key', 'is not', null)
              .execute()
          : [];
      const id = fits.length && random() < 0.8 ? pick(fits).id : ids.length ? pick(ids) : '';
      const current = id ? (await t.call('GET', `/api/tasks/${id}`, admin.cookie)).json().data : null;
      let res;
      if (op === 'create') {
        res = await t.call('POST', '/api/tasks', admin.cookie, { jobId: pick(jobs).id, name: `Step ${step}`, ...schedule() });
        if (res.statusCode === 201) ids.push(res.json().data.id);
      } else if (op === 'update')
        res = await t.call('PUT', `/api/tasks/${id}`, admin.cookie, { name: `Edited ${step}`, ...schedule(), version: current.version });
      else if (op === 'assign')
        res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { assignTo: 'TECHNICIAN', assignedTechnicianId: pick(techs).user.id });
      else if (op === 'later') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { assignTo: 'LATER' });
      else if (op === 'cancel') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { isCancelled: true });
      else if (op === 'reopen') res = await t.call('PATCH', `/api/tasks/${id}`, admin.cookie, { isTaskReopen: true });
      else if (op === 'close')
        res = await t.call('POST', '/api/tasks/close', admin.cookie, { taskId: id, startDateTime: T.at(-4 * T.day), endDateTime: T.at(0) });
      else res = await t.call('PATCH', `/api/jobs/${pick(jobs).id}/status`, admin.cookie, { action: 'CANCELLED' });
      expect(res.statusCode, `${op}: ${res.body}`).toBeLessThan(500);
      if (step % 20 === 19) expect(await countsByTrigger(tenantId), `after step ${step}`).toEqual(await countsByQuery(tenantId));
    }
    const after = await countsByQuery(tenantId);
    expect(await countsByTrigger(tenantId)).toEqual(after);
    expect(Object.keys(after).filter((k) => k.startsWith('lifecycle:')).length, JSON.stringify(after)).toBeGreaterThanOrEqual(3);
    const listed = (await t.call('GET', '/api/tasks?assignedStatus=ASSIGNED_TO_OTHERS&limit=1', admin.cookie)).json().meta.total;
    expect(listed).toBe(after.assigned ?? 0);
    expect(after['finished:unscheduled'] ?? 0, JSON.stringify(after)).toBeGreaterThan(0);
    for (const [tab, key] of [
      ['UNSCHEDULED', 'unscheduled'],
      ['UNASSIGNED', 'unassigned'],
    ] as const) {
      const page = (await t.call('GET', `/api/tasks?assignedStatus=${tab}&limit=100`, admin.cookie)).json();
      expect(page.meta.total, tab).toBe(after[key] ?? 0);
      expect(page.items.length, tab).toBe(Math.min(100, after[key] ?? 0));
    }
    // The rebuild after a bulk load (recountTaskCounts) gives what the triggers keep.
    const rebuilt = await recountedCounters(t.db, tenantId, 'task_counts');
    expect(rebuilt).toEqual(after);
  });
});
