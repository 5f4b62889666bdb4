import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';

/**
 * Marks a query to be run as a named prepared statement on PostgreSQL: parsed and planned once per pooled
 * connection, then only bound and executed. Planning dominates short queries with many joins — the task view
 * (11 tables, all by primary key) planned in 5–8 ms and executed in 0.3 ms on the shared 2-core machine.
 * Only queries whose best plan does not depend on the values get the mark (lookups by key): after five runs
 * PostgreSQL may keep one generic plan for every value. The mark is a comment, so SQLite (whose statements
 * the connection's own cache keeps prepared) runs the same text unchanged.
 */
export const PREPARED_MARK = '/*prepared*/';

/** Put into a query with Kysely's modifyFront (select) or modifyEnd (insert, update, delete). */
export const prepared: RawBuilder<unknown> = sql.raw(PREPARED_MARK);

const names = new Map<string, string>();

/** A statement's name is a hash of its text, so one text maps to one name on every connection. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = 'fw_' + createHash('sha1').update(text).digest('hex').slice(0, 20);
    names.set(text, name);
  }
  return name;
}

const PATCHED = Symbol('fieldwork.prepared');
type Client = pg.PoolClient & { [PATCHED]?: Map<string, number> };

/**
 * SQLSTATE 0A000 "cached plan must not change result type": a statement reading `table.*` was prepared before
 * another server's migration added a column (a rolling deploy). The connection then prepares the text anew under a
 * new name (PostgreSQL keeps the old one until the connection closes). Outside a transaction the statement is simply
 * run again that way — it failed before doing anything; inside one the transaction is already aborted, so the error
 * goes up and that one request fails.
 */
const STALE_PLAN = '0A000';

/** Kysely opens and ends transactions with these texts on a pooled client. */
const OPENS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\s*$/i;

/**
 * Makes a pooled client send marked query texts as named statements; pg parses a name once per connection
 * and reuses it afterwards. The number of names is bounded by the marked texts in the code.
 */
export function preparingClient(client: pg.PoolClient): pg.PoolClient {
  const c = client as Client;
  if (c[PATCHED]) return c;
  const renamed = new Map<string, number>();
  c[PATCHED] = renamed;
  let inTransaction = false;
  const query = c.query as unknown as (...args: unknown[]) => Promise<unknown>;
  const named = (self: pg.PoolClient, text: string, values: unknown[]) => {
    const generation = renamed.get(text) ?? 0;
    const name = statementName(text) + (generation ? `_${generation}` : '');
    return query.call(self, { name, text, values });
  };
  c.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string' && text.includes(PREPARED_MARK) && Array.isArray(values)) {
      return named(this, text, values).catch((error: unknown) => {
        if ((error as { code?: string } | null)?.code !== STALE_PLAN) throw error;
        renamed.set(text, (renamed.get(text) ?? 0) + 1);
        if (inTransaction) throw error;
        return named(this, text, values);
      });
    }
    if (typeof text === 'string') {
      if (OPENS.test(text)) inTransaction = true;
      else if (ENDS.test(text)) inTransaction = false;
    }
    // Every other call as given: pg tells its overloads apart by their count and types.
    return query.apply(this, args);
  } as unknown as typeof c.query;
  return c;
}
