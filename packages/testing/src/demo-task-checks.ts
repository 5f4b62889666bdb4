import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';
import { isSchedulable } from '@fieldwork/domain/scheduling/scheduling.rules';

/** Map.groupBy arrived in Node 21. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

/** In-memory SQLite, or a new database on the throwaway cluster when TEST_DATABASE_URL is set (scripts/with-postgres.sh). */
export async function freshDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { handle: createDb({ sqliteFile: ':memory:' }), drop: async () => {} };
  const name = 'fw_demo_' + randomUUID().replace(/-/g, '').slice(0, 16);
  const admin = createDb({ databaseUrl: url, poolSize: 1 });
  await sql.raw(`create database ${name}`).execute(admin.db);
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  return {
    handle: createDb({ databaseUrl: dbUrl.toString(), poolSize: 2 }),
    drop: async () => {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    },
  };
}

type Db = DbHandle['db'];

/** What every seeded task set must satisfy, whichever way it was written (demo, or bulk load with triggers off). */
export async function expectConsistentTasks(db: Db, now: Date): Promise<void> {
  const tasks = await db
    .selectFrom('tasks')
    .innerJoin('jobs', 'jobs.id', 'tasks.job_id')
    .select([
      'tasks.id',
      'tasks.tenant_id',
      'tasks.task_number',
      'tasks.lifecycle',
      'tasks.assignee_key',
      'tasks.assigned_user_id',
      'tasks.start_at',
      'tasks.expected_end_at',
      'tasks.end_at',
      'tasks.closed_at',
      'tasks.created_at',
      'tasks.job_id',
      'jobs.status as job_status',
      'jobs.customer_id as job_customer',
      'tasks.customer_id',
    ])
    .execute();
  expect(tasks.length).toBeGreaterThan(0);
  for (const k of tasks) {
    expect(k.customer_id).toBe(k.job_customer);
    expect(Date.parse(k.created_at)).toBeLessThanOrEqual(now.getTime());
    if (k.job_status === 'CLOSED') expect(k.lifecycle, `task ${k.task_number} of a closed job`).toBe('CLOSED');
    if (k.job_status === 'CANCELLED') expect(k.lifecycle, `task ${k.task_number} of a cancelled job`).toBe('CANCELLED');
    if (k.lifecycle === 'CLOSED') {
      expect(k.end_at && k.closed_at, `closed task ${k.task_number}`).toBeTruthy();
      expect(Date.parse(k.closed_at!)).toBeLessThanOrEqual(now.getTime());
    } else expect(k.end_at ?? k.closed_at).toBeNull();
  }

  // No assignee has two overlapping scheduled tasks.
  const byAssignee = groupBy(
    tasks.filter((k) => k.assignee_key),
    (k) => k.assignee_key!,
  );
  for (const [key, list] of byAssignee) {
    const spans = list.map((k) => [Date.parse(k.start_at!), Date.parse(k.expected_end_at!)] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0], `assignee ${key}`).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  }

  // Work periods: one running per clocked-in task and never two per user; closed ones for clocked-out and closed tasks.
  const periods = await db.selectFrom('task_activities').select(['task_id', 'user_id', 'start_time', 'end_time']).execute();
  const periodsOf = groupBy(periods, (a) => a.task_id);
  for (const k of tasks) {
    const mine = periodsOf.get(k.id) ?? [];
    if (k.lifecycle === 'CLOCKED_IN')
      expect(
        mine.filter((a) => a.end_time === null),
        `task ${k.task_number}`,
      ).toHaveLength(1);
    else expect(mine.every((a) => a.end_time !== null)).toBe(true);
    if (k.lifecycle === 'CLOSED' || k.lifecycle === 'CLOCKED_OUT') expect(mine.length, `task ${k.task_number}`).toBeGreaterThan(0);
    if (k.lifecycle === 'CLOCKED_IN') expect(mine[0]!.user_id).toBe(k.assigned_user_id);
  }
  const running = periods.filter((a) => a.end_time === null).map((a) => a.user_id);
  expect(running.length).toBeGreaterThan(0);
  expect(new Set(running).size).toBe(running.length);

  // Totals: task_counts as the triggers keep them, jobs.task_count, and each tenant's number counter at its last task.
  const expected = new Map<string, number>();
  const bump = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
  for (const k of tasks) {
    const p = `${k.tenant_id}|`;
    bump(p + 'all');
    const tab = !k.start_at ? 'unscheduled' : !k.assignee_key ? 'unassigned' : 'assigned';
    // The work-queue tabs count open tasks only; a closed or cancelled one counts as finished (migration 0022).
    bump(p + (tab !== 'assigned' && !isSchedulable(k.lifecycle as TaskLifecycle) ? `finished:${tab}` : tab));
    bump(`${p}lifecycle:${k.lifecycle}`);
    if (k.assignee_key) bump(`${p}assignee:${k.assignee_key}`);
  }
  const counts = await db.selectFrom('task_counts').select(['tenant_id', 'key', 'n']).where('n', '<>', 0).execute();
  expect(new Map(counts.map((c) => [`${c.tenant_id}|${c.key}`, Number(c.n)]))).toEqual(expected);
  const jobs = await db.selectFrom('jobs').select(['id', 'task_count']).execute();
  const perJob = groupBy(tasks, (k) => k.job_id);
  for (const j of jobs) expect(j.task_count, `job ${j.id}`).toBe(perJob.get(j.id)?.length ?? 0);
  const counter = await db.selectFrom('tenant_counters').select(['tenant_id', 'value']).where('name', '=', 'task').execute();
  const last = new Map<string, number>();
  for (const k of tasks) last.set(k.tenant_id, Math.max(last.get(k.tenant_id) ?? 0, k.task_number));
  expect(new Map(counter.map((c) => [c.tenant_id, Number(c.value)]))).toEqual(last);
}
