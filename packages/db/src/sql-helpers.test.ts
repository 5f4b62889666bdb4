import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from './connection.ts';
import { commonlyNull, startsWithDigits } from './sql-helpers.ts';

describe('SQL helpers', () => {
  it('startsWithDigits matches digit strings by prefix, including prefixes ending in nines', async () => {
    const { db, close } = createDb({ sqliteFile: ':memory:' });
    await sql`create table n (v text)`.execute(db);
    const values = ['1', '12', '129', '1299', '13', '130', '19', '199', '2', '9', '99', '990', '1000'];
    await sql`insert into n (v) values ${sql.join(values.map((v) => sql`(${v})`))}`.execute(db);
    const matching = async (digits: string) =>
      (await sql<{ v: string }>`select v from n where ${startsWithDigits('v', digits)} order by v`.execute(db)).rows.map((r) => r.v);
    expect(await matching('12')).toEqual(['12', '129', '1299']);
    expect(await matching('129')).toEqual(['129', '1299']);
    expect(await matching('19')).toEqual(['19', '199']);
    expect(await matching('99')).toEqual(['99', '990']);
    expect(await matching('1')).toEqual(values.filter((v) => v.startsWith('1')).sort());
    await sql`insert into n (v) values (null)`.execute(db);
    expect(commonlyNull(db, 'v').compile(db).sql).toBe('likely("v" is null)');
    expect((await sql<{ n: number }>`select count(*) as n from n where ${commonlyNull(db, 'v')}`.execute(db)).rows).toEqual([{ n: 1 }]);
    await close();
  });
});
