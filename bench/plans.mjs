// `npm run bench:plans` (BENCH_DIALECT=postgres for PostgreSQL): generating service plans' visits at volume.
// BENCH_PLANS (1000,10000) plans, each of its own customer and job, monthly on a weekday at 08:00 with nobody
// assigned (12 visits in 12 months each), are inserted straight into the database; then one real server process
// (bench/lib.mjs startServer, BACKGROUND_POLL_MS=50, default concurrency 4) runs the `plans.generate` job queued
// for each plan — batches of 25 visits, each visit its own transaction with its task number, job count and
// reminder hook — until every visit exists. Reported: seconds, visits per second, and the server's peak resident
// memory (VmHWM of /proc/{pid}/status), which must stay flat as the plans grow. A fresh database and server per
// size. Writes bench/results/plans-<dialect>.md. TypeScript is imported: run with `node --import tsx`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createBenchDatabase, ensurePostgresCluster, openBenchCompany, ROOT, seedBenchDatabase, startServer } from './lib.mjs';

const POLL_MS = 50;
const VISITS_PER_PLAN = 12;

const peakRssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return Number(line.split(/\s+/)[1]) / 1024;
};

async function productModules() {
  const [conn, scope, factories, plans, background] = await Promise.all([
    import('@fieldwork/db/connection'),
    import('@fieldwork/db/tenant-scope'),
    import('../packages/testing/src/plan-factories.ts'),
    import('../apps/server/src/modules/plans/plans.repository.ts'),
    import('../apps/server/src/modules/background/background.service.ts'),
  ]);
  return { ...conn, ...scope, ...factories, ...plans, ...background };
}

const recurrence = (startDate) => ({
  frequency: 'monthly',
  interval: 1,
  weekdays: [],
  monthDay: { kind: 'weekday', ordinal: 2, weekday: 'TU' },
  months: [],
  startDate,
  endDate: null,
  time: '08:00',
  durationMinutes: 60,
  arrivalWindowMinutes: 120,
});

/** `count` plans, each with its customer and job (packages/testing's buildPlan), and their generating jobs queued. */
async function seedPlans(m, db, tenantId, count) {
  const start = new Date().toISOString().slice(0, 10);
  for (let k = 0; k < count; k++) {
    const plan = await m.buildPlan(db, tenantId, { recurrence: recurrence(start) });
    await m.enqueueJob(db, tenantId, 'plans.generate', { planId: plan.id });
  }
}

async function countVisits(db, tenantId) {
  const row = await db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('plan_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function measureSize(m, dialect, plans, log) {
  const database = await createBenchDatabase(dialect);
  try {
    await seedBenchDatabase(database.env, { BENCH_JOBS: '0', BENCH_CUSTOMERS: '1', BENCH_TECHS: '1', BENCH_SUBS: '0' });
    const { handle, tenantId } = await openBenchCompany(m.createDb, database.env);
    try {
      return await m.withTenant(tenantId, async () => {
        const s0 = performance.now();
        await seedPlans(m, handle.db, tenantId, plans);
        log(`plans: ${plans} plans seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
        const expected = plans * VISITS_PER_PLAN;
        const server = await startServer(database.env, { BACKGROUND_POLL_MS: String(POLL_MS) });
        const t0 = performance.now();
        let visits = 0;
        try {
          for (;;) {
            visits = await countVisits(handle.db, tenantId);
            if (visits >= expected || performance.now() - t0 > 60 * 60_000) break;
            await new Promise((r) => setTimeout(r, 500));
          }
          const seconds = (performance.now() - t0) / 1000;
          const peak = peakRssMiB(server.pid);
          const r = { plans, visits, seconds, visitsPerSecond: visits / seconds, peakRssMiB: peak };
          log(
            `plans: ${plans} plans → ${visits} visits in ${seconds.toFixed(1)} s (${r.visitsPerSecond.toFixed(0)}/s); server peak RSS ${peak.toFixed(0)} MiB`,
          );
          return r;
        } finally {
          await server.stop();
        }
      });
    } finally {
      await handle.close();
    }
  } finally {
    await database.cleanup();
  }
}

if (import.meta.filename === process.argv[1]) {
  const dialect = process.env.BENCH_DIALECT ?? 'sqlite';
  if (dialect === 'postgres') ensurePostgresCluster([...process.execArgv, ...process.argv.slice(1)]);
  const sizes = (process.env.BENCH_PLANS ?? '1000,10000').split(',').map(Number);
  const m = await productModules();
  const load0 = loadavg()[0];
  const rows = [];
  for (const plans of sizes) rows.push(await measureSize(m, dialect, plans, (...a) => console.log(`[plans ${dialect}]`, ...a)));
  const md = [
    `# Service plans: 12 months of visits generated (${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'})`,
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')}; one server process (BACKGROUND_POLL_MS=${POLL_MS}, concurrency 4) generating, the counting client on the same machine; load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}.`,
    `Each plan monthly on the second Tuesday at 08:00, nobody assigned: ${VISITS_PER_PLAN} visits each, in batches of 25, each visit its own transaction.`,
    '',
    '| plans | visits | seconds | visits/s | server peak RSS MiB |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.plans.toLocaleString('en-US')} | ${r.visits.toLocaleString('en-US')} | ${r.seconds.toFixed(1)} | ${r.visitsPerSecond.toFixed(0)} | ${r.peakRssMiB.toFixed(0)} |`,
    ),
    '',
  ].join('\n');
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, `bench/results/plans-${dialect}.md`), md);
  console.log('\n' + md);
  process.exit(0);
}
