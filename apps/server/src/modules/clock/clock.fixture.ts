import { randomUUID } from 'node:crypto';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { buildTask, buildUser, type TaskOverrides } from '@fieldwork/testing/factories';
import { testPasswordHash, type Session, type TestApp } from '../../test-support/test-app.ts';
import { addWorkPeriod, timeline } from '../task-core/tasks.fixture.ts';

/** Tests only: a named user of the company, signed in through the real login route. */
export async function person(t: TestApp, tenantId: string, role: RoleName, name: string, access?: AccessLevel): Promise<Session> {
  const user = await buildUser(t.db, { tenantId, role, name, ...(access ? { access } : {}), passwordHash: await testPasswordHash() });
  return { cookie: t.cookieFrom(await t.login(user.email)), user };
}

/** A task of the technician that starts today and is open now (clock-in allowed for them). */
export function todayTask(t: TestApp, tenantId: string, jobId: string, technicianId: string, o: TaskOverrides = {}) {
  const T = timeline();
  return buildTask(t.db, tenantId, { jobId, technicianId, startAt: T.startOfToday, expectedEndAt: T.at(T.day), ...o });
}

/** A task the technician is clocked in on (running period since `start`), as a clock-in leaves it. */
export async function runningTask(t: TestApp, tenantId: string, jobId: string, technicianId: string, start = new Date(Date.now() - 3_600_000).toISOString()) {
  const task = await todayTask(t, tenantId, jobId, technicianId, { lifecycle: 'CLOCKED_IN' });
  await addWorkPeriod(t.db, tenantId, task, start, null, technicianId);
  const activity = await t.db.selectFrom('task_activities').select('id').where('task_id', '=', task.id).executeTakeFirstOrThrow();
  return { ...task, activityId: activity.id };
}

export async function vehicleRow(t: TestApp, tenantId: string, o: { name?: string; vin: string; isActive?: boolean }) {
  const at = new Date().toISOString();
  const id = randomUUID();
  await t.db
    .insertInto('vehicles')
    .values({
      id,
      tenant_id: tenantId,
      name: o.name ?? `Van ${o.vin.slice(-4)}`,
      vin: o.vin,
      state: 'NY',
      plate: null,
      is_active: o.isActive === false ? 0 : 1,
      hourly_cost_cents: 2500,
      mile_cost_cents: 65,
      created_by: null,
      created_at: at,
      updated_at: at,
      version: 1,
    })
    .execute();
  return { id, name: o.name ?? `Van ${o.vin.slice(-4)}` };
}

/** A valid VIN, distinct per n. */
export const vin = (n: number) => `1HGCM82633A${String(n).padStart(6, '0')}`;
