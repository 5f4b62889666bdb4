// Seeds a large company for benchmarks into the database given by DATABASE_URL or DATA_DIR.
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { seedCompany } from '@fieldwork/testing/demo-data';
import { seedJobs } from '@fieldwork/testing/demo-jobs';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { join } from 'node:path';

const customers = Number(process.env.BENCH_CUSTOMERS ?? 2000);
const jobs = Number(process.env.BENCH_JOBS ?? 0);
const handle = createDb({ databaseUrl: process.env.DATABASE_URL, sqliteFile: join(process.env.DATA_DIR ?? './data', 'fieldwork.sqlite') });
await migrateToLatest(handle.db, handle.dialect);
const passwordHash = await hashPassword('bench-pass-2026');
const users = [{ email: 'bench-admin@bench.test', name: 'Bench Admin', role: 'Admin' as const, access: 'fullAccess' as const }];
for (let i = 0; i < 50; i++) users.push({ email: `tech${i}@bench.test`, name: `Tech ${i}`, role: 'Technician' as any, access: 'noAccess' as any });
const bench = await seedCompany(handle.db, {
  name: 'Bench Co', timeZone: 'America/New_York', users, customers,
  zones: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'], serviceTags: ['HVAC', 'Plumbing', 'Electrical', 'Roofing', 'Solar', 'Doors'], accountTags: ['VIP', 'Commercial'],
  subcontractors: Array.from({ length: 20 }, (_, i) => ({ name: `Sub ${i}`, kind: 'COMPANY' as const, contactName: null })),
  passwordHash,
});
if (jobs > 0) {
  const t0 = Date.now();
  await seedJobs(handle.db, bench, { jobs, rich: false, money: true, batch: 1000 });
  console.log(`seeded ${jobs} jobs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
// A second company so every query has another tenant's rows to skip.
await seedCompany(handle.db, {
  name: 'Other Co', timeZone: 'UTC', users: [{ email: 'other@bench.test', name: 'Other', role: 'Admin', access: 'fullAccess' }], customers,
  zones: ['Z'], serviceTags: ['X'], accountTags: ['Y'], subcontractors: [], passwordHash,
});
await handle.close();
console.log(`seeded ${customers} customers per company on ${handle.dialect}`);
