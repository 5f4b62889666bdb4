import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { portalSlug } from '@fieldwork/domain/portal/portal.rules';

/**
 * The customer portal. Frozen once shipped.
 *
 * - portal_links: a personal link to one customer's document (or, with no document, to their hub: a sign-in
 *   link asked for on the company's portal page), for one recipient address, stored only as the hash of its
 *   token, with an expiry; revoked by the office, or replaced when the document is emailed to that address again.
 * - portal_sessions: a customer signed in by a link — one customer of one company, found by the hash of its
 *   cookie; held to the one document (only_estimate_id / only_invoice_id) when the link was emailed to an address
 *   that is not the customer's. A separate table from staff sessions, so no lookup can turn one into the other.
 * - estimates: how an answer was given (onsite or portal), the signer's browser, a typed signature for people
 *   who cannot draw one, the SHA-256 of the document as it was answered, and the Idempotency-Key of the request
 *   that answered (its retry is answered again, not refused).
 * - tenants: the portal's address (portal_slug) and the days a personal link lives.
 * - customer_contacts: found by address (a sign-in link goes only to a contact's address); a customer's estimates
 *   and invoices by customer (the portal's hub).
 *
 * PostgreSQL row-level security as for every tenant table, plus: a link is found by its token's hash
 * (app.token_hash) and a portal session by its cookie's hash (app.session_hash) before any company is known.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table portal_links (id text primary key, tenant_id text not null references tenants(id),
      customer_id text not null references customers(id), estimate_id text references estimates(id),
      invoice_id text references invoices(id), email text not null, token_hash text not null unique,
      expires_at ${ts} not null, revoked_at ${ts}, revoked_reason text, last_opened_at ${ts},
      created_by text references users(id), created_at ${ts} not null,
      check (estimate_id is null or invoice_id is null))`,
    `create index portal_links_estimate on portal_links (tenant_id, estimate_id) where estimate_id is not null`,
    `create index portal_links_invoice on portal_links (tenant_id, invoice_id) where invoice_id is not null`,
    `create table portal_sessions (id text primary key, tenant_id text not null references tenants(id),
      customer_id text not null references customers(id), email text not null, link_id text references portal_links(id),
      only_estimate_id text references estimates(id), only_invoice_id text references invoices(id),
      created_at ${ts} not null, expires_at ${ts} not null, ip text, user_agent text)`,
    `create index portal_sessions_customer on portal_sessions (tenant_id, customer_id)`,
    `alter table estimates add column approval_via text`,
    `alter table estimates add column approval_user_agent text`,
    `alter table estimates add column approval_signature_text text`,
    `alter table estimates add column approval_document_hash text`,
    `alter table estimates add column approval_request_key text`,
    `update estimates set approval_via = 'onsite' where approval_decision is not null`,
    `alter table tenants add column portal_slug text`,
    `alter table tenants add column portal_estimate_link_days integer not null default 30`,
    `alter table tenants add column portal_invoice_link_days integer not null default 90`,
    `create index customer_contacts_email on customer_contacts (tenant_id, lower(email))`,
    `create index customers_email on customers (tenant_id, lower(email))`,
    `create index estimates_tenant_customer on estimates (tenant_id, customer_id, created_at)`,
    `create index invoices_tenant_customer on invoices (tenant_id, customer_id, created_at)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  const tenants = await sql<{ id: string; name: string }>`select id, name from tenants`.execute(db);
  for (const t of tenants.rows) await sql`update tenants set portal_slug = ${portalSlug(t.name, t.id)} where id = ${t.id}`.execute(db);
  await sql.raw(`create unique index tenants_portal_slug on tenants (portal_slug)`).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['portal_links', 'portal_sessions']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
  await sql.raw(`create policy secret_lookup on portal_links for select using (token_hash = NULLIF(current_setting('app.token_hash', true), ''))`).execute(db);
  await sql.raw(`create policy secret_lookup on portal_sessions for select using (id = NULLIF(current_setting('app.session_hash', true), ''))`).execute(db);
}
