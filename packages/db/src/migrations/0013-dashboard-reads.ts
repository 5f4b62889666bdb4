import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';
import { triggers, type Row, type Source } from './0011-dashboard.ts';

/**
 * Read paths of the dashboard measured at 200k jobs (bench/dashboard.mjs). Frozen once shipped.
 *
 * - customer_assets (tenant_id, asset_type, install_date): the asset distribution counts its age bands as
 *   install-date ranges in one pass over this index instead of reading the table.
 * - dashboard_invoice_links: each invoiced invoice (neither DRAFT nor VOID, with an invoice date and a job) once
 *   per zone and per tag of its job, with its day and total — the join the top zones / top tags cards need,
 *   kept by triggers on invoices, job_zones and job_tags (0011's pattern), so a period is one covering-index
 *   range instead of a join of every invoice of the period with the job links (PostgreSQL planned that join as
 *   41,000 index probes: 220 ms). Undated invoices are few and still joined live.
 */
const INVOICED = (r: string) => `${r}.invoice_date is not null and ${r}.job_id is not null and ${r}.status not in ('DRAFT', 'VOID')`;
const LINKS = [
  { kind: 'zone', table: 'job_zones', column: 'zone_id' },
  { kind: 'tag', table: 'job_tags', column: 'tag_id' },
] as const;
const COLUMNS = 'tenant_id, invoice_id, link_kind, link_id, job_id, day, amount';

/** An invoice's rows: one per link of its job when it counts as invoiced; gone when it changes or goes. */
const invoiceShare = (r: Row, sign: 1 | -1) =>
  sign === -1
    ? `delete from dashboard_invoice_links where invoice_id = ${r}.id`
    : `insert into dashboard_invoice_links (${COLUMNS}) ${LINKS.map(
        (l) =>
          `select ${r}.tenant_id, ${r}.id, '${l.kind}', x.${l.column}, ${r}.job_id, ${r}.invoice_date, ${r}.total_cents from ${l.table} x where x.job_id = ${r}.job_id and ${INVOICED(r)}`,
      ).join(' union all ')}`;

/** A job link's rows: one per invoiced invoice of the job. */
const linkShare = (l: (typeof LINKS)[number]) => (r: Row, sign: 1 | -1) =>
  sign === -1
    ? `delete from dashboard_invoice_links where tenant_id = ${r}.tenant_id and job_id = ${r}.job_id and link_kind = '${l.kind}' and link_id = ${r}.${l.column}`
    : `insert into dashboard_invoice_links (${COLUMNS}) select i.tenant_id, i.id, '${l.kind}', ${r}.${l.column}, i.job_id, i.invoice_date, i.total_cents
         from invoices i where i.tenant_id = ${r}.tenant_id and i.job_id = ${r}.job_id and ${INVOICED('i')}`;

const SOURCES: Source[] = [
  { name: 'invoices_dashboard_links', table: 'invoices', columns: 'tenant_id, status, invoice_date, total_cents, job_id', share: invoiceShare },
  ...LINKS.map((l) => ({ name: `${l.table}_dashboard_links`, table: l.table, columns: `tenant_id, job_id, ${l.column}`, share: linkShare(l) })),
];

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const statements = [
    `create index customer_assets_dash_type on customer_assets (tenant_id, asset_type, install_date)`,
    `create table dashboard_invoice_links (tenant_id text not null references tenants(id), invoice_id text not null, link_kind text not null,
      link_id text not null, job_id text not null, day text not null, amount bigint not null, primary key (invoice_id, link_kind, link_id))`,
    `create index dashboard_invoice_links_day on dashboard_invoice_links (tenant_id, link_kind, day, link_id, job_id, amount)`,
    `create index dashboard_invoice_links_job on dashboard_invoice_links (tenant_id, job_id)`,
    // Invoices already in the database (the triggers see only what comes after).
    ...LINKS.map(
      (l) => `insert into dashboard_invoice_links (${COLUMNS}) select i.tenant_id, i.id, '${l.kind}', x.${l.column}, i.job_id, i.invoice_date, i.total_cents
        from invoices i join ${l.table} x on x.job_id = i.job_id where ${INVOICED('i')}`,
    ),
  ];
  for (const statement of [...statements, ...triggers(dialect, SOURCES)]) await sql.raw(statement).execute(db);
}
