import { createDb } from '@fieldwork/db/connection';
import { migrateToLatest, migrationNames } from '@fieldwork/db/migrate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, type OpsDatabase } from './ops-database.fixture.ts';
import { freePort, spawnServer, waitFor200 } from './server-process.fixture.ts';

describe('two server processes starting at once on one empty database', () => {
  let target: OpsDatabase;
  beforeAll(async () => {
    target = await emptyDatabase();
  });
  afterAll(async () => target.drop());

  it('migrateToLatest on two connections at once: one applies every migration, the other none, no error', async () => {
    const other = await emptyDatabase();
    const a = createDb({ databaseUrl: other.databaseUrl, sqliteFile: other.sqliteFile });
    const b = createDb({ databaseUrl: other.databaseUrl, sqliteFile: other.sqliteFile });
    try {
      const applied = await Promise.all([migrateToLatest(a.db, a.dialect), migrateToLatest(b.db, b.dialect)]);
      expect(applied.map((names) => names.length).sort((x, y) => x - y)).toEqual([0, migrationNames().length]);
    } finally {
      await a.close();
      await b.close();
      await other.drop();
    }
  });

  it('both come up and every migration ran once', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const servers = [
      spawnServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl }, portA),
      spawnServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl }, portB),
    ];
    try {
      await Promise.all(servers.map((s) => waitFor200(s, '/api/ready', 60_000)));
      for (const s of servers) expect(await (await fetch(s.base + '/api/ready')).json()).toEqual({ status: 'ready' });

      const handle = createDb({ databaseUrl: target.databaseUrl, sqliteFile: target.sqliteFile });
      try {
        const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
        expect(rows.rows.map((r) => r.name)).toEqual(migrationNames());
        // A migration run twice would have failed on its second CREATE TABLE; the tables are there once.
        const tables =
          handle.dialect === 'sqlite'
            ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'customers'`.execute(handle.db)
            : await sql<{
                n: number;
              }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and table_name = 'customers'`.execute(
                handle.db,
              );
        expect(Number(tables.rows[0]!.n)).toBe(1);
      } finally {
        await handle.close();
      }
      expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
    } finally {
      await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    }
  }, 90_000);
});
