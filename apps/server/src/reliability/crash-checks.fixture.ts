import { sql } from 'kysely';
import type { Db } from '@fieldwork/db/connection';
import { rebuildDashboardTotals } from '@fieldwork/db/dashboard-totals';
import { rebuildJobMoney } from '@fieldwork/db/job-money';
import { recountTaskCounts } from '@fieldwork/db/task-counts';

/** Writes the crash-safety client got a 2xx for. */
export type Acks = {
  jobs: string[];
  tasks: { id: string; jobId: string }[];
  notes: { id: string; jobId: string }[];
  invoices: { id: string; jobId: string }[];
  /** Acknowledged payments per invoice id. */
  payments: Map<string, number>;
  /** Tasks whose schedule (with a technician) was acknowledged. */
  scheduled: { taskId: string; technicianId: string }[];
};

export const emptyAcks = (): Acks => ({ jobs: [], tasks: [], notes: [], invoices: [], payments: new Map(), scheduled: [] });

export const ackCount = (a: Acks) =>
  a.jobs.length + a.tasks.length + a.notes.length + a.invoices.length + a.scheduled.length + [...a.payments.values()].reduce((s, n) => s + n, 0);

/** Every acknowledged write that is not in the store, as readable strings. */
export async function missingAcks(db: Db, tenantId: string, acks: Acks): Promise<string[]> {
  const missing: string[] = [];
  const ids = async (table: 'jobs' | 'tasks' | 'notes' | 'invoices') =>
    new Set((await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).execute()).map((r) => r.id));
  const jobs = await ids('jobs');
  for (const id of acks.jobs) if (!jobs.has(id)) missing.push(`job ${id}`);
  for (const [table, list] of [
    ['tasks', acks.tasks],
    ['notes', acks.notes],
    ['invoices', acks.invoices],
  ] as const) {
    const rows = new Map((await db.selectFrom(table).select(['id', 'job_id']).where('tenant_id', '=', tenantId).execute()).map((r) => [r.id, r.job_id]));
    for (const ack of list) if (rows.get(ack.id) !== ack.jobId) missing.push(`${table} ${ack.id} of job ${ack.jobId}`);
  }
  const paid = new Map(
    (
      await db
        .selectFrom('invoice_payments')
        .select(['invoice_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .groupBy('invoice_id')
        .execute()
    ).map((r) => [r.invoice_id, Number(r.n)]),
  );
  for (const [invoiceId, n] of acks.payments)
    if ((paid.get(invoiceId) ?? 0) < n) missing.push(`${n - (paid.get(invoiceId) ?? 0)} payment(s) of invoice ${invoiceId}`);
  const tasks = new Map(
    (await db.selectFrom('tasks').select(['id', 'assignee_key', 'start_at']).where('tenant_id', '=', tenantId).execute()).map((r) => [r.id, r]),
  );
  for (const s of acks.scheduled) {
    const row = tasks.get(s.taskId);
    if (!row || row.assignee_key !== s.technicianId || !row.start_at) missing.push(`schedule of task ${s.taskId}`);
  }
  return missing;
}

/** A business row without its activity row or the reverse, per pair; every list empty when nothing is half-written. */
export async function halfWritten(db: Db, tenantId: string): Promise<Record<string, unknown[]>> {
  const pairs: [string, string, string, string][] = [
    ['jobs', 'JOB', 'JOB_CREATED', 'id'],
    ['tasks', 'TASK', 'TASK_CREATED', 'id'],
    ['notes', 'NOTE', 'NOTE_ADDED', 'id'],
    ['invoices', 'INVOICE', 'INVOICE_CREATED', 'id'],
  ];
  const out: Record<string, unknown[]> = {};
  for (const [table, entity, action] of pairs) {
    out[`${table} without ${action}`] = (
      await sql`
      select r.id from ${sql.table(table)} r where r.tenant_id = ${tenantId}
        and not exists (select 1 from activity_log a where a.tenant_id = r.tenant_id and a.entity_type = ${entity} and a.entity_id = r.id and a.action = ${action})`.execute(
        db,
      )
    ).rows;
    out[`${action} without its ${table} row`] = (
      await sql`
      select a.entity_id from activity_log a where a.tenant_id = ${tenantId} and a.entity_type = ${entity} and a.action = ${action}
        and not exists (select 1 from ${sql.table(table)} r where r.tenant_id = a.tenant_id and r.id = a.entity_id)`.execute(db)
    ).rows;
  }
  out['payments ≠ PAYMENT_RECORDED rows per invoice'] = (
    await sql`
    select i.id from invoices i where i.tenant_id = ${tenantId}
      and (select count(*) from invoice_payments p where p.tenant_id = i.tenant_id and p.invoice_id = i.id)
       <> (select count(*) from activity_log a where a.tenant_id = i.tenant_id and a.entity_type = 'INVOICE' and a.entity_id = i.id and a.action = 'PAYMENT_RECORDED')`.execute(
      db,
    )
  ).rows;
  out['scheduled task without its TASK_ASSIGNED row'] = (
    await sql`
    select t.id from tasks t where t.tenant_id = ${tenantId} and t.assignee_key is not null
      and not exists (select 1 from activity_log a where a.tenant_id = t.tenant_id and a.entity_type = 'TASK' and a.entity_id = t.id and a.action = 'TASK_ASSIGNED')`.execute(
      db,
    )
  ).rows;
  out['TASK_ASSIGNED without an assignee'] = (
    await sql`
    select a.entity_id from activity_log a join tasks t on t.tenant_id = a.tenant_id and t.id = a.entity_id
      where a.tenant_id = ${tenantId} and a.action = 'TASK_ASSIGNED' and t.assignee_key is null`.execute(db)
  ).rows;
  out['job counters ≠ their rows'] = (
    await sql`
    select j.id, j.task_count, j.note_count from jobs j where j.tenant_id = ${tenantId}
      and (j.task_count <> (select count(*) from tasks t where t.tenant_id = j.tenant_id and t.job_id = j.id)
        or j.note_count <> (select count(*) from notes n where n.tenant_id = j.tenant_id and n.job_id = j.id))`.execute(db)
  ).rows;
  out['job_counts ≠ jobs by status'] = (
    await sql`
    select s.status, s.n, c.n as kept from (select status, count(*) as n from jobs where tenant_id = ${tenantId} group by status) s
      left join job_counts c on c.tenant_id = ${tenantId} and c.status = s.status where c.n is null or c.n <> s.n`.execute(db)
  ).rows;
  return Object.fromEntries(Object.entries(out).filter(([, rows]) => rows.length > 0));
}

const MONEY = [
  'open_estimates_count',
  'open_estimates_cents',
  'due_invoices_count',
  'due_invoices_cents',
  'paid_cents',
  'open_balance_cents',
  'estimate_count',
  'invoice_count',
] as const;

async function maintainedTotals(db: Db, tenantId: string): Promise<Record<string, string[]>> {
  const rows = async (table: string, columns: string) =>
    (await sql<Record<string, unknown>>`select ${sql.raw(columns)} from ${sql.table(table)} where tenant_id = ${tenantId} and n <> 0`.execute(db)).rows
      .map((r) => JSON.stringify(Object.values(r).map(String)))
      .sort();
  return {
    task_counts: await rows('task_counts', 'key, n'),
    dashboard_money_days: (
      await sql<
        Record<string, unknown>
      >`select metric, day, n, amount, amount2 from dashboard_money_days where tenant_id = ${tenantId} and (n <> 0 or amount <> 0)`.execute(db)
    ).rows
      .map((r) => JSON.stringify(Object.values(r).map(String)))
      .sort(),
    dashboard_task_hours: await rows('dashboard_task_hours', 'lifecycle, hour, n'),
    dashboard_customer_jobs: await rows('dashboard_customer_jobs', 'customer_id, n'),
    dashboard_job_closes: (
      await sql<Record<string, unknown>>`select job_id, closed_at from dashboard_job_closes where tenant_id = ${tenantId}`.execute(db)
    ).rows
      .map((r) => JSON.stringify(Object.values(r).map(String)))
      .sort(),
    job_money: (
      await db
        .selectFrom('jobs')
        .select(['id', ...MONEY])
        .where('tenant_id', '=', tenantId)
        .execute()
    )
      .map((r) => JSON.stringify(Object.values(r).map(String)))
      .sort(),
  };
}

/**
 * Maintained totals that differ from a recomputation: the rebuild helpers (task_counts, dashboard totals, each
 * job's money columns) run inside a transaction that is rolled back, and the kept values are compared with theirs.
 */
export async function staleTotals(db: Db, tenantId: string): Promise<Record<string, { kept: string[]; recomputed: string[] }>> {
  const kept = await maintainedTotals(db, tenantId);
  let recomputed: Record<string, string[]> = {};
  const rollback = new Error('rollback');
  await db
    .transaction()
    .execute(async (trx) => {
      await recountTaskCounts(trx, tenantId);
      await rebuildDashboardTotals(trx, tenantId);
      await rebuildJobMoney(trx, tenantId);
      recomputed = await maintainedTotals(trx, tenantId);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  const out: Record<string, { kept: string[]; recomputed: string[] }> = {};
  for (const name of Object.keys(kept)) {
    const a = kept[name]!;
    const b = recomputed[name]!;
    if (JSON.stringify(a) !== JSON.stringify(b)) out[name] = { kept: a.filter((x) => !b.includes(x)), recomputed: b.filter((x) => !a.includes(x)) };
  }
  return out;
}
