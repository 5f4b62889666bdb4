import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '@fieldwork/db/connection';
import { prepared } from '@fieldwork/db/prepared-statements';

// PostgreSQL only (the server suite's PostgreSQL stage): on SQLite the mark is a comment and changes nothing.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL prepared statements', () => {
  it('runs a marked query as a named statement, and after a column change made its plan stale prepares it anew, answering at once outside a transaction', async () => {
    const { db, close } = createDb({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      await sql`create temp table probe (id integer, a text)`.execute(db);
      await sql`insert into probe values (1, 'x')`.execute(db);
      const read = () => sql<Record<string, unknown>>`select ${prepared} * from probe where id = ${1}`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
      const names = (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map((r) => r.name);
      expect(names.filter((n) => n.startsWith('fw_'))).toHaveLength(1);

      // Another server's migration adds a column: outside a transaction the read is prepared anew and answers.
      await sql`alter table probe add column b text`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x', b: null }]);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x', b: null }]);

      // Inside a transaction the stale plan has aborted it: that one transaction fails, the next one works.
      await sql`alter table probe add column c text`.execute(db);
      const inTransaction = () => db.transaction().execute((trx) => sql<Record<string, unknown>>`select ${prepared} * from probe where id = ${1}`.execute(trx));
      await expect(inTransaction()).rejects.toMatchObject({ code: '0A000' });
      expect((await inTransaction()).rows).toEqual([{ id: 1, a: 'x', b: null, c: null }]);
    } finally {
      await close();
    }
  });
});
