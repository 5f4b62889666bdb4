import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '@fieldwork/db/connection';
import { prepared } from '@fieldwork/db/prepared-statements';

// PostgreSQL only (the server suite's PostgreSQL stage): on SQLite the mark is a comment and changes nothing.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL prepared statements', () => {
  it('runs a marked query as a named statement, and prepares it anew after a column change made its plan stale', async () => {
    const { db, close } = createDb({ databaseUrl: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    try {
      await sql`create temp table probe (id integer, a text)`.execute(db);
      await sql`insert into probe values (1, 'x')`.execute(db);
      const read = () => sql<Record<string, unknown>>`select ${prepared} * from probe where id = ${1}`.execute(db);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
      expect((await read()).rows).toEqual([{ id: 1, a: 'x' }]);
      const names = (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map((r) => r.name);
      expect(names.filter((n) => n.startsWith('fw_'))).toHaveLength(1);

      await sql`alter table probe add column b text`.execute(db);
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      expect((await read()).rows).toEqual([{ id: 1, a: 'x', b: null }]);
    } finally {
      await close();
    }
  });
});
