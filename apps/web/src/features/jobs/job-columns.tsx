import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Eye, Pencil } from 'lucide-react';
import type { JobListItem, JobOrderKey } from '@fieldwork/domain/jobs/jobs.schemas';
import type { ColumnConfig, JobColumnKey } from '@fieldwork/domain/common/table-config.schemas';
import { NameBadges } from '../../components/badge';
import type { CardField } from '../../components/card-list';
import type { Column } from '../../components/data-table';
import { dash, formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { columnLabel } from '../../components/customise-columns-sheet';
import { JobStatusBadge, JobTaskSummaryBadge, jobName, jobNumberText } from '../../shared/jobs/job-status-badge';
import { JobStatusMenu } from './job-status-actions';

type Row = JobListItem;

const labelOf = (key: string) => columnLabel('JOBS', key);

const none = <span className="text-muted">—</span>;

function Amount({ amount, count, noun, inline }: { amount: number; count: number; noun: string; inline?: boolean }) {
  if (inline) {
    return (
      <span className="tabular-nums">
        {formatMoney(amount)}{' '}
        <span className="text-xs text-muted">
          ({count} {noun})
        </span>
      </span>
    );
  }
  return (
    <span className="flex flex-col leading-tight whitespace-nowrap">
      <span className="font-medium text-gray-900 tabular-nums">{formatMoney(amount)}</span>
      <span className="text-xs text-muted">
        {count} {noun}
      </span>
    </span>
  );
}

/** The three figures the money column can hold, in the configuration's key order. */
const MONEY_FIGURES = {
  PAID_AMOUNT: { sortKey: 'paidAmount', label: 'Paid', value: (r: Row) => r.paidAmount },
  TOTAL_COSTS: { sortKey: 'totalCosts', label: 'Total Cost', value: (r: Row) => r.totalCost },
  OPEN_BALANCE: { sortKey: 'openBalance', label: 'Open Balance', value: (r: Row) => r.openBalance },
} as const satisfies Partial<Record<JobColumnKey, { sortKey: JobOrderKey; label: string; value: (r: Row) => number }>>;
type MoneyKey = keyof typeof MONEY_FIGURES;
const isMoneyKey = (key: string): key is MoneyKey => key in MONEY_FIGURES;

type Single = {
  header: string;
  sortKey?: JobOrderKey;
  cell: (r: Row, timeZone: string) => ReactNode;
  /** The phone card's rendering, when it differs from the table cell. */
  card?: (r: Row) => ReactNode;
  className?: string;
};

const SINGLE: Record<Exclude<JobColumnKey, MoneyKey>, Single> = {
  CREATED_ON: { header: 'Created On', sortKey: 'createdAt', cell: (r, tz) => formatDate(r.createdAt, tz), className: 'whitespace-nowrap' },
  CUSTOMER_NAME: {
    header: 'Customer Name',
    cell: (r) => (
      <span className="block max-w-48 truncate" title={r.customer.name}>
        {r.customer.name}
      </span>
    ),
  },
  JOB_LEAD: { header: 'Job Lead', cell: (r) => dash(r.jobLead?.username), className: 'whitespace-nowrap' },
  SALES_MANAGER: { header: 'Sales Manager', cell: (r) => dash(r.salesManager?.username), className: 'whitespace-nowrap' },
  JOB_NUMBER: {
    header: 'Job Number',
    sortKey: 'jobNumber',
    cell: (r) => <span className="font-medium text-gray-900 tabular-nums">{jobNumberText(r.jobNumber)}</span>,
  },
  JOB_NAME: {
    header: 'Job Name',
    cell: (r) => (
      <span className="block max-w-56 truncate" title={jobName(r.name)}>
        {jobName(r.name)}
      </span>
    ),
  },
  JOB_STATUS: {
    header: 'Job Status',
    cell: (r) => (
      <span className="flex flex-wrap gap-1">
        <JobStatusBadge status={r.status} />
        <JobTaskSummaryBadge summary={r.statusInfo.summary} />
      </span>
    ),
  },
  JOB_ZONE: { header: 'Job Service Areas', cell: (r) => <NameBadges items={r.jobZones} max={2} empty={none} /> },
  JOB_TAGS: { header: 'Job Tags', cell: (r) => <NameBadges items={r.jobTags} max={2} empty={none} /> },
  OPEN_ESTIMATES: {
    header: 'Open Estimates',
    sortKey: 'openEstimateAmount',
    cell: (r) => <Amount amount={r.openEstimatesAmount} count={r.openEstimates} noun="open" />,
    card: (r) => <Amount amount={r.openEstimatesAmount} count={r.openEstimates} noun="open" inline />,
  },
  DUE_INVOICES: {
    header: 'Due Invoices',
    sortKey: 'dueInvoicesAmount',
    cell: (r) => <Amount amount={r.dueInvoicesAmount} count={r.dueInvoices} noun="due" />,
    card: (r) => <Amount amount={r.dueInvoicesAmount} count={r.dueInvoices} noun="due" inline />,
  },
};

function MoneyFigures({ row, keys }: { row: Row; keys: readonly MoneyKey[] }) {
  return (
    <dl className="grid grid-cols-[auto_auto] justify-start gap-x-2 text-xs leading-4 whitespace-nowrap">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted">{MONEY_FIGURES[key].label}</dt>
          <dd className="text-right font-medium text-gray-900 tabular-nums">{formatMoney(MONEY_FIGURES[key].value(row))}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowActions({ row }: { row: Row }) {
  return (
    // The row itself opens the job: the links must not also trigger it.
    <span className="flex items-center gap-1" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Link
        to="/workorder/jobs/$id"
        params={{ id: row.id }}
        aria-label={`View job ${jobNumberText(row.jobNumber)}`}
        className="rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        <Eye size={16} aria-hidden="true" />
      </Link>
      {row.actions.edit ? (
        <Link
          to="/workorder/jobs/$id/edit"
          params={{ id: row.id }}
          aria-label={`Edit job ${jobNumberText(row.jobNumber)}`}
          className="rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        >
          <Pencil size={16} aria-hidden="true" />
        </Link>
      ) : null}
      <JobStatusMenu job={row} />
    </span>
  );
}

/**
 * The table's columns in the viewer's configured order, only the enabled ones (Job Status always).
 * Paid amount, total cost and open balance share one "Paid Amount" cell holding the enabled figures,
 * each sortable from the header. Actions always come last.
 */
export function jobTableColumns(config: readonly ColumnConfig[], timeZone: string): Column<Row>[] {
  const enabled = config.filter((c) => c.enabled || c.key === 'JOB_STATUS').map((c) => c.key as JobColumnKey);
  const moneyKeys = enabled.filter(isMoneyKey);
  const columns: Column<Row>[] = [];
  let moneyPlaced = false;
  for (const key of enabled) {
    if (isMoneyKey(key)) {
      if (moneyPlaced) continue;
      moneyPlaced = true;
      columns.push({
        key: 'money',
        header: moneyKeys.includes('PAID_AMOUNT') ? 'Paid Amount' : labelOf(moneyKeys[0] ?? key),
        sortKeys: moneyKeys.map((k) => ({ key: MONEY_FIGURES[k].sortKey, label: MONEY_FIGURES[k].label })),
        cell: (r) => <MoneyFigures row={r} keys={moneyKeys} />,
      });
      continue;
    }
    const def = SINGLE[key];
    if (!def) continue;
    columns.push({
      key: def.sortKey ?? key,
      header: def.header,
      sortable: Boolean(def.sortKey),
      cell: (r) => def.cell(r, timeZone),
      className: def.className,
    });
  }
  columns.push({ key: 'actions', header: 'Actions', cell: (r) => <RowActions row={r} />, className: 'w-28', stickyEnd: true });
  return columns;
}

/** Mobile cards show the same enabled fields; number, name and status form the card's title. */
export function jobCardFields(config: readonly ColumnConfig[], timeZone: string): CardField<Row>[] {
  const inTitle = new Set(['JOB_NUMBER', 'JOB_NAME', 'JOB_STATUS']);
  return config
    .filter((c) => c.enabled && !inTitle.has(c.key))
    .flatMap((c): CardField<Row>[] => {
      const key = c.key as JobColumnKey;
      if (isMoneyKey(key)) return [{ label: labelOf(key), value: (r) => formatMoney(MONEY_FIGURES[key].value(r)) }];
      const def = SINGLE[key];
      return def ? [{ label: labelOf(key), value: (r) => (def.card ? def.card(r) : def.cell(r, timeZone)) }] : [];
    });
}

export function jobCardTitle(r: Row): ReactNode {
  return (
    <span className="flex items-center justify-between gap-2">
      <span className="min-w-0 truncate">
        {jobNumberText(r.jobNumber)} · {jobName(r.name)}
      </span>
      <JobStatusBadge status={r.status} />
    </span>
  );
}
