import { startTestSmtpServer, type TestSmtpServer } from '@fieldwork/testing/smtp-test-server';
import { rm } from 'node:fs/promises';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createDb, type Db, type DbHandle } from '@fieldwork/db/connection';
import type { AccessLevel, RoleName } from '@fieldwork/domain/access/roles.rules';
import { buildTenant, buildUser, type BuiltUser } from '@fieldwork/testing/factories';
import { buildApp } from '../app.ts';
import { testConfig, type AppConfig } from '../config.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createPostgresTestDatabase } from './test-database.ts';

export const TEST_PASSWORD = 'test-password-2026';
let passwordHash: Promise<string> | undefined;
export const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

/**
 * A fresh database per test file: in-memory SQLite by default, or a new database on the throwaway
 * PostgreSQL cluster when TEST_DATABASE_URL is set (scripts/with-postgres.sh). On PostgreSQL the app connects
 * as the server does (row-level security holds it); `setup` is the same database through the cluster's
 * BYPASSRLS test role, for factories and assertions that read or write any company's rows.
 */
async function freshDatabase(): Promise<{ handle: DbHandle; setup: DbHandle; drop: () => Promise<void> }> {
  const pgDatabase = await createPostgresTestDatabase();
  if (!pgDatabase) {
    const handle = createDb({ sqliteFile: ':memory:' });
    return { handle, setup: handle, drop: async () => {} };
  }
  const handle = createDb({ databaseUrl: pgDatabase.url, poolSize: 5 });
  const setup = createDb({ databaseUrl: pgDatabase.setupUrl, poolSize: 3 });
  return {
    handle,
    setup,
    drop: async () => {
      await setup.close();
      await pgDatabase.drop();
    },
  };
}

export type Session = { cookie: string; user: BuiltUser };

export type TestApp = {
  app: FastifyInstance;
  /** Set-up and checks: on PostgreSQL through the BYPASSRLS test role (the app itself never bypasses). */
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL: the test database's URL (another app instance can share it); undefined on SQLite. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
  /** A new company with an admin, signed in. */
  newCompany: () => Promise<{ tenantId: string; admin: Session }>;
  /** A user of the given role in the tenant, signed in through the real login route. */
  signInAs: (tenantId: string, role: RoleName, access?: AccessLevel) => Promise<Session>;
  login: (email: string, password?: string) => Promise<LightMyRequestResponse>;
  /** Cookie header from a response's Set-Cookie. */
  cookieFrom: (res: LightMyRequestResponse) => string;
  /** One request through app.inject, signed in when a cookie is given. */
  call: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) => Promise<LightMyRequestResponse>;
};

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const { handle, setup, drop } = await freshDatabase();
  const config = testConfig(overrides);
  const app = await buildApp(config, { dbHandle: handle });
  await app.ready();
  const cookieFrom = (res: LightMyRequestResponse) => {
    const c = res.cookies.find((k) => k.name === 'fw_session');
    if (!c) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
    return `fw_session=${c.value}`;
  };
  const login = (email: string, password = TEST_PASSWORD) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const signInAs = async (tenantId: string, role: RoleName, access?: AccessLevel): Promise<Session> => {
    const user = await buildUser(setup.db, { tenantId, role, ...(access ? { access } : {}), passwordHash: await testPasswordHash() });
    const res = await login(user.email);
    return { cookie: cookieFrom(res), user };
  };
  return {
    app,
    db: setup.db,
    dialect: handle.dialect,
    databaseUrl: handle.databaseUrl,
    cookieFrom,
    login,
    call: (method, url, cookie, payload) => app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) }),
    signInAs,
    newCompany: async () => {
      const tenant = await buildTenant(setup.db);
      return { tenantId: tenant.id, admin: await signInAs(tenant.id, 'Admin', 'fullAccess') };
    },
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      // The media folder testConfig made for this app (photos, PDFs) goes with it; one a test passed in is its own.
      if (!overrides.mediaDir) await rm(config.mediaDir, { recursive: true, force: true });
    },
  };
}

/** Every role/access combination the spec names, for role-matrix tests. */
export const ROLE_CASES: { label: string; role: RoleName; access: AccessLevel }[] = [
  { label: 'Admin', role: 'Admin', access: 'fullAccess' },
  { label: 'Staff fullAccess', role: 'Staff', access: 'fullAccess' },
  { label: 'Staff partialAccess', role: 'Staff', access: 'partialAccess' },
  { label: 'Staff onlyViewAccess', role: 'Staff', access: 'onlyViewAccess' },
  { label: 'Staff noAccess', role: 'Staff', access: 'noAccess' },
  { label: 'Technician', role: 'Technician', access: 'noAccess' },
  { label: 'SubContractor', role: 'SubContractor', access: 'noAccess' },
];

export type MailTestApp = { smtp: TestSmtpServer; t: TestApp; tenantId: string; admin: Session };

/** A test app that delivers its email to a real SMTP server on loopback, and one company with its admin signed in. */
export async function createMailTestApp(overrides: Partial<AppConfig> = {}): Promise<MailTestApp> {
  const smtp = await startTestSmtpServer();
  const t = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'no-reply@fieldwork.test' }, ...overrides });
  return { smtp, t, ...(await t.newCompany()) };
}

export async function closeMailTestApp(m: Partial<Pick<MailTestApp, 'smtp' | 't'>>): Promise<void> {
  await m.t?.close();
  await m.smtp?.close();
}
