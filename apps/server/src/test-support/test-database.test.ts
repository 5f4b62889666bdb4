import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresTestDatabase } from './test-database.ts';

// PostgreSQL only (the server suite's PostgreSQL stage): SQLite test databases are in memory.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('throwaway test databases', () => {
  it('drop while connections of the server role and of the set-up role are still open', async () => {
    const database = (await createPostgresTestDatabase())!;
    const clients = [new pg.Client({ connectionString: database.url }), new pg.Client({ connectionString: database.setupUrl })];
    for (const c of clients) {
      c.on('error', () => {}); // the drop ends them: expected
      await c.connect();
    }
    await database.drop();
    const name = new URL(database.url).pathname.slice(1);
    const check = new pg.Client({ connectionString: database.setupUrl.replace(`/${name}`, '/postgres') });
    await check.connect();
    try {
      expect((await check.query('select 1 from pg_database where datname = $1', [name])).rowCount).toBe(0);
    } finally {
      await check.end();
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
    }
  });
});
