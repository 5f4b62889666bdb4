import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Card payments through each company's own Stripe account. Frozen once shipped.
 *
 * - payment_accounts: one per company; the secret key and webhook signing secret are sealed under the server
 *   key (AES-256-GCM), the publishable key is public by nature.
 * - payment_checkouts: every Checkout session made, keyed by the idempotency key that made it, so a double
 *   click or a retried request opens the same session.
 * - online_payments: money that moved, once per Stripe payment (unique per company on its PaymentIntent id),
 *   whichever webhook told us first; refunded_cents only grows (Stripe's cumulative amount_refunded).
 * - payment_webhook_events: event ids already handled, so a replayed or retried event changes nothing twice.
 * - credit_cents on invoices and estimates: money received beyond what was owed (a card payment that crossed a
 *   cash one), kept for the office to refund or apply instead of refusing money already charged.
 *
 * PostgreSQL row-level security as for every tenant table; a webhook names its company in the URL and runs
 * inside that company's scope.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table payment_accounts (tenant_id text primary key references tenants(id), provider text not null,
      secret_key_sealed text not null, webhook_secret_sealed text not null, secret_key_last4 text not null,
      webhook_secret_last4 text not null, publishable_key text not null, test_mode integer not null,
      allow_partial integer not null, connected_at ${ts} not null, updated_at ${ts} not null)`,
    `create table payment_checkouts (id text primary key, tenant_id text not null references tenants(id), provider text not null,
      provider_session_id text not null, invoice_id text references invoices(id), estimate_id text references estimates(id),
      amount_cents bigint not null check (amount_cents > 0), url text not null, status text not null,
      idempotency_key text not null, payer_email text, return_url text not null, cancel_url text not null, created_at ${ts} not null,
      unique (tenant_id, idempotency_key), unique (provider, provider_session_id),
      check ((invoice_id is null) <> (estimate_id is null)))`,
    `create table online_payments (id text primary key, tenant_id text not null references tenants(id), provider text not null,
      provider_payment_id text not null, invoice_id text references invoices(id), estimate_id text references estimates(id),
      amount_cents bigint not null check (amount_cents > 0), applied_cents bigint not null,
      refunded_cents bigint not null default 0 check (refunded_cents >= 0 and refunded_cents <= amount_cents),
      fee_cents bigint, net_cents bigint, payer_email text, invoice_payment_id text, paid_at ${ts} not null,
      created_at ${ts} not null, unique (tenant_id, provider_payment_id))`,
    `create index online_payments_invoice on online_payments (tenant_id, invoice_id) where invoice_id is not null`,
    `create index online_payments_estimate on online_payments (tenant_id, estimate_id) where estimate_id is not null`,
    `create table payment_webhook_events (tenant_id text not null references tenants(id), event_id text not null,
      type text not null, received_at ${ts} not null, primary key (tenant_id, event_id))`,
    `alter table invoices add column credit_cents bigint not null default 0`,
    `alter table estimates add column credit_cents bigint not null default 0`,
    `create index invoices_tenant_credit on invoices (tenant_id) where credit_cents > 0`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  if (dialect !== 'postgres') return;
  const tenant = `NULLIF(current_setting('app.tenant_id', true), '')`;
  for (const table of ['payment_accounts', 'payment_checkouts', 'online_payments', 'payment_webhook_events']) {
    await sql.raw(`alter table ${table} enable row level security`).execute(db);
    await sql.raw(`alter table ${table} force row level security`).execute(db);
    await sql.raw(`create policy tenant_isolation on ${table} using (tenant_id = ${tenant}) with check (tenant_id = ${tenant})`).execute(db);
  }
}
