import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDb, withStatementCache } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

describe('SQLite statement cache', () => {
  it('reuses one prepared statement per SQL text and evicts the oldest beyond its size', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1 as x');
    expect(db.prepare('select 1 as x')).toBe(a);
    db.prepare('select 2 as x');
    db.prepare('select 3 as x');
    expect(db.prepare('select 1 as x')).not.toBe(a);
    expect(db.prepare('select 3 as x').all([])).toEqual([{ x: 3 }]);
    db.close();
  });

  it('keeps working across schema changes (cached statements re-prepare)', async () => {
    const { db, dialect, close } = createDb({ sqliteFile: ':memory:' });
    await migrateToLatest(db, dialect);
    const count = () =>
      db
        .selectFrom('zones')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    expect(Number((await count()).n)).toBe(0);
    await sql`create index zz_probe on zones (name)`.execute(db);
    expect(Number((await count()).n)).toBe(0);
    await close();
  });
});
