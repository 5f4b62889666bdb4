import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { buildTenant, buildUser } from '@fieldwork/testing/factories';
import { TEST_PASSWORD, testPasswordHash } from '../test-support/test-app.ts';
import { createPostgresTestDatabase } from '../test-support/test-database.ts';

export type OpsDatabase = {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** PostgreSQL only: an empty database of its own on the test cluster, as the server connects. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: the same database through the BYPASSRLS test role (set-up and checks). */
  setupUrl: string | undefined;
  sqliteFile: string;
  drop: () => Promise<void>;
};

/** An empty database for server processes: a new DATA_DIR (SQLite) or a new database on TEST_DATABASE_URL. */
export async function emptyDatabase(): Promise<OpsDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-ops-'));
  const sqliteFile = join(dataDir, 'fieldwork.sqlite');
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  const pgDatabase = await createPostgresTestDatabase('fw_ops_');
  if (!pgDatabase) return { dialect: 'sqlite', dataDir, databaseUrl: undefined, setupUrl: undefined, sqliteFile, drop: removeDir };
  return {
    dialect: 'postgres',
    dataDir,
    databaseUrl: pgDatabase.url,
    setupUrl: pgDatabase.setupUrl,
    sqliteFile,
    drop: async () => {
      await pgDatabase.drop();
      await removeDir();
    },
  };
}

/** Migrates the database (as the server's role, which owns the tables) and adds one company with an admin who signs in with TEST_PASSWORD. */
export async function seedAdmin(target: OpsDatabase): Promise<{ email: string; tenantId: string }> {
  const owner = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
  try {
    await migrateToLatest(owner.db, owner.dialect);
  } finally {
    await owner.close();
  }
  const handle = createDb({ databaseUrl: target.setupUrl, sqliteFile: target.sqliteFile });
  try {
    const tenant = await buildTenant(handle.db);
    const user = await buildUser(handle.db, { tenantId: tenant.id, role: 'Admin', passwordHash: await testPasswordHash() });
    return { email: user.email, tenantId: tenant.id };
  } finally {
    await handle.close();
  }
}

/** Signs in through the real route of a running process; returns the cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(base + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fw_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export function newCustomerBody(name: string): object {
  return { name, customerAddress: [{ addressLine1: '1 Main St', fullAddress: '1 Main St, Springfield' }] };
}
