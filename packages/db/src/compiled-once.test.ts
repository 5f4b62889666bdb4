import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import { createDb, type Db } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

describe('compiledOnce', () => {
  it('builds once and answers each call with its own values', async () => {
    const { db, dialect, close } = createDb({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(db, dialect);
      const now = new Date().toISOString();
      for (const [id, name] of [
        ['t1', 'Acme'],
        ['t2', 'Brick'],
      ]) {
        await db.insertInto('tenants').values({ id: id!, name: name!, time_zone: 'UTC', created_at: now, updated_at: now, version: 1 }).execute();
      }
      let builds = 0;
      const byId = compiledOnce((d: Db, id: string) => {
        builds++;
        // A constant the builder puts in stays a parameter of its own.
        return d.selectFrom('tenants').select(['id', 'name']).where('id', '=', id).where('time_zone', '=', 'UTC');
      });
      expect(await byId(db, 't1')).toEqual([{ id: 't1', name: 'Acme' }]);
      expect(await byId(db, 't2')).toEqual([{ id: 't2', name: 'Brick' }]);
      expect(await byId(db, 'nobody')).toEqual([]);
      const both = await Promise.all([byId(db, 't2'), byId(db, 't1')]);
      expect(both).toEqual([[{ id: 't2', name: 'Brick' }], [{ id: 't1', name: 'Acme' }]]);
      expect(builds).toBe(1);
    } finally {
      await close();
    }
  });

  it('refuses an argument the builder writes into the SQL text or leaves out', async () => {
    const { db, close } = createDb({ sqliteFile: ':memory:' });
    try {
      const inlined = compiledOnce((d: Db, id: string) => d.selectNoFrom(sql.lit(id).as('x')));
      await expect(inlined(db, 'a')).rejects.toThrow(/written into the SQL text|did not end up as a query parameter/);
      const unused = compiledOnce((d: Db, _id: string) => d.selectNoFrom(sql.lit(1).as('x')));
      await expect(unused(db, 'a')).rejects.toThrow(/did not end up as a query parameter/);
    } finally {
      await close();
    }
  });
});
