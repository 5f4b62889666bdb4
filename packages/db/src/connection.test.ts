import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { createDb, timestamptzToIso, withStatementCache } from './connection.ts';
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

describe('PostgreSQL timestamptz text to ISO', () => {
  const pgText = (iso: string, fraction: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}+00`;

  it('gives what Date gives for UTC text with 0 to 6 fraction digits', () => {
    let seed = 20261127;
    const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    for (let i = 0; i < 2000; i++) {
      const iso = new Date(Date.UTC(1971, 0, 1) + Math.floor(random() * 130 * 365 * 86_400_000)).toISOString();
      const digits = Math.floor(random() * 7);
      const fraction = digits ? '.' + String(Math.floor(random() * 10 ** digits)).padStart(digits, '0') : '';
      const text = pgText(iso, fraction);
      expect(timestamptzToIso(text), text).toBe(new Date(text).toISOString());
    }
    expect(timestamptzToIso('2026-11-23 05:00:00.999999+00')).toBe('2026-11-23T05:00:00.999Z');
    expect(timestamptzToIso('2026-11-23 05:00:00+00')).toBe('2026-11-23T05:00:00.000Z');
  });

  it('reads any other offset through Date, and refuses what is not an instant', () => {
    expect(timestamptzToIso('2026-11-23 05:00:00+05:30')).toBe('2026-11-22T23:30:00.000Z');
    expect(timestamptzToIso('2026-11-23 05:00:00.5-08')).toBe('2026-11-23T13:00:00.500Z');
    expect(() => timestamptzToIso('infinity')).toThrow(RangeError);
  });
});
