import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { CheckCircle2, Circle } from 'lucide-react';
import { DATE_PRESET_LABELS, DATE_PRESETS, type DatePreset } from '@fieldwork/domain/time/date-presets.rules';
import { ESTIMATE_PAGE_SIZE } from '@fieldwork/domain/billing/estimates.schemas';
import { ESTIMATE_STATUS_LABELS, ESTIMATE_STATUSES, LINK_MESSAGES, linkRefusal, type EstimateStatus } from '@fieldwork/domain/billing/estimates.rules';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@fieldwork/domain/billing/invoices.rules';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Field } from '../../components/field';
import { MultiSelect } from '../../components/multi-select';
import { Pagination } from '../../components/pagination';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { SkeletonRows } from '../../components/skeleton';
import { isApiError, messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { usePagedList } from '../../lib/use-paged-list';
import { SideSheet } from '../../components/side-sheet';
import { billingKeys, estimatesApi, invoicesApi, type DocumentKind } from '../../features/billing/billing.api';
import { statusOptions } from './document-filter';
import { EstimateStatusBadge, InvoiceStatusBadge } from './document-status-badge';
import { useInvalidateBilling } from './use-document-actions';

export type LinkToJobPanelProps = {
  kind: DocumentKind;
  /** status: the job's (only an open job takes documents); taken as open when not given. */
  job: { id: string; jobNumber: number; customerId: string; status?: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export const NO_ITEMS_FOUND = 'No items found';

/** One row of either kind, as the panel shows it. */
type Candidate = {
  id: string;
  number: number;
  customer: { id: string; name: string };
  amount: number;
  createdAt: string;
  status: ReactNode;
  storedStatus: string;
  jobId: string | null;
  isVoid: boolean;
};
type Filters = { statuses: string[]; createdOn: DatePreset | null };

const NO_FILTERS: Filters = { statuses: [], createdOn: null };
// The server leaves void documents out of the unlinked list (they cannot be linked), so Void is no filter here.
const STATUS_OPTIONS = {
  estimate: statusOptions(
    ESTIMATE_STATUSES.filter((s) => s !== 'VOID'),
    ESTIMATE_STATUS_LABELS,
  ),
  invoice: statusOptions(
    INVOICE_STATUSES.filter((s) => s !== 'VOID'),
    INVOICE_STATUS_LABELS,
  ),
};
const PRESET_OPTIONS = DATE_PRESETS.map((value) => ({ value, label: DATE_PRESET_LABELS[value] }));
const isPreset = (value: string): value is DatePreset => (DATE_PRESETS as readonly string[]).includes(value);

/** The list's query key sits under billingKeys.all, so any document change (or a lost link race) refreshes it. */
const listKey = (kind: DocumentKind) => [...(kind === 'estimate' ? billingKeys.estimates : billingKeys.invoices), 'list', 'unlinked'];

async function fetchCandidates(kind: DocumentKind, customerId: string, params: Filters & { page: number; limit: number; search?: string }) {
  // The job's customer's documents first: they are the ones that can be linked.
  const common = {
    page: params.page,
    limit: params.limit,
    search: params.search,
    orderByKey: 'createdOn',
    orderByValue: 'desc',
    unlinked: true,
    customerFirst: customerId,
    ...(params.createdOn ? { createdOn: params.createdOn } : {}),
  } as const;
  if (kind === 'estimate') {
    const page = await estimatesApi.list({ ...common, statuses: params.statuses as EstimateStatus[] });
    return {
      ...page,
      data: page.data.map((e): Candidate => ({
        id: e.id,
        number: e.estimateNumber,
        customer: e.account,
        amount: e.totalAmount,
        createdAt: e.createdAt,
        status: <EstimateStatusBadge status={e.status} />,
        storedStatus: e.status,
        jobId: e.job?.id ?? null,
        isVoid: e.status === 'VOID',
      })),
    };
  }
  const page = await invoicesApi.list({ ...common, statuses: params.statuses as InvoiceStatus[] });
  return {
    ...page,
    data: page.data.map((i): Candidate => ({
      id: i.id,
      number: i.invoiceNumber,
      customer: i.account,
      amount: i.totalAmount,
      createdAt: i.createdAt,
      status: <InvoiceStatusBadge status={i.status} />,
      storedStatus: i.status,
      jobId: i.job?.id ?? null,
      isVoid: i.status === 'VOID',
    })),
  };
}

/**
 * "Linking is permanent": pick one estimate or invoice without a job and link it to this job, once. The job's
 * customer's documents come first; a row that cannot be linked stays visible but unselectable and says why on
 * the row (linkRefusal, the rule the server refuses by).
 */
export function LinkToJobPanel({ kind, job, open, onOpenChange }: LinkToJobPanelProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const invalidate = useInvalidateBilling();
  const link = useMutation({
    mutationFn: (id: string) => (kind === 'estimate' ? estimatesApi.link(id, job.id) : invoicesApi.link(id, job.id)),
    onSuccess: async ({ data }) => {
      toast.success(LINK_MESSAGES.success, { description: LINK_MESSAGES.successDetail(data.jobNumber) });
      setSelectedId(null);
      onOpenChange(false);
      await invalidate();
    },
    onError: async (error) => {
      toast.error(LINK_MESSAGES.failed, { description: messageOf(error) });
      // Someone else linked (or voided) it meanwhile: show the list as it is now.
      if (isApiError(error) && error.statusCode === 409) await invalidate();
    },
  });
  const close = () => {
    setSelectedId(null);
    link.reset();
    onOpenChange(false);
  };

  return (
    <SideSheet
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={LINK_MESSAGES.panelTitle}
      description={LINK_MESSAGES.panelNote}
      width={600}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!selectedId || link.isPending} loading={link.isPending} onClick={() => selectedId && link.mutate(selectedId)}>
            {LINK_MESSAGES.button}
          </Button>
        </>
      }
    >
      <LinkCandidates kind={kind} job={job} selectedId={selectedId} onSelect={setSelectedId} />
    </SideSheet>
  );
}

type CandidatesProps = { kind: DocumentKind; job: LinkToJobPanelProps['job']; selectedId: string | null; onSelect: (id: string | null) => void };

/** Mounted only while the sheet is open, so a closed panel fetches nothing and each opening starts afresh. */
function LinkCandidates({ kind, job, selectedId, onSelect }: CandidatesProps) {
  const { session } = useAuth();
  const list = usePagedList<Candidate, Filters>({
    queryKey: [...listKey(kind), job.customerId],
    fetchPage: (params) => fetchCandidates(kind, job.customerId, params),
    initialFilters: NO_FILTERS,
    isFiltered: (f) => f.statuses.length > 0 || f.createdOn !== null,
    mobilePaging: 'pages',
    pageSize: ESTIMATE_PAGE_SIZE,
  });
  const { rows, isLoading } = list;

  // A selection is of a row in view: it goes when its row does (another page, a filter, or linked elsewhere).
  useEffect(() => {
    if (selectedId && !isLoading && !rows.some((r) => r.id === selectedId)) onSelect(null);
  }, [rows, isLoading, selectedId, onSelect]);

  const label = kind === 'estimate' ? 'Estimates' : 'Invoices';
  const blockedReason = (row: Candidate) =>
    linkRefusal(
      { jobId: row.jobId, status: row.storedStatus, customerId: row.customer.id, customerName: row.customer.name },
      { status: job.status ?? 'OPEN', customerId: job.customerId },
    )?.rowMessage ?? null;
  const noneLinkable = list.page === 1 && rows.length > 0 && rows.every((r) => blockedReason(r) !== null);
  const toggle = (row: Candidate) => {
    if (blockedReason(row)) return;
    onSelect(selectedId === row.id ? null : row.id);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <SearchInput
          value={list.search}
          onChange={list.setSearch}
          placeholder="Search by number"
          aria-label={`Search ${label.toLowerCase()} by number`}
          className="sm:w-44"
        />
        <Field label="Created On" id="link-panel-created-on" className="sm:w-40">
          <Select
            placeholder="Any time"
            options={PRESET_OPTIONS}
            value={list.filters.createdOn ?? ''}
            onChange={(e) => list.setFilters({ createdOn: isPreset(e.target.value) ? e.target.value : null })}
          />
        </Field>
        <Field label="Status" id="link-panel-status" className="min-w-0 flex-1">
          {(control) => (
            <MultiSelect {...control} options={STATUS_OPTIONS[kind]} value={list.filters.statuses} onChange={(statuses) => list.setFilters({ statuses })} />
          )}
        </Field>
      </div>
      {isLoading ? (
        <SkeletonRows rows={5} label={`Loading ${label.toLowerCase()}`} />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : rows.length === 0 ? (
        <EmptyState title={NO_ITEMS_FOUND} />
      ) : (
        <>
          {noneLinkable ? (
            <p role="note" className="rounded-md border border-border bg-gray-50 px-3 py-2 text-sm text-gray-700">
              {LINK_MESSAGES.noneOfCustomer(label.toLowerCase())}
            </p>
          ) : null}
          <CandidateTable
            label={label}
            rows={rows}
            selectedId={selectedId}
            blockedReason={blockedReason}
            onToggle={toggle}
            timeZone={session.company.timeZone}
          />
        </>
      )}
      {list.pagination ? (
        <Pagination
          page={list.page}
          totalPages={list.pagination.totalPages}
          totalItems={list.pagination.totalItems}
          pageSize={list.pagination.itemsPerPage}
          onPageChange={list.setPage}
        />
      ) : null}
    </div>
  );
}

type TableProps = {
  label: string;
  rows: readonly Candidate[];
  selectedId: string | null;
  blockedReason: (row: Candidate) => string | null;
  onToggle: (row: Candidate) => void;
  timeZone: string;
};

const HEADERS = ['Number', 'Customer', 'Amount', 'Created On', 'Status'];

/** A single-select grid: click, Space or Enter toggles a row; arrow keys move between rows. */
function CandidateTable({ label, rows, selectedId, blockedReason, onToggle, timeZone }: TableProps) {
  const onKey = (row: Candidate) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onToggle(row);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? e.currentTarget.nextElementSibling : e.currentTarget.previousElementSibling;
      if (next instanceof HTMLElement) next.focus();
    }
  };
  const cell = 'border-b border-border px-3 py-2.5 align-middle';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table role="grid" aria-label={label} aria-multiselectable="false" className="w-full border-separate border-spacing-0 text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="w-10 border-b border-border bg-gray-50 px-3 py-2">
              <span className="sr-only">Select</span>
            </th>
            {HEADERS.map((h) => (
              <th
                key={h}
                scope="col"
                className="border-b border-border bg-gray-50 px-3 py-2 text-xs font-semibold tracking-wide whitespace-nowrap text-gray-700 uppercase"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const reason = blockedReason(row);
            const selected = row.id === selectedId;
            return (
              <tr
                key={row.id}
                tabIndex={0}
                aria-selected={selected}
                aria-disabled={reason ? true : undefined}
                title={reason ?? undefined}
                onClick={() => onToggle(row)}
                onKeyDown={onKey(row)}
                className={cn(
                  'outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-inset',
                  reason ? 'cursor-not-allowed text-gray-500' : 'cursor-pointer hover:bg-gray-50',
                  selected && 'bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <td className={cell}>
                  {row.isVoid ? (
                    <span aria-label={LINK_MESSAGES.voidUnlinkable}>-</span>
                  ) : selected ? (
                    <CheckCircle2 size={16} className="text-primary" aria-hidden="true" />
                  ) : (
                    <Circle size={16} className="text-gray-400" aria-hidden="true" />
                  )}
                </td>
                <td className={cn(cell, 'font-medium whitespace-nowrap')}>#{row.number}</td>
                <td className={cell}>
                  <span className="block">{row.customer.name}</span>
                  {reason ? <span className="block text-xs text-gray-600">{reason}</span> : null}
                </td>
                <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>{formatMoney(row.amount)}</td>
                <td className={cn(cell, 'whitespace-nowrap')}>{formatDate(row.createdAt, timeZone)}</td>
                <td className={cell}>{row.status}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
