import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '@fieldwork/db/connection';
import { runInScope, sessionScope, withSecret, withTenant } from '@fieldwork/db/tenant-scope';
import { buildCustomer, buildJob } from '@fieldwork/testing/factories';
import { sha256 } from '../lib/crypto.ts';
import { createTestApp, type Session, type TestApp } from '../test-support/test-app.ts';

/**
 * PostgreSQL row-level security (migration 0014), the backstop under the repositories' `tenant_id = ?`:
 * checked through the app's own connection (t.app.db, the role the server runs as), against the test role
 * that bypasses it (t.db). SQLite has no row-level security, so this file runs in the PostgreSQL stage of
 * `npm test`; the SQLite stage proves the same isolation at the API (cross-tenant.test.ts).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('row-level security on PostgreSQL', () => {
  let t: TestApp;
  let a: { tenantId: string; admin: Session };
  let b: { tenantId: string; admin: Session };
  let tenantTables: string[];

  const countAll = async (db: TestApp['db'], table: string) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

  // Every statement the app's connections send, while `fn` runs. Installed before the app opens a connection: the
  // pool's clients keep the query method they were given (prepared-statements.ts wraps it once per client).
  const originalQuery = pg.Client.prototype.query;
  let recording: string[] | null = null;
  const statementsDuring = async (fn: () => Promise<void>): Promise<string[]> => {
    recording = [];
    try {
      await fn();
      return recording;
    } finally {
      recording = null;
    }
  };

  beforeAll(async () => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (recording && text) recording.push(text);
      return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof originalQuery;
    t = await createTestApp();
    a = await t.newCompany();
    b = await t.newCompany();
    for (const company of [a, b]) {
      const customer = await buildCustomer(t.db, company.tenantId);
      await buildJob(t.db, company.tenantId, { customer });
      // Through the API too, so triggers and maintained totals write their rows as the server's role.
      const res = await t.call('POST', '/api/zones', company.admin.cookie, { name: `Zone ${company.tenantId.slice(0, 6)}` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const r = await sql<{ name: string }>`
      select c.table_name as name from information_schema.columns c
      join information_schema.tables x on x.table_schema = c.table_schema and x.table_name = c.table_name and x.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'tenant_id' order by 1`.execute(t.db);
    tenantTables = r.rows.map((x) => x.name);
  });
  afterAll(async () => {
    await t?.close();
    pg.Client.prototype.query = originalQuery;
  });

  it('holds every table with tenant_id: enabled, forced, and a policy on app.tenant_id', async () => {
    expect(tenantTables.length).toBeGreaterThan(40);
    const r = await sql<{ name: string; enabled: boolean; forced: boolean; qual: string | null }>`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        (select string_agg(p.qual, ' ') from pg_policies p where p.schemaname = current_schema() and p.tablename = c.relname and p.policyname = 'tenant_isolation') as qual
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname in (${sql.join(tenantTables)})`.execute(t.db);
    expect(r.rows).toHaveLength(tenantTables.length);
    for (const row of r.rows) {
      expect({ table: row.name, enabled: row.enabled, forced: row.forced }).toEqual({ table: row.name, enabled: true, forced: true });
      expect(row.qual, row.name).toContain("current_setting('app.tenant_id'::text, true)");
    }
  });

  it('runs the server as a role that is neither superuser nor BYPASSRLS, and that owns the tables it is held to', async () => {
    const r = await sql<{ super: boolean; bypass: boolean; owns: number }>`
      select rolsuper as super, rolbypassrls as bypass,
        (select count(*) from pg_tables where schemaname = current_schema() and tableowner = current_user) as owns
      from pg_roles where rolname = current_user`.execute(t.app.db);
    expect(r.rows[0]).toMatchObject({ super: false, bypass: false });
    expect(Number(r.rows[0]!.owns)).toBeGreaterThan(40);
  });

  it('shows nothing of any tenant table to a query without a company set', async () => {
    expect(await countAll(t.db, 'jobs')).toBeGreaterThanOrEqual(2);
    for (const table of tenantTables) expect(await countAll(t.app.db, table), table).toBe(0);
  });

  it("shows a company only its own rows, and refuses to write another company's", async () => {
    for (const table of ['users', 'jobs', 'zones', 'customers', 'sessions']) {
      const own = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where tenant_id = ${a.tenantId}`.execute(t.db)).rows[0]!.n);
      expect(own, table).toBeGreaterThan(0);
      expect(await withTenant(a.tenantId, () => countAll(t.app.db, table)), table).toBe(own);
    }
    const bJob = await t.db.selectFrom('jobs').select(['id', 'name']).where('tenant_id', '=', b.tenantId).executeTakeFirstOrThrow();
    const changed = await withTenant(a.tenantId, () => t.app.db.updateTable('jobs').set({ name: 'Hijacked' }).where('id', '=', bJob.id).executeTakeFirst());
    expect(Number(changed.numUpdatedRows)).toBe(0);
    await expect(
      withTenant(a.tenantId, () =>
        t.app.db
          .insertInto('zones')
          .values({ id: crypto.randomUUID(), tenant_id: b.tenantId, name: 'Planted', created_at: new Date().toISOString() })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    // Moving a row of one's own to the other company is refused the same way (WITH CHECK).
    await expect(
      withTenant(a.tenantId, () => t.app.db.updateTable('zones').set({ tenant_id: b.tenantId }).where('tenant_id', '=', a.tenantId).execute()),
    ).rejects.toThrow(/row-level security/);
    expect((await t.db.selectFrom('jobs').select('name').where('id', '=', bJob.id).executeTakeFirstOrThrow()).name).toBe(bJob.name);
  });

  it('opens the sign-in lookups by their secret alone: one session, one user, nothing else', async () => {
    const session = await t.db.selectFrom('sessions').select(['id', 'tenant_id']).where('tenant_id', '=', a.tenantId).executeTakeFirstOrThrow();
    const seen = await withSecret({ sessionHash: session.id }, () => t.app.db.selectFrom('sessions').select('id').execute());
    expect(seen.map((s) => s.id)).toEqual([session.id]);
    expect(await withSecret({ sessionHash: sha256('not a session') }, () => countAll(t.app.db, 'sessions'))).toBe(0);
    const user = await t.db.selectFrom('users').select(['id', 'email']).where('tenant_id', '=', b.tenantId).executeTakeFirstOrThrow();
    const users = await withSecret({ loginEmail: user.email }, () => t.app.db.selectFrom('users').select('id').execute());
    expect(users.map((u) => u.id)).toEqual([user.id]);
    // A secret opens its row for reading only, and no other table.
    expect(await withSecret({ loginEmail: user.email }, () => countAll(t.app.db, 'jobs'))).toBe(0);
    const renamed = await withSecret({ loginEmail: user.email }, () =>
      t.app.db.updateTable('users').set({ name: 'Hijacked' }).where('id', '=', user.id).executeTakeFirst(),
    );
    expect(Number(renamed.numUpdatedRows)).toBe(0);
  });

  it('finds a session on a connection left open to a company, that session only, and keeps the company open', async () => {
    const session = await t.db.selectFrom('sessions').select(['id', 'tenant_id']).where('tenant_id', '=', a.tenantId).executeTakeFirstOrThrow();
    const zonesOf = async (tenantId: string) =>
      Number(
        (
          await t.db
            .selectFrom('zones')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // One connection, so every statement below runs on the connection the one before it left.
    const one = createDb({ databaseUrl: t.databaseUrl!, poolSize: 1 });
    const settings = () =>
      sql<{ tenant: string; session: string; worker: string }>`
        select current_setting('app.tenant_id', true) as tenant, current_setting('app.session_hash', true) as session,
          current_setting('app.worker', true) as worker`.execute(one.db);
    try {
      expect(await withTenant(b.tenantId, () => countAll(one.db, 'zones'))).toBe(await zonesOf(b.tenantId));
      // Another company's connection: the lookup still sees its own session alone, by the secret.
      const found = await withSecret({ sessionHash: session.id, anyTenant: true }, async () => ({
        rows: await one.db.selectFrom('sessions').select('id').where('id', '=', session.id).execute(),
        scope: (await settings()).rows[0],
      }));
      expect(found.rows.map((r) => r.id)).toEqual([session.id]);
      expect(found.scope).toEqual({ tenant: b.tenantId, session: session.id, worker: '' });
      // Only the company is kept: every other setting is the lookup's own (a worker's claim before it is closed).
      await runInScope({ tenantId: null, worker: 'on' }, () => settings());
      const afterWorker = await withSecret({ sessionHash: session.id, anyTenant: true }, () => settings());
      expect(afterWorker.rows[0]).toEqual({ tenant: '', session: session.id, worker: '' });
      // Everything else still gets exactly its own scope.
      expect(await runInScope(sessionScope(a.tenantId, session.id), () => countAll(one.db, 'zones'))).toBe(await zonesOf(a.tenantId));
      expect((await runInScope(sessionScope(a.tenantId, session.id), () => settings())).rows[0]).toEqual({
        tenant: a.tenantId,
        session: session.id,
        worker: '',
      });
    } finally {
      await one.close();
    }
  });

  it('changes no connection scope for a second request of the same session', async () => {
    expect((await t.call('GET', '/api/user/profile', a.admin.cookie)).statusCode).toBe(200);
    const scopeChanges = await statementsDuring(async () => {
      const again = await t.call('GET', '/api/user/profile', a.admin.cookie);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.user.email).toBe(a.admin.user.email);
    }).then((texts) => texts.filter((text) => text.includes('set_config(')));
    // The session's lookup keeps the company the connection had open, and the request then runs in the scope it
    // left: before, each signed-in request closed the company for the lookup and opened it again (two statements).
    expect(scopeChanges).toEqual([]);
  });

  it('serves each company through the API as before (sign-in, lists, another company 404)', async () => {
    const me = await t.call('GET', '/api/user/profile', a.admin.cookie);
    expect(me.statusCode, me.body).toBe(200);
    const zones = await t.call('GET', '/api/zones/get-all-zones', a.admin.cookie);
    expect(zones.statusCode, zones.body).toBe(200);
    const names = JSON.stringify(zones.json());
    expect(names).toContain(`Zone ${a.tenantId.slice(0, 6)}`);
    expect(names).not.toContain(`Zone ${b.tenantId.slice(0, 6)}`);
    const bJob = await t.db.selectFrom('jobs').select('id').where('tenant_id', '=', b.tenantId).executeTakeFirstOrThrow();
    expect((await t.call('GET', `/api/jobs/${bJob.id}`, a.admin.cookie)).statusCode).toBe(404);
  });
});
