import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Subcontractor bids on a task (request-bids flow). Frozen once shipped.
 *
 * One row per (task, subcontractor): a repeated request for the same pair is a no-op (ON CONFLICT DO
 * NOTHING). status moves REQUESTED → SUBMITTED (re-answerable) | DECLINED, and the office ends the round with
 * AWARDED for one and CLOSED for every other open one. `version` guards each answer and award.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `create table bid_requests (id text primary key, tenant_id text not null references tenants(id),
      task_id text not null references tasks(id) on delete cascade,
      subcontractor_id text not null references subcontractors(id),
      status text not null check (status in ('REQUESTED', 'SUBMITTED', 'DECLINED', 'AWARDED', 'CLOSED')),
      amount_cents bigint check (amount_cents is null or amount_cents > 0), note text, earliest_start_at ${ts},
      answered_by text references users(id), answered_at ${ts},
      created_by text references users(id), created_at ${ts} not null, updated_at ${ts} not null,
      version integer not null default 1,
      unique (task_id, subcontractor_id))`,
    // A subcontractor's inbox by status, newest last; a task's bids.
    `create index bid_requests_tenant_sub_status on bid_requests (tenant_id, subcontractor_id, status, created_at)`,
    `create index bid_requests_tenant_task on bid_requests (tenant_id, task_id)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
