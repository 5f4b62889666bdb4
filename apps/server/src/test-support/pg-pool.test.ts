import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '@fieldwork/db/connection';

// PostgreSQL only (the server suite's PostgreSQL stage): SQLite has no server to end a connection.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and the next query gets a new one', async () => {
    const { db, close } = createDb({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
      const admin = createDb({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 });
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      await admin.close();
      await new Promise((r) => setTimeout(r, 200));
      const next = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
      expect(next).not.toBe(pid);
    } finally {
      await close();
    }
  });
});
