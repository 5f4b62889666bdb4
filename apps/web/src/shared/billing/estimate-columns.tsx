import { useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { EstimateListItem } from '@fieldwork/domain/billing/estimates.schemas';
import type { CardField } from '../../components/card-list';
import type { Column, SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { useAuth } from '../../lib/auth-context';
import type { PagedList } from '../../lib/use-paged-list';
import { dash, formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { EstimateStatusBadge } from './document-status-badge';
import { documentNumberText } from './document-row-menu';
import { EstimateRowActions } from './estimate-row-actions';

type Row = EstimateListItem;

/** Where the estimates list is shown: its own page, or a job's Estimates tab (no account or job columns). */
export type EstimateListPlace = 'page' | 'job';

/** An amount cell of the document lists: figures line up in tabular digits. */
export const moneyCell = (amount: number) => <span className="tabular-nums">{formatMoney(amount)}</span>;

/** A draft the viewer may edit opens its create page; anything else its view page. */
export function EstimateNumberLink({ row }: { row: Row }) {
  const text = documentNumberText(row.estimateNumber);
  const className = 'font-medium text-primary tabular-nums hover:underline';
  return row.status === 'DRAFT' && row.actions.edit ? (
    <Link to="/workorder/estimates/$id/create" params={{ id: row.id }} search={{}} className={className} aria-label={`Estimate ${text}`}>
      {text}
    </Link>
  ) : (
    <Link to="/workorder/estimates/$id" params={{ id: row.id }} className={className} aria-label={`Estimate ${text}`}>
      {text}
    </Link>
  );
}

/** The job's number linking to the job; "-" for an estimate or invoice without one. */
export function JobNumberLink({ job }: { job: { id: string; jobNumber: number } | null }) {
  if (!job) return <span className="text-muted">-</span>;
  return (
    <Link to="/workorder/jobs/$id" params={{ id: job.id }} className="text-primary tabular-nums hover:underline">
      {documentNumberText(job.jobNumber)}
    </Link>
  );
}

type Def = { header: string; sortable?: boolean; cell: (r: Row, tz: string) => ReactNode; className?: string };

const DEFS = {
  account: {
    header: 'Account Name',
    cell: (r) => (
      <span className="block max-w-48 truncate" title={r.account.name}>
        {r.account.name}
      </span>
    ),
  },
  number: { header: 'Estimate Number', cell: (r) => <EstimateNumberLink row={r} /> },
  createdBy: { header: 'Created By', cell: (r) => dash(r.createdBy?.username), className: 'whitespace-nowrap' },
  amount: { header: 'Estimate Amount', sortable: true, cell: (r) => moneyCell(r.totalAmount), className: 'whitespace-nowrap' },
  deposit: { header: 'Deposit Amount', sortable: true, cell: (r) => moneyCell(r.depositAmount), className: 'whitespace-nowrap' },
  createdOn: { header: 'Created On', sortable: true, cell: (r, tz) => formatDate(r.createdAt, tz), className: 'whitespace-nowrap' },
  job: { header: 'Job Number', cell: (r) => <JobNumberLink job={r.job} /> },
  status: { header: 'Status', cell: (r) => <EstimateStatusBadge status={r.status} /> },
} as const satisfies Record<string, Def>;
type Key = keyof typeof DEFS;

/** The spec's column orders: the estimates page, and a job's Estimates tab. */
const ORDER: Record<EstimateListPlace, readonly Key[]> = {
  page: ['account', 'number', 'amount', 'deposit', 'createdOn', 'job', 'status'],
  job: ['number', 'createdBy', 'amount', 'deposit', 'createdOn', 'status'],
};

export function estimateColumns(place: EstimateListPlace, timeZone: string): Column<Row>[] {
  const columns: Column<Row>[] = ORDER[place].map((key) => {
    const def: Def = DEFS[key];
    return { key, header: def.header, sortable: def.sortable, cell: (r: Row) => def.cell(r, timeZone), className: def.className };
  });
  columns.push({ key: 'actions', header: 'Actions', cell: (r) => <EstimateRowActions row={r} />, className: 'w-24', stickyEnd: true });
  return columns;
}

/** Card fields (spec: Account Name, Estimate Number, amounts, Created, Job Number, Status); number and status form the title. */
export function estimateCardFields(place: EstimateListPlace, timeZone: string): CardField<Row>[] {
  const fields: CardField<Row>[] =
    place === 'page' ? [{ label: 'Account Name', value: (r) => r.account.name }] : [{ label: 'Created By', value: (r) => dash(r.createdBy?.username) }];
  fields.push(
    { label: 'Estimate Amount', value: (r) => moneyCell(r.totalAmount) },
    { label: 'Deposit Amount', value: (r) => moneyCell(r.depositAmount) },
    { label: 'Created', value: (r) => formatDate(r.createdAt, timeZone) },
  );
  if (place === 'page') fields.push({ label: 'Job Number', value: (r) => <JobNumberLink job={r.job} /> });
  fields.push({ label: 'Actions', value: (r) => <EstimateRowActions row={r} /> });
  return fields;
}

export function estimateCardTitle(r: Row): ReactNode {
  return (
    <span className="flex items-center justify-between gap-2">
      <EstimateNumberLink row={r} />
      <EstimateStatusBadge status={r.status} />
    </span>
  );
}

/** The estimates table (cards on phones) of a page or a job tab, with its paging, sorting, empty and error states. */
export function EstimateListView({
  list,
  place,
  emptyAction,
}: {
  list: PagedList<Row, { sort: SortState }>;
  place: EstimateListPlace;
  emptyAction?: ReactNode;
}) {
  const tz = useAuth().session.company.timeZone;
  const columns = useMemo(() => estimateColumns(place, tz), [place, tz]);
  const cardFields = useMemo(() => estimateCardFields(place, tz), [place, tz]);
  return (
    <ListView
      list={list}
      caption="Estimates"
      rowKey={(r) => r.id}
      sort={list.filters.sort}
      onSortChange={(sort) => list.setFilters({ sort })}
      columns={columns}
      cardTitle={estimateCardTitle}
      cardFields={cardFields}
      errorPlacement="below"
      emptyAction={emptyAction}
    />
  );
}
