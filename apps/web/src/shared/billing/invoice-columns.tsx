import { useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { InvoiceListItem } from '@fieldwork/domain/billing/invoices.schemas';
import type { CardField } from '../../components/card-list';
import type { Column, SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { useAuth } from '../../lib/auth-context';
import type { PagedList } from '../../lib/use-paged-list';
import { dash, formatDate } from '../../lib/format';
import { InvoiceStatusBadge } from './document-status-badge';
import { documentNumberText } from './document-row-menu';
import { JobNumberLink, moneyCell, type EstimateListPlace } from './estimate-columns';
import { InvoiceRowActions } from './invoice-row-actions';

type Row = InvoiceListItem;
export type InvoiceListPlace = EstimateListPlace;

const createdBy = (r: Row) => dash(r.invoiceCreatedBy?.username ?? r.createdBy?.username);

/** Spec: "Draft links to create page" (for those who may edit it); other invoices open their view page. */
export function InvoiceNumberLink({ row }: { row: Row }) {
  const text = documentNumberText(row.invoiceNumber);
  const className = 'font-medium text-primary tabular-nums hover:underline';
  return row.status === 'DRAFT' && row.actions.edit ? (
    <Link to="/workorder/invoices/$id/create" params={{ id: row.id }} search={{}} className={className} aria-label={`Invoice ${text}`}>
      {text}
    </Link>
  ) : (
    <Link to="/workorder/invoices/$id" params={{ id: row.id }} className={className} aria-label={`Invoice ${text}`}>
      {text}
    </Link>
  );
}

type Def = { header: string; sortable?: boolean; cell: (r: Row, tz: string) => ReactNode; className?: string };

const DEFS = {
  createdOn: { header: 'Created On', sortable: true, cell: (r, tz) => formatDate(r.createdAt, tz), className: 'whitespace-nowrap' },
  createdBy: { header: 'Created By', cell: (r) => createdBy(r), className: 'whitespace-nowrap' },
  customer: {
    header: 'Customer Name',
    cell: (r) => (
      <span className="block max-w-48 truncate" title={r.account.name}>
        {r.account.name}
      </span>
    ),
  },
  number: { header: 'Invoice Number', cell: (r) => <InvoiceNumberLink row={r} /> },
  job: { header: 'Job Number', cell: (r) => <JobNumberLink job={r.job} /> },
  amount: { header: 'Invoice Amount', sortable: true, cell: (r) => moneyCell(r.totalAmount), className: 'whitespace-nowrap' },
  deposit: { header: 'Deposit Amount', sortable: true, cell: (r) => moneyCell(r.depositAmount), className: 'whitespace-nowrap' },
  status: { header: 'Status', cell: (r) => <InvoiceStatusBadge status={r.status} /> },
} as const satisfies Record<string, Def>;
type Key = keyof typeof DEFS;

/** The invoices page (the spec's invoice card plus deposit) and a job's Invoices tab (the spec's columns). */
const ORDER: Record<InvoiceListPlace, readonly Key[]> = {
  page: ['createdOn', 'createdBy', 'customer', 'number', 'job', 'amount', 'deposit', 'status'],
  job: ['job', 'number', 'createdBy', 'amount', 'deposit', 'createdOn', 'status'],
};

export function invoiceColumns(place: InvoiceListPlace, timeZone: string): Column<Row>[] {
  const columns: Column<Row>[] = ORDER[place].map((key) => {
    const def: Def = DEFS[key];
    return { key, header: def.header, sortable: def.sortable, cell: (r: Row) => def.cell(r, timeZone), className: def.className };
  });
  columns.push({ key: 'actions', header: 'Actions', cell: (r) => <InvoiceRowActions row={r} />, className: 'w-28', stickyEnd: true });
  return columns;
}

/** Spec's invoice card: Created On, Created By, Customer Name, Invoice Number, Job Number, Invoice Amount, Status (number and status in the title). */
export function invoiceCardFields(place: InvoiceListPlace, timeZone: string): CardField<Row>[] {
  const fields: CardField<Row>[] = [
    { label: 'Created On', value: (r) => formatDate(r.createdAt, timeZone) },
    { label: 'Created By', value: createdBy },
  ];
  if (place === 'page') fields.push({ label: 'Customer Name', value: (r) => r.account.name });
  fields.push(
    { label: 'Job Number', value: (r) => <JobNumberLink job={r.job} /> },
    { label: 'Invoice Amount', value: (r) => moneyCell(r.totalAmount) },
    { label: 'Actions', value: (r) => <InvoiceRowActions row={r} /> },
  );
  return fields;
}

export function invoiceCardTitle(r: Row): ReactNode {
  return (
    <span className="flex items-center justify-between gap-2">
      <InvoiceNumberLink row={r} />
      <InvoiceStatusBadge status={r.status} />
    </span>
  );
}

/** The invoices table (cards on phones) of a page or a job tab, with its paging, sorting, empty and error states. */
export function InvoiceListView({ list, place, emptyAction }: { list: PagedList<Row, { sort: SortState }>; place: InvoiceListPlace; emptyAction?: ReactNode }) {
  const tz = useAuth().session.company.timeZone;
  const columns = useMemo(() => invoiceColumns(place, tz), [place, tz]);
  const cardFields = useMemo(() => invoiceCardFields(place, tz), [place, tz]);
  return (
    <ListView
      list={list}
      caption="Invoices"
      rowKey={(r) => r.id}
      sort={list.filters.sort}
      onSortChange={(sort) => list.setFilters({ sort })}
      columns={columns}
      cardTitle={invoiceCardTitle}
      cardFields={cardFields}
      errorPlacement="below"
      emptyAction={emptyAction}
    />
  );
}
