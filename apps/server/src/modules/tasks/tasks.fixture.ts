import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { statusBounds } from '@fieldwork/domain/task-status';
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
export async function addWorkPeriod(db: Db, tenantId: string, task: { id: string; jobId: string }, start: string, end: string | null, userId: string | null = null): Promise<void> {
  await db
    .insertInto('task_activities')
    .values({ id: randomUUID(), tenant_id: tenantId, task_id: task.id, job_id: task.jobId, user_id: userId, start_time: start, end_time: end, description: null, created_at: start })
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
  return db.selectFrom('activity_log').select(['action', 'job_id', 'meta', 'message']).where('entity_type', '=', 'TASK').where('entity_id', '=', taskId).orderBy('created_at').execute();
}
