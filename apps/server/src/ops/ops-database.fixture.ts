import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest } from '@fieldwork/db/migrate';
import { buildTenant, buildUser } from '@fieldwork/testing/factories';
import { TEST_PASSWORD, testPasswordHash } from '../test-support/test-app.ts';

export type OpsDatabase = {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  /** PostgreSQL only: an empty database of its own on the test cluster. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  drop: () => Promise<void>;
};

/** An empty database for server processes: a new DATA_DIR (SQLite) or a new database on TEST_DATABASE_URL. */
export async function emptyDatabase(): Promise<OpsDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldwork-ops-'));
  const sqliteFile = join(dataDir, 'fieldwork.sqlite');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { dialect: 'sqlite', dataDir, databaseUrl: undefined, sqliteFile, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = 'fw_ops_' + randomUUID().replace(/-/g, '').slice(0, 16);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = '/' + name;
  return {
    dialect: 'postgres',
    dataDir,
    databaseUrl: dbUrl.toString(),
    sqliteFile,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrates the database and adds one company with an admin who signs in with TEST_PASSWORD. */
export async function seedAdmin(target: OpsDatabase): Promise<{ email: string; tenantId: string }> {
  const handle = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const tenant = await buildTenant(handle.db);
    const user = await buildUser(handle.db, { tenantId: tenant.id, role: 'Admin', passwordHash: await testPasswordHash() });
    return { email: user.email, tenantId: tenant.id };
  } finally {
    await handle.close();
  }
}

/** Signs in through the real route of a running process; returns the cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(base + '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
  if (res.status !== 200) throw new Error(`login ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('fw_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

export function newCustomerBody(name: string): object {
  return { name, customerAddress: [{ addressLine1: '1 Main St', fullAddress: '1 Main St, Springfield' }] };
}
