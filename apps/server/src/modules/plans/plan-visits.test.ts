import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '@fieldwork/db/tenant-scope';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { buildTask } from '@fieldwork/testing/factories';
import { buildPlan } from '@fieldwork/testing/plan-factories';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { generatePlanVisits } from './plan-visits.service.ts';
import { enqueueJob } from '../background/background.service.ts';

/**
 * Visits that appear on their own: a plan's year generated in batches, once, by one process or two at a time,
 * never double-booking its technician and never dropping a visit. The company is in New York.
 */
let t: TestApp;
let tenantId: string;
const NOW = new Date('2026-03-01T17:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  ({ tenantId } = await t.newCompany());
  await t.db.updateTable('tenants').set({ time_zone: 'America/New_York' }).where('id', '=', tenantId).execute();
});
afterAll(async () => {
  await t?.close();
});

const weekly = (over: Partial<Recurrence> = {}): Recurrence => ({
  frequency: 'weekly',
  interval: 1,
  weekdays: ['MO'],
  monthDay: null,
  months: [],
  startDate: '2026-03-01',
  endDate: null,
  time: '08:00',
  durationMinutes: 60,
  arrivalWindowMinutes: 120,
  ...over,
});

/** A plan of a customer of its own with its own job, its visits assigned to `technicianId`. */
const plan = (recurrence: Recurrence, technicianId: string | null) => buildPlan(t.db, tenantId, { recurrence, technicianId });

const generateAll = async (planId: string) => {
  const totals = { created: 0, clashes: 0, existing: 0, calls: 0 };
  for (;;) {
    const r = await withTenant(tenantId, () => generatePlanVisits(t.db, tenantId, planId, NOW));
    totals.created += r.created;
    totals.clashes += r.clashes;
    totals.existing += r.existing;
    totals.calls++;
    if (r.done) return totals;
  }
};

const visitsOf = (planId: string) =>
  t.db
    .selectFrom('tasks')
    .select(['plan_occurrence', 'start_at', 'assigned_user_id', 'plan_attention', 'lifecycle'])
    .where('plan_id', '=', planId)
    .orderBy('start_at')
    .execute();

describe('generating a plan’s visits', () => {
  it('creates the 12 months ahead in batches, at 8:00 local whatever the season, and nothing on a second run', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const p = await plan(weekly(), tech.user.id);
    const first = await generateAll(p.id);
    expect(first).toMatchObject({ created: 52, clashes: 0 });
    expect(first.calls).toBeGreaterThan(2);
    const visits = await visitsOf(p.id);
    expect(visits).toHaveLength(52);
    // Mondays from 2 March 2026 up to the horizon (1 March 2027, not included); 8:00 EST is 13:00 UTC, 8:00 EDT (from 8 March) 12:00 UTC.
    expect(visits[0]).toMatchObject({ plan_occurrence: '2026-03-02', assigned_user_id: tech.user.id, plan_attention: null, lifecycle: 'OPEN' });
    expect(new Date(visits[0]!.start_at!).toISOString()).toBe('2026-03-02T13:00:00.000Z');
    expect(new Date(visits[1]!.start_at!).toISOString()).toBe('2026-03-09T12:00:00.000Z');
    expect(visits.at(-1)!.plan_occurrence).toBe('2027-02-22');
    const job = await t.db.selectFrom('jobs').select('task_count').where('id', '=', p.jobId).executeTakeFirstOrThrow();
    expect(job.task_count).toBe(52);
    expect(await generateAll(p.id)).toMatchObject({ created: 0, clashes: 0 });
    expect(await visitsOf(p.id)).toHaveLength(52);
  });

  it('two processes generating at once create each visit once', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    const p = await plan(weekly({ weekdays: ['TU', 'TH'] }), tech.user.id);
    const [a, b] = await Promise.all([generateAll(p.id), generateAll(p.id)]);
    const visits = await visitsOf(p.id);
    expect(visits).toHaveLength(100);
    expect(new Set(visits.map((v) => v.plan_occurrence)).size).toBe(100);
    expect(a.created + b.created + a.clashes + b.clashes).toBe(100);
  });

  it('a visit whose slot clashes with its technician’s other work is created unassigned, marked for attention', async () => {
    const tech = await t.signInAs(tenantId, 'Technician');
    await buildTask(t.db, tenantId, { technicianId: tech.user.id, startAt: '2026-03-16T12:30:00.000Z', expectedEndAt: '2026-03-16T14:00:00.000Z' });
    const p = await plan(weekly({ endDate: '2026-03-31' }), tech.user.id);
    expect(await generateAll(p.id)).toMatchObject({ created: 4, clashes: 1 });
    const visits = await visitsOf(p.id);
    expect(visits.map((v) => [v.plan_occurrence, v.assigned_user_id, v.plan_attention])).toEqual([
      ['2026-03-02', tech.user.id, null],
      ['2026-03-09', tech.user.id, null],
      ['2026-03-16', null, 'clash'],
      ['2026-03-23', tech.user.id, null],
      ['2026-03-30', tech.user.id, null],
    ]);
  });

  it('holds at most 100 visits ahead, and a paused plan generates nothing', async () => {
    const daily = await plan(weekly({ frequency: 'daily', weekdays: [] }), null);
    expect(await generateAll(daily.id)).toMatchObject({ created: 100 });
    expect(await visitsOf(daily.id)).toHaveLength(100);
    const paused = await plan(weekly(), null);
    await t.db.updateTable('service_plans').set({ status: 'paused' }).where('id', '=', paused.id).execute();
    expect(await generateAll(paused.id)).toMatchObject({ created: 0 });
    expect(await visitsOf(paused.id)).toEqual([]);
  });
});

describe('the generating job', () => {
  it('runs batch after batch through the worker, then comes back tomorrow to extend the horizon', async () => {
    const p = await plan(weekly({ startDate: '2026-11-01', weekdays: ['MO', 'WE', 'FR'] }), null);
    await withTenant(tenantId, () => enqueueJob(t.db, tenantId, 'plans.generate', { planId: p.id }));
    for (let i = 0; i < 10; i++) await t.app.worker.drain();
    expect(await visitsOf(p.id)).toHaveLength(100);
    const next = await t.db
      .selectFrom('background_jobs')
      .select(['dedupe_key', 'run_at'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'plans.generate')
      .where('state', '=', 'queued')
      .execute();
    expect(next).toEqual([{ dedupe_key: expect.stringMatching(new RegExp(`^extend:${p.id}:\\d{4}-\\d{2}-\\d{2}$`)), run_at: expect.anything() }]);
    expect(new Date(next[0]!.run_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});
