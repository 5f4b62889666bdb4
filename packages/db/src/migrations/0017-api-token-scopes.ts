import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Personal API tokens get a scope and an optional expiry. Tokens made before this keep their owner's power
 * ('full', the column's default); the server still refuses token, user and company management to every token,
 * whatever its scope. expires_at null: the token works until revoked. Frozen once shipped.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const statements = [
    `alter table api_tokens add column scope text not null default 'full' check (scope in ('read', 'receptionist', 'full'))`,
    `alter table api_tokens add column expires_at ${ts}`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
