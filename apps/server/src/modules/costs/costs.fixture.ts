import { randomUUID } from 'node:crypto';
import { buildJob } from '@fieldwork/testing/factories';
import type { Session, TestApp } from '../../test-support/test-app.ts';
import { person, todayTask, vehicleRow, vin } from '../clock/clock.fixture.ts';

let vins = 500;

/** Tests only: a person's hourly labor cost rate, in cents. */
export async function setCostRate(t: TestApp, userId: string, cents: number): Promise<void> {
  await t.db.updateTable('users').set({ cost_rate_cents: cents }).where('id', '=', userId).execute();
}

/**
 * An open job with a technician's task clocked out after one finished work period of 2.5 h: the technician
 * ($30/h) with an assistant ($20/h) in a van ($25/h).
 */
export async function clockedOutTask(t: TestApp, tenantId: string) {
  const job = await buildJob(t.db, tenantId);
  const tech = await person(t, tenantId, 'Technician', 'Tina Tech');
  const helper = await person(t, tenantId, 'Technician', 'Hank Helper');
  await setCostRate(t, tech.user.id, 3000);
  await setCostRate(t, helper.user.id, 2000);
  const van = await vehicleRow(t, tenantId, { vin: vin(vins++), name: 'Van' });
  const task = await todayTask(t, tenantId, job.id, tech.user.id, { lifecycle: 'CLOCKED_OUT' });
  const activityId = randomUUID();
  const end = new Date(Date.now() - 60_000);
  const start = new Date(end.getTime() - 2.5 * 3_600_000);
  await t.db
    .insertInto('task_activities')
    .values({
      id: activityId,
      tenant_id: tenantId,
      task_id: task.id,
      job_id: job.id,
      user_id: tech.user.id,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      description: null,
      created_at: start.toISOString(),
      vehicle_id: van.id,
    })
    .execute();
  await t.db.insertInto('task_activity_assistants').values({ tenant_id: tenantId, activity_id: activityId, user_id: helper.user.id }).execute();
  return { job, tech, helper, van, task, activityId };
}

export const other = (jobId: string, o: object = {}) => ({ costType: 'OTHER', jobId, description: 'Permit fee', amount: 75.25, ...o });

export async function addCost(t: TestApp, s: Session, body: object) {
  const res = await t.call('POST', '/api/cost', s.cookie, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; version: number; amount: number };
}

export async function jobCosts(t: TestApp, jobId: string) {
  return t.db
    .selectFrom('jobs')
    .select(['total_cost_cents', 'cost_count', 'open_balance_cents', 'paid_cents'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
}
