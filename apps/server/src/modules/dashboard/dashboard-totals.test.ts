import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DASHBOARD_TOTAL_TABLES, rebuildDashboardTotals } from '@fieldwork/db/dashboard-totals';
import { buildCustomer, buildJob, buildTag, buildTask, buildTenant, buildUser, buildZone } from '@fieldwork/testing/factories';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertCost, insertInvoice, insertJobStatusChange, insertPayment } from './dashboard.fixture.ts';

/** The trigger-kept totals of migrations 0011 and 0013 equal a rebuild from the records after inserts, updates and deletes. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function snapshot(tenantId: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const table of DASHBOARD_TOTAL_TABLES) {
    const live = table === 'dashboard_job_closes' || table === 'dashboard_invoice_links' ? sql`true` : sql`n <> 0`;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenantId} and ${live}`.execute(t.db);
    out.push(rows.map((r) => JSON.stringify(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]))).sort());
  }
  return out;
}

describe('dashboard totals triggers', () => {
  it('follow every write and match a rebuild', async () => {
    const { id } = await buildTenant(t.db, { timeZone: 'Asia/Kolkata' });
    const c1 = await buildCustomer(t.db, id);
    const c2 = await buildCustomer(t.db, id);
    const j1 = await buildJob(t.db, id, { customer: c1 });
    const j2 = await buildJob(t.db, id, { customer: c1 });
    await buildJob(t.db, id, { customer: c2 });
    const inv = await insertInvoice(t.db, id, { customerId: c1.id, jobId: j1.id, status: 'DRAFT', invoiceDate: '2026-03-01', total: 1_000, subtotal: 900 });
    const inv2 = await insertInvoice(t.db, id, { customerId: c1.id, jobId: j1.id, status: 'SENT', invoiceDate: '2026-03-02', total: 2_000 });
    await insertInvoice(t.db, id, { customerId: c1.id, jobId: j1.id, status: 'SENT', invoiceDate: null, total: 3_000 });
    await t.db.updateTable('invoices').set({ status: 'SENT' }).where('id', '=', inv).execute();
    await t.db.updateTable('invoices').set({ invoice_date: '2026-03-05', total_cents: 1_500 }).where('id', '=', inv).execute();
    await t.db.updateTable('invoices').set({ status: 'VOID' }).where('id', '=', inv2).execute();
    await insertPayment(t.db, id, inv, 500, '2026-03-06');
    await insertPayment(t.db, id, inv, 700, '2026-03-07');
    await t.db.deleteFrom('invoice_payments').where('invoice_id', '=', inv).where('amount_cents', '=', 700).execute();
    await insertCost(t.db, id, { jobId: j1.id, amount: 400, date: '2026-03-01' });
    await t.db.updateTable('costs').set({ cost_date: '2026-03-09', amount_cents: 450 }).where('tenant_id', '=', id).execute();
    const task = await buildTask(t.db, id, { jobId: j2.id, startAt: '2026-03-01T10:15:00.000Z' });
    await buildTask(t.db, id, { jobId: j2.id, startAt: null });
    await t.db.updateTable('tasks').set({ lifecycle: 'CLOSED' }).where('id', '=', task.id).execute();
    await t.db.updateTable('tasks').set({ start_at: '2026-03-02T23:59:00.000Z' }).where('id', '=', task.id).execute();
    await t.db.updateTable('jobs').set({ customer_id: c2.id }).where('id', '=', j2.id).execute();
    // Status moves as the jobs module writes them: status and updated_at together, with the activity row.
    const move = async (jobId: string, from: string, to: string, at: string) => {
      await t.db.updateTable('jobs').set({ status: to, updated_at: at }).where('id', '=', jobId).execute();
      await insertJobStatusChange(t.db, id, jobId, from, to, at);
    };
    await move(j1.id, 'OPEN', 'CLOSED', '2026-03-20T00:00:00.000Z');
    await move(j2.id, 'OPEN', 'CLOSED', '2026-03-21T00:00:00.000Z');
    await move(j2.id, 'CLOSED', 'OPEN', '2026-03-22T00:00:00.000Z');
    await t.db.updateTable('jobs').set({ status: 'CLOSED', updated_at: '2026-03-30T00:00:00.000Z' }).where('id', '=', j1.id).execute(); // same status: no move

    // Zones and tags of the jobs, added before and after their invoices, moved and removed.
    const [z1, z2] = [await buildZone(t.db, id), await buildZone(t.db, id)];
    const tag = await buildTag(t.db, id);
    const link = (table: 'job_zones' | 'job_tags', jobId: string, linkId: string) =>
      table === 'job_zones'
        ? t.db.insertInto('job_zones').values({ tenant_id: id, job_id: jobId, zone_id: linkId, status: 'ACTIVE' }).execute()
        : t.db.insertInto('job_tags').values({ tenant_id: id, job_id: jobId, tag_id: linkId, status: 'ACTIVE' }).execute();
    await link('job_zones', j1.id, z1.id);
    await link('job_zones', j1.id, z2.id);
    await link('job_tags', j1.id, tag.id);
    await link('job_zones', j2.id, z1.id);
    const inv3 = await insertInvoice(t.db, id, { customerId: c1.id, jobId: j2.id, status: 'SENT', invoiceDate: '2026-03-10', total: 4_000 });
    await insertInvoice(t.db, id, { customerId: c1.id, jobId: j2.id, status: 'PAID', invoiceDate: '2026-03-11', total: 5_000 });
    await t.db.deleteFrom('job_zones').where('job_id', '=', j1.id).where('zone_id', '=', z2.id).execute();
    await t.db.updateTable('invoices').set({ job_id: j1.id, total_cents: 4_100 }).where('id', '=', inv3).execute();
    await t.db.updateTable('invoices').set({ status: 'VOID' }).where('id', '=', inv).execute();
    await t.db.updateTable('invoices').set({ status: 'SENT' }).where('id', '=', inv).execute();

    const kept = await snapshot(id);
    // inv (j1: z1, tag) and inv3 moved to j1 (z1, tag); the PAID one on j2 (z1); inv2 VOID, the undated one not kept.
    expect(kept[4]).toHaveLength(5);
    expect(kept[0]).toHaveLength(5); // invoiced 2026-03-05, -10 and -11, collected 2026-03-06, job_cost 2026-03-09
    expect(kept[1]).toEqual([
      JSON.stringify([
        ['tenant_id', id],
        ['lifecycle', 'CLOSED'],
        ['hour', '2026-03-02T23'],
        ['n', 1],
      ]),
    ]);
    expect(kept[2]).toHaveLength(2);
    expect(kept[3]).toHaveLength(1);
    expect(String(kept[3])).toContain('2026-03-20');
    await t.db.transaction().execute((trx) => rebuildDashboardTotals(trx, id));
    expect(await snapshot(id)).toEqual(kept);
  });

  /** 30 rounds: half the rows move a→b and the other half b→a, all at once (before the lock-order fixes: "deadlock detected"). */
  async function swapAtOnce(count: number, move: (i: number, round: number) => Promise<unknown>): Promise<string[]> {
    const failures: string[] = [];
    for (let round = 1; round <= 30; round++) {
      await Promise.all(Array.from({ length: count }, (_, i) => move(i, round).catch((e: Error) => void failures.push(e.message))));
    }
    return failures;
  }

  it('keeps count while tasks swap hours at the same moment (no deadlock: migration 0015 locks in key order)', async () => {
    const { id } = await buildTenant(t.db);
    const hours = ['2026-12-01T03:00:00.000Z', '2026-12-01T04:00:00.000Z'];
    const tasks: { id: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const tech = await buildUser(t.db, { tenantId: id, role: 'Technician', passwordHash: 'unused' });
      tasks.push(await buildTask(t.db, id, { technicianId: tech.id, startAt: hours[i % 2]! }));
    }
    const failures = await swapAtOnce(tasks.length, (i, round) =>
      t.db
        .updateTable('tasks')
        .set({ start_at: hours[(i + round) % 2]! })
        .where('id', '=', tasks[i]!.id)
        .execute(),
    );
    expect(failures).toEqual([]);
    const kept = await snapshot(id);
    expect(kept[1]).toHaveLength(2);
    await t.db.transaction().execute((trx) => rebuildDashboardTotals(trx, id));
    expect(await snapshot(id)).toEqual(kept);
  });

  it('keeps count while invoices, payments and costs swap days and jobs swap customers at once (migration 0016)', async () => {
    const { id } = await buildTenant(t.db);
    const days = ['2026-12-01', '2026-12-02'];
    const customers = [await buildCustomer(t.db, id), await buildCustomer(t.db, id)];
    const jobs: { id: string }[] = [];
    for (let i = 0; i < 8; i++) jobs.push(await buildJob(t.db, id, { customer: customers[i % 2]! }));
    const invoices: string[] = [];
    for (let i = 0; i < 8; i++)
      invoices.push(
        await insertInvoice(t.db, id, { customerId: customers[0]!.id, jobId: jobs[i]!.id, status: 'SENT', invoiceDate: days[i % 2]!, total: 1_000 + i }),
      );
    for (let i = 0; i < 8; i++) await insertPayment(t.db, id, invoices[i]!, 100 + i, days[i % 2]!);
    for (let i = 0; i < 8; i++) await insertCost(t.db, id, { jobId: jobs[i]!.id, amount: 10 + i, date: days[i % 2]! });
    const flip = (i: number, round: number) => (i + round) % 2;
    const failures = await swapAtOnce(32, (k, round) => {
      const i = k % 8;
      const day = days[flip(i, round)]!;
      if (k < 8) return t.db.updateTable('invoices').set({ invoice_date: day }).where('id', '=', invoices[i]!).execute();
      if (k < 16) return t.db.updateTable('invoice_payments').set({ paid_on: day }).where('invoice_id', '=', invoices[i]!).execute();
      if (k < 24) return t.db.updateTable('costs').set({ cost_date: day }).where('job_id', '=', jobs[i]!.id).execute();
      return t.db
        .updateTable('jobs')
        .set({ customer_id: customers[flip(i, round)]!.id })
        .where('id', '=', jobs[i]!.id)
        .execute();
    });
    expect(failures).toEqual([]);
    const kept = await snapshot(id);
    expect(kept[0]).toHaveLength(6); // invoiced, collected and job_cost on both days
    expect(kept[2]).toHaveLength(2);
    await t.db.transaction().execute((trx) => rebuildDashboardTotals(trx, id));
    expect(await snapshot(id)).toEqual(kept);
  });
});
