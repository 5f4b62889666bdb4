import { expect } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { dialectOf } from '@fieldwork/db/bulk-insert';

/** Every table with a tenant_id column, read from the database itself, so a new table is in the snapshot without a list to update. */
async function tenantTables(db: Db): Promise<string[]> {
  const r =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string;
        }>`select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'`.execute(db)
      : await sql<{ name: string }>`select m.name from sqlite_master m join pragma_table_info(m.name) c on c.name = 'tenant_id' where m.type = 'table'`.execute(
          db,
        );
  return r.rows.map((x) => x.name).sort();
}

/** Every row of one company, as text: equal before and after means nothing of it was written. */
export async function tenantSnapshot(db: Db, tenantId: string): Promise<string> {
  const tables = await tenantTables(db);
  // The trigger-kept totals and every business table (a guard against an empty list from a wrong query).
  expect(tables).toEqual(
    expect.arrayContaining([
      'jobs',
      'tasks',
      'invoices',
      'dashboard_money_days',
      'dashboard_task_hours',
      'dashboard_customer_jobs',
      'dashboard_job_closes',
      'receptionist_calls',
    ]),
  );
  const parts: unknown[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${tenantId}`.execute(db);
    parts.push([table, rows.rows.map((r) => JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? v.length : v))).sort()]);
  }
  return JSON.stringify(parts);
}
