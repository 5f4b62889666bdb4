import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { costAmountCents, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import { seedDemo, type DemoSeed } from './demo-data.ts';

let handle: DbHandle;
let seed: DemoSeed;
beforeAll(async () => {
  handle = createDb({ sqliteFile: ':memory:' });
  await migrateToLatest(handle.db, handle.dialect);
  seed = await seedDemo(handle.db, { hashPassword: async () => 'not-a-real-hash' }, { now: new Date('2026-06-15T15:00:00Z') });
}, 120_000);
afterAll(async () => handle.close());

describe('demo costs', () => {
  it('gives every closed job labor, material and vehicle costs, with stored totals equal to its costs', async () => {
    const db = handle.db;
    const tenantId = seed.demo.tenantId;
    const closed = await db
      .selectFrom('jobs')
      .select(['id', 'total_cost_cents', 'cost_count'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'CLOSED')
      .execute();
    expect(closed.length).toBeGreaterThan(0);
    for (const job of closed) {
      const costs = await db
        .selectFrom('costs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('job_id', '=', job.id)
        .where('cost_for', '=', 'JOB')
        .execute();
      const types = new Set(costs.map((c) => c.cost_type));
      expect([...types].sort(), job.id).toEqual(expect.arrayContaining(['LABOR', 'MATERIAL', 'VEHICLE']));
      expect(Number(job.cost_count)).toBe(costs.length);
      expect(Number(job.total_cost_cents)).toBe(costs.reduce((s, c) => s + Number(c.amount_cents), 0));
      for (const c of costs) {
        const again = costAmountCents({
          costType: c.cost_type as CostType,
          quantityMilli: c.quantity_milli,
          rateCents: c.rate_cents,
          milesMilli: c.miles_milli,
          mileRateCents: c.mile_rate_cents,
          amountCents: c.amount_cents,
        });
        expect(again).toEqual({ ok: true, cents: Number(c.amount_cents) });
        expect(Number(c.amount_cents)).toBeGreaterThan(0);
      }
    }
    const open = await db
      .selectFrom('jobs')
      .select(['id'])
      .where('tenant_id', '=', tenantId)
      .where('status', '<>', 'CLOSED')
      .where('cost_count', '>', 0)
      .execute();
    expect(open).toEqual([]);
  });

  it("costs each closed job's work periods once per worker, assistant and vehicle", async () => {
    const db = handle.db;
    const tenantId = seed.demo.tenantId;
    const fromClock = await db
      .selectFrom('costs')
      .select(['activity_id', 'cost_type', 'user_id', 'vehicle_id'])
      .where('tenant_id', '=', tenantId)
      .where('activity_id', 'is not', null)
      .execute();
    expect(fromClock.length).toBeGreaterThan(0);
    const keys = fromClock.map((c) => `${c.activity_id}:${c.cost_type}:${c.user_id ?? c.vehicle_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const rated = await db.selectFrom('users').select('cost_rate_cents').where('tenant_id', '=', tenantId).where('role', '=', 'Technician').execute();
    for (const u of rated) expect(Number(u.cost_rate_cents)).toBeGreaterThan(0);
  });

  it('gives approved estimates estimated costs that feed their margin column', async () => {
    const db = handle.db;
    const tenantId = seed.demo.tenantId;
    const withCosts = await db
      .selectFrom('estimates')
      .select(['id', 'status', 'estimated_cost_cents', 'sub_total_cents'])
      .where('tenant_id', '=', tenantId)
      .where('estimated_cost_cents', '>', 0)
      .execute();
    expect(withCosts.length).toBeGreaterThan(0);
    for (const e of withCosts) {
      expect(['APPROVED', 'PAID']).toContain(e.status);
      const sum = await db
        .selectFrom('costs')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('s'))
        .where('estimate_id', '=', e.id)
        .where('cost_for', '=', 'ESTIMATE')
        .executeTakeFirstOrThrow();
      expect(Number(sum.s)).toBe(Number(e.estimated_cost_cents));
      // Budgeted near 60% of the subtotal: a margin a contractor would recognise.
      expect(Number(e.estimated_cost_cents) / Number(e.sub_total_cents)).toBeGreaterThan(0.4);
      expect(Number(e.estimated_cost_cents) / Number(e.sub_total_cents)).toBeLessThan(0.8);
    }
    expect(await db.selectFrom('costs').select('id').where('tenant_id', '=', seed.rival.tenantId).execute()).toEqual([]);
  });
});
