import pg from 'pg';
import { randomUUID } from 'node:crypto';

export type PostgresTestDatabase = {
  /** As the server connects (role fieldwork: row-level security holds it). */
  url: string;
  /** The same database through the cluster's BYPASSRLS test role: set-up and checks of any company's rows. */
  setupUrl: string;
  drop: () => Promise<void>;
};

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
};

async function onCluster(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A new database on the throwaway cluster of scripts/with-postgres.sh (TEST_DATABASE_URL), or undefined without one. */
export async function createPostgresTestDatabase(prefix = 'fw_test_'): Promise<PostgresTestDatabase | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const bypassUrl = process.env.TEST_DATABASE_BYPASS_URL;
  if (!bypassUrl) throw new Error('TEST_DATABASE_BYPASS_URL is not set: run PostgreSQL tests through scripts/with-postgres.sh');
  const name = prefix + randomUUID().replace(/-/g, '').slice(0, 16);
  await onCluster(url, `create database ${name}`);
  // Dropped through the set-up role: `with (force)` ends every connection to the database, and only a member of
  // a connection's role may end it. The set-up role is a member of the server's role, not the other way round,
  // so a drop by the server's role failed whenever a set-up connection was still closing; and it holds
  // pg_signal_backend (scripts/with-postgres.sh), without which an autovacuum worker on the database fails the drop.
  return {
    url: withDatabase(url, name),
    setupUrl: withDatabase(bypassUrl, name),
    drop: () => onCluster(bypassUrl, `drop database if exists ${name} with (force)`),
  };
}
