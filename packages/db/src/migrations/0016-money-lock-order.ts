import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * PostgreSQL: migration 0015's lock order for the other totals of 0011. Moving an invoice's date, a payment's
 * paid-on day or a cost's day (and a job to another customer) took the old key's row lock, then the new one's,
 * so two opposite moves at the same moment locked in opposite orders and one was aborted as a deadlock. Each
 * function now writes both shares in one statement, summed per key and sorted. SQLite writes one transaction at
 * a time. Frozen once shipped.
 */
type Share = { when: string; day: string; amount: string; amount2: string };

/** Both shares of one money row (old −1, new +1), each only when its metric counts it. */
function money(name: string, metric: string, share: Share): string {
  const side = (row: 'old' | 'new', sign: 1 | -1, op: string) => {
    const amount2 = share.amount2 === '0' ? '0' : `${row}.${share.amount2}`;
    return `select ${row}.tenant_id as tenant_id, ${row}.${share.day} as day, ${sign} as n, ${sign} * ${row}.${share.amount} as amount, ${sign} * ${amount2} as amount2
      where tg_op in (${op}) and ${share.when.replaceAll('$', row)}`;
  };
  return `create or replace function ${name}() returns trigger language plpgsql as $$
    begin
      insert into dashboard_money_days (tenant_id, metric, day, n, amount, amount2)
      select tenant_id, '${metric}', day, sum(n), sum(amount), sum(amount2) from (
        ${side('old', -1, `'UPDATE', 'DELETE'`)}
        union all
        ${side('new', 1, `'UPDATE', 'INSERT'`)}
      ) shares group by tenant_id, day order by tenant_id, day
      on conflict (tenant_id, metric, day) do update set n = dashboard_money_days.n + excluded.n,
        amount = dashboard_money_days.amount + excluded.amount, amount2 = dashboard_money_days.amount2 + excluded.amount2;
      return null;
    end $$`;
}

const CUSTOMER_JOBS = `create or replace function jobs_dashboard() returns trigger language plpgsql as $$
  begin
    insert into dashboard_customer_jobs (tenant_id, customer_id, n)
    select tenant_id, customer_id, sum(n) from (
      select old.tenant_id as tenant_id, old.customer_id as customer_id, -1 as n where tg_op in ('UPDATE', 'DELETE')
      union all
      select new.tenant_id, new.customer_id, 1 where tg_op in ('UPDATE', 'INSERT')
    ) shares group by tenant_id, customer_id order by tenant_id, customer_id
    on conflict (tenant_id, customer_id) do update set n = dashboard_customer_jobs.n + excluded.n;
    return null;
  end $$`;

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const statements = [
    money('invoices_dashboard', 'invoiced', {
      when: `$.invoice_date is not null and $.status not in ('DRAFT', 'VOID')`,
      day: 'invoice_date',
      amount: 'total_cents',
      amount2: 'sub_total_cents',
    }),
    money('invoice_payments_dashboard', 'collected', { when: 'true', day: 'paid_on', amount: 'amount_cents', amount2: '0' }),
    money('costs_dashboard', 'job_cost', { when: `$.cost_for = 'JOB'`, day: 'cost_date', amount: 'amount_cents', amount2: '0' }),
    CUSTOMER_JOBS,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
