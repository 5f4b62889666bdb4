import { sql } from 'kysely';
import type { Db } from './connection.ts';

/**
 * SQLite: BEGIN IMMEDIATE on the one connection Kysely holds under its mutex, so no other writer comes between
 * the body's reads and its writes (a plain BEGIN takes the write lock only at the first write, and two such
 * transactions that both read first deadlock into SQLITE_BUSY). The body must await nothing but its queries.
 */
export async function immediateTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    let out: T;
    try {
      out = await fn(conn);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
    await sql`commit`.execute(conn);
    return out;
  });
}
