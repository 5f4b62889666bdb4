// Seeds a large company for benchmarks into the database given by DATABASE_URL or DATA_DIR.
// BENCH_CUSTOMERS, BENCH_JOBS (+ BENCH_JOB_DAYS: days the jobs' creation dates cycle over), BENCH_TASKS,
// BENCH_TECHS and BENCH_SUBS size it; BENCH_TASK_LOG=1 adds a TASK_CREATED activity row per task (the list never
// reads them; about a third more seeding time).
import { sql } from 'kysely';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { seedCompany } from '@fieldwork/testing/demo-data';
import { seedJobs } from '@fieldwork/testing/demo-jobs';
import { seedTasks } from '@fieldwork/testing/demo-tasks';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { join } from 'node:path';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const customers = env('BENCH_CUSTOMERS', 2000);
const jobs = env('BENCH_JOBS', 0);
const tasks = env('BENCH_TASKS', 0);
const technicians = env('BENCH_TECHS', 50);
const handle = createDb({
  databaseUrl: process.env.BENCH_SEED_DATABASE_URL || process.env.DATABASE_URL,
  sqliteFile: join(process.env.DATA_DIR ?? './data', 'fieldwork.sqlite'),
});
// The tables belong to the role the server runs as: migrate as DATABASE_URL, then seed through the BYPASSRLS role.
if (process.env.BENCH_SEED_DATABASE_URL) {
  const owner = createDb({ databaseUrl: process.env.DATABASE_URL });
  await migrateToLatest(owner.db, owner.dialect);
  await owner.close();
}
await migrateToLatest(handle.db, handle.dialect);
const seconds = (t0: number) => ((Date.now() - t0) / 1000).toFixed(1);
if (handle.dialect === 'sqlite' && tasks > 0) {
  // Bulk load: the rollback journal in memory (better-sqlite3's defensive mode refuses OFF) and no syncs — a crash
  // loses only this throwaway database — and a 1 GiB page cache so the indexes stay in memory. WAL again at the end.
  for (const pragma of ['journal_mode = MEMORY', 'synchronous = OFF', 'cache_size = -1048576', 'temp_store = MEMORY'])
    await sql.raw(`pragma ${pragma}`).execute(handle.db);
}
const passwordHash = await hashPassword('bench-pass-2026');
const users = [{ email: 'bench-admin@bench.test', name: 'Bench Admin', role: 'Admin' as const, access: 'fullAccess' as const }];
for (let i = 0; i < technicians; i++) users.push({ email: `tech${i}@bench.test`, name: `Tech ${i}`, role: 'Technician' as any, access: 'noAccess' as any });
const bench = await seedCompany(handle.db, {
  name: 'Bench Co',
  timeZone: 'America/New_York',
  users,
  customers,
  zones: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
  serviceTags: ['HVAC', 'Plumbing', 'Electrical', 'Roofing', 'Solar', 'Doors'],
  accountTags: ['VIP', 'Commercial'],
  subcontractors: Array.from({ length: env('BENCH_SUBS', 20) }, (_, i) => ({ name: `Sub ${i}`, kind: 'COMPANY' as const, contactName: null })),
  passwordHash,
});
if (jobs > 0) {
  const t0 = Date.now();
  await seedJobs(handle.db, bench, { jobs, rich: false, money: true, batch: 1000, days: env('BENCH_JOB_DAYS', 180) });
  console.log(`seeded ${jobs} jobs in ${seconds(t0)} s`);
}
if (tasks > 0) {
  const t0 = Date.now();
  const seeded = await seedTasks(handle.db, bench, { tasks, rich: false, batch: 10_000, bulkLoad: true, log: process.env.BENCH_TASK_LOG === '1' });
  console.log(`seeded ${seeded.count} tasks (#${seeded.firstNumber}–#${seeded.lastNumber}) in ${seconds(t0)} s`);
}
// A second company so every query has another tenant's rows to skip.
const other = await seedCompany(handle.db, {
  name: 'Other Co',
  timeZone: 'UTC',
  users: [{ email: 'other@bench.test', name: 'Other', role: 'Admin', access: 'fullAccess' }],
  customers,
  zones: ['Z'],
  serviceTags: ['X'],
  accountTags: ['Y'],
  subcontractors: [],
  passwordHash,
});
if (tasks > 0) {
  await seedJobs(handle.db, other, { jobs: 100, rich: false, batch: 1000 });
  await seedTasks(handle.db, other, { tasks: 1000, rich: false });
}
if (handle.dialect === 'sqlite' && tasks > 0) {
  const t0 = Date.now();
  await sql.raw('analyze').execute(handle.db);
  await sql.raw('pragma journal_mode = WAL').execute(handle.db);
  console.log(`analyzed in ${seconds(t0)} s`);
}
await handle.close();
console.log(`seeded ${customers} customers per company on ${handle.dialect}`);
