import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Read paths of the dashboard measured at 200k jobs (bench/dashboard.mjs). Frozen once shipped.
 *
 * - customer_assets (tenant_id, asset_type, install_date): the asset distribution counts its age bands as
 *   install-date ranges in one pass over this index instead of reading the table.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const statements = [`create index customer_assets_dash_type on customer_assets (tenant_id, asset_type, install_date)`];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
