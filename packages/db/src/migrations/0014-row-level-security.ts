import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * PostgreSQL row-level security as the backstop of tenant isolation. Frozen once shipped.
 *
 * Every table with a tenant_id column gets ENABLE and FORCE (FORCE: the table owner — the role the server
 * runs as — is held by the policies too) and one policy: a row is visible and writable only while
 * app.tenant_id (set per connection from packages/db/src/tenant-scope.ts) names its company; with nothing set,
 * nothing is visible. Four lookups come before any company is known, each opened only by its own secret:
 * a session by the hash of its cookie, an API token by its hash, a user by the email typed at sign-in, an
 * invitation by its token's hash. `tenants` has no tenant_id and stays readable (the first-run check counts it;
 * it is only ever read by id). Tables added later need the same lines in their own migration:
 * row-level-security.test.ts fails for a tenant table without them. SQLite has no row-level security.
 *
 * A later migration that rewrites rows of many companies must open them itself (the server's role does not
 * bypass these policies): e.g. `alter table … no force row level security` around the statement, as owner.
 */
const TENANT = `NULLIF(current_setting('app.tenant_id', true), '')`;
const SECRET_POLICIES: Record<string, string> = {
  sessions: `id = NULLIF(current_setting('app.session_hash', true), '')`,
  api_tokens: `token_hash = NULLIF(current_setting('app.token_hash', true), '')`,
  users: `email = NULLIF(current_setting('app.login_email', true), '')`,
  invitations: `token_hash = NULLIF(current_setting('app.invitation_hash', true), '')`,
};

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{ name: string }>`
    select c.table_name as name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'tenant_id' order by 1`.execute(db);
  for (const { name } of rows) {
    const table = sql.id(name);
    await sql`alter table ${table} enable row level security`.execute(db);
    await sql`alter table ${table} force row level security`.execute(db);
    await sql`create policy tenant_isolation on ${table} using (tenant_id = ${sql.raw(TENANT)}) with check (tenant_id = ${sql.raw(TENANT)})`.execute(db);
    const secret = SECRET_POLICIES[name];
    if (secret) await sql`create policy secret_lookup on ${table} for select using (${sql.raw(secret)})`.execute(db);
  }
}
