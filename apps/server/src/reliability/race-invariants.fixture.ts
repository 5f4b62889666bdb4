import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Db } from '@fieldwork/db/connection';
import { runTransaction } from '@fieldwork/db/transactions';

/**
 * The invariants the races must never break, as SQL over the whole store (every tenant): each query returns
 * the offending rows, so an empty result is the pass and a failure shows what broke.
 */
export const RACE_INVARIANTS: Record<string, (db: Db) => Promise<unknown[]>> = {
  'no two active overlapping tasks of one assignee': async (db) =>
    (
      await sql`
      select a.id as a, b.id as b from tasks a join tasks b on a.tenant_id = b.tenant_id and a.assignee_key = b.assignee_key and a.id < b.id
      where a.assignee_key is not null and a.start_at is not null and b.start_at is not null
        and a.lifecycle <> 'CANCELLED' and b.lifecycle <> 'CANCELLED'
        and a.start_at < coalesce(b.expected_end_at, b.start_at) and b.start_at < coalesce(a.expected_end_at, a.start_at)`.execute(db)
    ).rows,
  'at most one running clock activity per user': async (db) =>
    (
      await sql`
      select tenant_id, user_id, count(*) as n from task_activities where end_time is null and user_id is not null
      group by tenant_id, user_id having count(*) > 1`.execute(db)
    ).rows,
  'at most one invoice per converted estimate': async (db) =>
    (
      await sql`
      select converted_from_estimate_id, count(*) as n from invoices where converted_from_estimate_id is not null
      group by converted_from_estimate_id having count(*) > 1`.execute(db)
    ).rows,
  'paid never past the total, and equal to the payments': async (db) =>
    (
      await sql`
      select i.id, i.paid_cents, i.total_cents from invoices i
      where i.paid_cents > i.total_cents
         or i.paid_cents <> (select coalesce(sum(p.amount_cents), 0) from invoice_payments p where p.tenant_id = i.tenant_id and p.invoice_id = i.id)`.execute(
        db,
      )
    ).rows,
  'numbers unique and gap-free per tenant': async (db) => {
    const offending: unknown[] = [];
    for (const [table, column] of [
      ['jobs', 'job_number'],
      ['tasks', 'task_number'],
      ['invoices', 'invoice_number'],
      ['estimates', 'estimate_number'],
    ] as const) {
      const rows = await sql`
        select ${table} as kind, tenant_id, count(*) as n, count(distinct ${sql.ref(column)}) as distinct_numbers, min(${sql.ref(column)}) as low, max(${sql.ref(column)}) as high
        from ${sql.table(table)} group by tenant_id
        having count(distinct ${sql.ref(column)}) <> count(*) or max(${sql.ref(column)}) - min(${sql.ref(column)}) + 1 <> count(*)`.execute(db);
      offending.push(...rows.rows);
    }
    return offending;
  },
};

/** Every invariant's offending rows, by name; all empty when the store is sound. */
export async function brokenInvariants(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(RACE_INVARIANTS)) {
    const rows = await query(db);
    if (rows.length) out[name] = rows;
  }
  return out;
}

/**
 * One break per invariant, written straight into a store the races left behind (tenant's rows), to prove each
 * query can fail. Where the database itself refuses the break (a unique index, a CHECK, PostgreSQL's exclusion
 * constraint) the write throws, which is as good: nothing could ever store it.
 */
export const PLANTED_BREAKS: Record<string, (trx: Db, tenantId: string) => Promise<void>> = {
  'no two active overlapping tasks of one assignee': async (trx, tenantId) => {
    const two = await trx
      .selectFrom('tasks')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('start_at', 'is', null)
      .where('lifecycle', '=', 'OPEN')
      .limit(2)
      .execute();
    const user = await trx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'Technician').executeTakeFirstOrThrow();
    for (const [i, task] of two.entries())
      await trx
        .updateTable('tasks')
        .set({
          assigned_to: 'TECHNICIAN',
          assigned_user_id: user.id,
          assignee_key: user.id,
          schedule_id: randomUUID(),
          start_at: `2040-01-01T0${i}:00:00.000Z`,
          expected_end_at: '2040-01-01T05:00:00.000Z',
        })
        .where('id', '=', task.id)
        .execute();
  },
  'at most one running clock activity per user': async (trx, tenantId) => {
    const running = await trx
      .selectFrom('task_activities')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('end_time', 'is', null)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('task_activities')
      .values({ ...running, id: randomUUID() })
      .execute();
  },
  'at most one invoice per converted estimate': async (trx, tenantId) => {
    const converted = await trx
      .selectFrom('invoices')
      .select('converted_from_estimate_id')
      .where('tenant_id', '=', tenantId)
      .where('converted_from_estimate_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const other = await trx
      .selectFrom('invoices')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('converted_from_estimate_id', 'is', null)
      .executeTakeFirstOrThrow();
    await trx.updateTable('invoices').set({ converted_from_estimate_id: converted.converted_from_estimate_id }).where('id', '=', other.id).execute();
  },
  'paid never past the total, and equal to the payments': async (trx, tenantId) => {
    const paid = await trx.selectFrom('invoices').select('id').where('tenant_id', '=', tenantId).where('paid_cents', '>', 100).executeTakeFirstOrThrow();
    await trx
      .updateTable('invoices')
      .set((eb) => ({ paid_cents: eb('paid_cents', '-', 100) }))
      .where('id', '=', paid.id)
      .execute();
  },
  'numbers unique and gap-free per tenant': async (trx, tenantId) => {
    const last = await trx
      .selectFrom('jobs')
      .select(['id', 'job_number'])
      .where('tenant_id', '=', tenantId)
      .orderBy('job_number', 'desc')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('jobs')
      .set({ job_number: last.job_number + 2 })
      .where('id', '=', last.id)
      .execute();
  },
};

/** Plants each break in its own rolled-back transaction: 'seen' when its query returned rows, 'refused' when the database refused it. */
export async function plantedBreakVerdicts(db: Db, tenantId: string): Promise<Record<string, 'seen' | 'refused' | 'missed'>> {
  const verdicts: Record<string, 'seen' | 'refused' | 'missed'> = {};
  const rollback = new Error('rollback');
  for (const [name, plant] of Object.entries(PLANTED_BREAKS)) {
    // On SQLite BEGIN IMMEDIATE: each plant reads before it writes, and the servers' background workers may still
    // commit to the same file; a deferred transaction whose snapshot is older than their commit fails its first
    // write with "database is locked" at once, without waiting.
    await runTransaction(
      db,
      async (trx) => {
        try {
          await plant(trx, tenantId);
        } catch (error) {
          if (!/unique|constraint|exclu|check/i.test(String((error as Error).message))) throw error;
          verdicts[name] = 'refused';
          throw rollback;
        }
        verdicts[name] = (await RACE_INVARIANTS[name]!(trx)).length > 0 ? 'seen' : 'missed';
        throw rollback;
      },
      { immediate: true },
    ).catch((error) => {
      if (error !== rollback) throw error;
    });
  }
  return verdicts;
}
