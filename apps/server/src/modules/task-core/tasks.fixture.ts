import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { recountTaskCounts } from '@fieldwork/db/task-counts';
import type { JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import { can, type Viewer } from '@fieldwork/domain/access/roles.rules';
import { taskActions, type TaskAction, type TaskForRules } from '@fieldwork/domain/tasks/task-actions.rules';
import { statusBounds } from '@fieldwork/domain/tasks/task-status.rules';
import { buildSubcontractor } from '@fieldwork/testing/factories';
import type { Session, TestApp } from '../../test-support/test-app.ts';

/** Tests only: instants around now and the day boundaries of a zone, as the server computes them. */
export function timeline(timeZone = 'America/New_York', now = new Date()) {
  const b = statusBounds(now, timeZone);
  const hour = 3_600_000;
  const day = 24 * hour;
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
  return { ...b, now, hour, day, at, shift };
}

/** A work period on a task, as a clock-in/out would leave it. */
export async function addWorkPeriod(
  db: Db,
  tenantId: string,
  task: { id: string; jobId: string },
  start: string,
  end: string | null,
  userId: string | null = null,
): Promise<void> {
  await db
    .insertInto('task_activities')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      task_id: task.id,
      job_id: task.jobId,
      user_id: userId,
      start_time: start,
      end_time: end,
      description: null,
      created_at: start,
    })
    .execute();
}

/** A subcontractor company with a login that speaks for it. */
export async function subcontractorLogin(t: TestApp, tenantId: string): Promise<{ session: Session; subcontractorId: string }> {
  const session = await t.signInAs(tenantId, 'SubContractor');
  const sub = await buildSubcontractor(t.db, tenantId, { userId: session.user.id });
  return { session, subcontractorId: sub.id };
}

export async function taskRow(db: Db, taskId: string) {
  return db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
}

export async function taskLog(db: Db, taskId: string) {
  return db
    .selectFrom('activity_log')
    .select(['action', 'job_id', 'meta', 'message'])
    .where('entity_type', '=', 'TASK')
    .where('entity_id', '=', taskId)
    .orderBy('created_at')
    .execute();
}

/**
 * What the server must answer a task action, from the domain rules: visibility, the rule, then the 403/409
 * split — 403 for who the viewer is (neither the assignee nor full access) before the task's state is looked at.
 */
export function expectedActionStatus(
  viewer: Pick<Viewer, 'userId' | 'role' | 'access'>,
  facts: TaskForRules,
  job: { status: JobStatus },
  action: TaskAction,
): number {
  if (!can(viewer, 'tasks.read')) return 403;
  const field = ['technician', 'tech access', 'subcontractor'].includes(viewer.role.toLowerCase());
  if (field && facts.assignedUserId !== viewer.userId) return 404;
  if (taskActions(viewer, facts, job, new Date(), 'America/New_York')[action].allowed) return 200;
  const full = viewer.role === 'Admin' || (viewer.role === 'Staff' && viewer.access === 'fullAccess');
  if (facts.assignedUserId !== viewer.userId && !full) return 403;
  const anyone = { userId: facts.assignedUserId!, role: 'Admin', access: 'fullAccess' as const };
  return taskActions(anyone, facts, job, new Date(), 'America/New_York')[action].allowed ? 403 : 409;
}

/** A small deterministic generator, so a failure of a randomised test replays. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** A counter table's non-zero rows as the bulk-load rebuild (recountTaskCounts) makes them, in a rolled-back transaction. */
export async function recountedCounters(db: Db, tenantId: string, table: 'task_counts' | 'task_due_counts'): Promise<Record<string, number>> {
  let rebuilt: Record<string, number> = {};
  await db
    .transaction()
    .execute(async (trx) => {
      await recountTaskCounts(trx, tenantId);
      rebuilt = Object.fromEntries(
        (await trx.selectFrom(table).select(['key', 'n']).where('tenant_id', '=', tenantId).execute())
          .filter((r) => Number(r.n) !== 0)
          .map((r) => [r.key, Number(r.n)]),
      );
      throw new Error('rollback');
    })
    .catch(() => undefined);
  return rebuilt;
}
