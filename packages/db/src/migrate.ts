import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './connection.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-jobs.ts';
import * as m0003 from './migrations/0003-tasks.ts';
import * as m0004 from './migrations/0004-scheduling.ts';
import * as m0005 from './migrations/0005-bids.ts';
import * as m0006 from './migrations/0006-clock.ts';
import * as m0007 from './migrations/0007-idempotency.ts';
import * as m0008 from './migrations/0008-estimates-invoices.ts';
import * as m0009 from './migrations/0009-estimate-deposits.ts';
import * as m0010 from './migrations/0010-costs.ts';
import * as m0011 from './migrations/0011-dashboard.ts';
import * as m0012 from './migrations/0012-receptionist-assets.ts';
import * as m0013 from './migrations/0013-dashboard-reads.ts';
import * as m0014 from './migrations/0014-row-level-security.ts';
import * as m0015 from './migrations/0015-task-hours-lock-order.ts';
import * as m0016 from './migrations/0016-money-lock-order.ts';
import * as m0017 from './migrations/0017-api-token-scopes.ts';
import * as m0018 from './migrations/0018-company-branding.ts';
import * as m0019 from './migrations/0019-job-money-triggers.ts';
import * as m0020 from './migrations/0020-messaging.ts';
import * as m0021 from './migrations/0021-invoice-copies.ts';
import * as m0022 from './migrations/0022-work-queue-tabs.ts';
import * as m0023 from './migrations/0023-customer-portal.ts';
import * as m0024 from './migrations/0024-lead-photos.ts';
import * as m0025 from './migrations/0025-online-payments.ts';
import * as m0026 from './migrations/0026-notifications.ts';
import * as m0027 from './migrations/0027-text-messages.ts';
import * as m0028 from './migrations/0028-visit-links.ts';
import * as m0029 from './migrations/0029-text-preferences.ts';
import * as m0030 from './migrations/0030-service-plans.ts';
import * as m0031 from './migrations/0031-plan-visit-times.ts';
import * as m0032 from './migrations/0032-task-due-counts.ts';

type MigrationModule = { up: (db: Kysely<unknown>, dialect: DialectName) => Promise<void> };

/** Ordered by name; the list is explicit so a bundler or a missing file can never skip one. */
const MIGRATIONS: Record<string, MigrationModule> = {
  '0001-foundation': m0001,
  '0002-jobs': m0002,
  '0003-tasks': m0003,
  '0004-scheduling': m0004,
  '0005-bids': m0005,
  '0006-clock': m0006,
  '0007-idempotency': m0007,
  '0008-estimates-invoices': m0008,
  '0009-estimate-deposits': m0009,
  '0010-costs': m0010,
  '0011-dashboard': m0011,
  '0012-receptionist-assets': m0012,
  '0013-dashboard-reads': m0013,
  '0014-row-level-security': m0014,
  '0015-task-hours-lock-order': m0015,
  '0016-money-lock-order': m0016,
  '0017-api-token-scopes': m0017,
  '0018-company-branding': m0018,
  '0019-job-money-triggers': m0019,
  '0020-messaging': m0020,
  '0021-invoice-copies': m0021,
  '0022-work-queue-tabs': m0022,
  '0023-customer-portal': m0023,
  '0024-lead-photos': m0024,
  '0025-online-payments': m0025,
  '0026-notifications': m0026,
  '0027-text-messages': m0027,
  '0028-visit-links': m0028,
  '0029-text-preferences': m0029,
  '0030-service-plans': m0030,
  '0031-plan-visit-times': m0031,
  '0032-task-due-counts': m0032,
};

class ListProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of Object.entries(MIGRATIONS)) {
      out[name] = { up: (db) => mod.up(db, this.dialect) };
    }
    return out;
  }
}

/** Every migration the code knows, in order (readiness checks that all of them were applied). */
export function migrationNames(): string[] {
  return Object.keys(MIGRATIONS);
}

async function runMigrator(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

const isBusy = (error: unknown) => (error as { code?: string } | null)?.code === 'SQLITE_BUSY';

/**
 * Several processes may start together on one database. PostgreSQL: Kysely's Migrator holds an advisory
 * lock. SQLite: Kysely takes no lock across processes (two of them both ran 0001 and one failed with
 * "table already exists"), so the whole run is one BEGIN IMMEDIATE transaction; the others wait for it
 * (polled) and find nothing left to do. SQLite DDL is transactional, so a failed run
 * leaves no half-applied migration either.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  if (dialect !== 'sqlite') return runMigrator(db, dialect);
  return db.connection().execute(async (conn) => {
    // Polled without busy_timeout: better-sqlite3 waits synchronously, which would also stall a holder of
    // the lock living in this same process.
    const deadline = Date.now() + 10 * 60_000;
    await sql`pragma busy_timeout = 0`.execute(conn);
    try {
      for (;;) {
        try {
          await sql`begin immediate`.execute(conn);
          break;
        } catch (error) {
          if (!isBusy(error) || Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
    } finally {
      await sql`pragma busy_timeout = 5000`.execute(conn);
    }
    try {
      const applied = await runMigrator(conn, dialect);
      await sql`commit`.execute(conn);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw error;
    }
  });
}
