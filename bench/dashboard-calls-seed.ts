// Adds the AI receptionist's call log and site equipment to the company bench/seed.ts made ("Bench Co"), for
// the dashboard's ai-receptionist-metrics and asset-distribution: BENCH_CALLS calls (default 150,000) over
// the last 365 days (~410 a day, every outcome, 8 AM–8 PM in the company's zone), and BENCH_ASSETS pieces of
// equipment (default 100,000) at the customers' site addresses, installed up to 25 years ago (6 % without a
// date). Bulk multi-row INSERTs with the tables' secondary indexes off meanwhile.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { insertRows, withoutIndexesAndTriggers } from '@fieldwork/db/bulk-insert';
import { createDb } from '@fieldwork/db/connection';
import { ASSET_TYPES } from '@fieldwork/domain/customers/assets.schemas';
import { addDays, instantAt, todayKey } from '@fieldwork/domain/time/calendar-time.rules';
import { callDurationSeconds, CALL_OUTCOMES } from '@fieldwork/domain/ai/receptionist.schemas';

const CALLS = Number(process.env.BENCH_CALLS ?? 150_000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const BATCH = 10_000;
const handle = createDb({
  databaseUrl: process.env.BENCH_SEED_DATABASE_URL || process.env.DATABASE_URL,
  sqliteFile: join(process.env.DATA_DIR ?? './data', 'fieldwork.sqlite'),
});
const db = handle.db;
const t0 = Date.now();

const tenant = await db.selectFrom('tenants').select(['id', 'time_zone']).where('name', '=', 'Bench Co').executeTakeFirstOrThrow();
const addresses = await db.selectFrom('customer_addresses').select(['id', 'customer_id']).where('tenant_id', '=', tenant.id).execute();
if (!addresses.length) throw new Error('Bench Co has no customer addresses: run bench/seed.ts first');
const today = todayKey(tenant.time_zone);
// A fixed spread of outcomes (booked most, spam least), cycled so every day has each.
const OUTCOME_CYCLE = [...CALL_OUTCOMES.flatMap((o, i) => Array<string>([6, 3, 5, 2, 1][i] ?? 1).fill(o))];

const callColumns = [
  'id',
  'tenant_id',
  'external_call_id',
  'caller_name',
  'caller_number',
  'started_at',
  'ended_at',
  'duration_seconds',
  'outcome',
  'summary',
  'lead_id',
  'job_id',
  'created_by',
  'created_at',
] as const;
const assetColumns = [
  'id',
  'tenant_id',
  'customer_id',
  'address_id',
  'asset_type',
  'make',
  'model',
  'serial',
  'install_date',
  'notes',
  'created_by',
  'created_at',
  'updated_at',
  'version',
] as const;

await withoutIndexesAndTriggers(db, ['receptionist_calls', 'customer_assets'], async () => {
  await db.transaction().execute(async (trx) => {
    let rows: Record<string, unknown>[] = [];
    for (let i = 0; i < CALLS; i++) {
      const day = addDays(today, -(i % 365));
      const minute = 8 * 60 + ((i * 37) % (12 * 60));
      const start = new Date(instantAt(day, minute, tenant.time_zone)).toISOString();
      const end = new Date(Date.parse(start) + (30 + ((i * 53) % 600)) * 1000).toISOString();
      rows.push({
        id: randomUUID(),
        tenant_id: tenant.id,
        external_call_id: `bench-call-${i}`,
        caller_name: `Caller ${i}`,
        caller_number: `+1555${String(i).padStart(7, '0')}`,
        started_at: start,
        ended_at: end,
        duration_seconds: callDurationSeconds(start, end),
        outcome: OUTCOME_CYCLE[i % OUTCOME_CYCLE.length],
        summary: null,
        lead_id: null,
        job_id: null,
        created_by: null,
        created_at: end,
      });
      if (rows.length >= BATCH) await insertRows(trx, 'receptionist_calls', callColumns, rows.splice(0));
    }
    await insertRows(trx, 'receptionist_calls', callColumns, rows.splice(0));
    const createdAt = new Date().toISOString();
    for (let i = 0; i < ASSETS; i++) {
      const address = addresses[i % addresses.length]!;
      rows.push({
        id: randomUUID(),
        tenant_id: tenant.id,
        customer_id: address.customer_id,
        address_id: address.id,
        asset_type: ASSET_TYPES[i % ASSET_TYPES.length],
        make: 'Bench',
        model: `M-${i % 97}`,
        serial: `SN${i}`,
        install_date: i % 16 === 0 ? null : addDays(today, -((i * 7919) % (25 * 365))),
        notes: null,
        created_by: null,
        created_at: createdAt,
        updated_at: createdAt,
        version: 1,
      });
      if (rows.length >= BATCH) await insertRows(trx, 'customer_assets', assetColumns, rows.splice(0));
    }
    await insertRows(trx, 'customer_assets', assetColumns, rows);
    rows = [];
  });
});
if (handle.dialect === 'sqlite') await sql.raw('analyze').execute(db);
else await sql.raw('vacuum analyze receptionist_calls, customer_assets').execute(db);
await handle.close();
console.log(
  `calls and equipment: ${CALLS.toLocaleString('en-US')} calls, ${ASSETS.toLocaleString('en-US')} assets in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
