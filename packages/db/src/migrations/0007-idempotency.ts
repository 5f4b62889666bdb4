import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Idempotency keys of field actions (clock-in, clock-out and close over slow connections). Frozen
 * once shipped.
 *
 * - One row per (company, user, key), taken before the action runs (state 'pending'): the primary key is
 *   what makes two concurrent requests with one key run the action exactly once.
 * - When the action answers 2xx or 4xx the row keeps the answer (state 'done', status and body) and a repeat
 *   within 24 hours gets it back; a 5xx drops the row so the client may retry with the same key.
 * - route and request_hash tell a true repeat from a key reused for something else (422).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table idempotency_keys (tenant_id text not null references tenants(id),
      user_id text not null references users(id),
      key text not null,
      route text not null,
      request_hash text not null,
      state text not null check (state in ('pending', 'done')),
      response_status integer,
      response_body text,
      created_at ${ts} not null,
      primary key (tenant_id, user_id, key))`,
    // Sweeping expired keys of one user (each new key does it) reads their keys by age.
    `create index idempotency_keys_tenant_user_created on idempotency_keys (tenant_id, user_id, created_at)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
