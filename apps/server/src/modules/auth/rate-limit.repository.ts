import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';

/**
 * Fixed-window counter held by one atomic upsert, so parallel attempts cannot slip past the limit
 * and every instance sharing the database sees the same count.
 */
export async function hitCounter(db: Db, key: string, windowMs: number, now = new Date()): Promise<{ count: number; windowStart: string }> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start < ${cutoff} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start < ${cutoff} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: row.window_start };
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** The count in the current window without adding to it (0 when the window has passed), for limits on failures only. */
export async function peekCounter(db: Db, key: string, windowMs: number, now = new Date()): Promise<{ count: number; windowStart: string }> {
  const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  if (!row || Date.parse(row.window_start) < now.getTime() - windowMs) return { count: 0, windowStart: now.toISOString() };
  return { count: Number(row.count), windowStart: row.window_start };
}
