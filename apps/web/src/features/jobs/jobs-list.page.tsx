import { useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Columns3 } from 'lucide-react';
import { JOB_ORDER_KEYS, type JobListItem, type JobOrderKey } from '@fieldwork/domain/jobs/jobs.schemas';
import { Button } from '../../components/button';
import type { SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { CreateNewLink, PageHeader } from '../../components/page-header';
import { PageUnavailable } from '../../components/page-unavailable';
import { SearchInput } from '../../components/search-input';
import { SortSelect, type SortOption } from '../../components/sort-select';
import { SkeletonRows } from '../../components/skeleton';
import { CustomiseColumnsSheet } from '../../components/customise-columns-sheet';
import { useAuth } from '../../lib/auth-context';
import { usePagedList } from '../../lib/use-paged-list';
import { useSaveTableConfig, useTableConfig } from '../../lib/use-table-config';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { jobCardFields, jobCardTitle, jobTableColumns } from './job-columns';
import { JobFilters, NO_JOB_FILTERS, activeFilterCount, type JobFilterValues } from './job-filters';
import { jobNumberText } from '../../shared/jobs/job-status-badge';
import { JobSummaryCards } from './job-summary-cards';
import { jobKeys, jobsApi } from './jobs.api';

export const JOB_SEARCH_PLACEHOLDER = 'Search by job number';

type Filters = JobFilterValues & { sort: SortState };

const isOrderKey = (key: string): key is JobOrderKey => (JOB_ORDER_KEYS as readonly string[]).includes(key);

/** Phones have no table headers: the same sort keys as a select. */
const MOBILE_SORTS: readonly SortOption[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'jobNumber:desc', label: 'Job number (high–low)' },
  { value: 'jobNumber:asc', label: 'Job number (low–high)' },
  { value: 'openEstimateAmount:desc', label: 'Open estimates (high–low)' },
  { value: 'dueInvoicesAmount:desc', label: 'Due invoices (high–low)' },
  { value: 'paidAmount:desc', label: 'Paid amount (high–low)' },
  { value: 'totalCosts:desc', label: 'Total costs (high–low)' },
  { value: 'openBalance:desc', label: 'Open balance (high–low)' },
];

export function JobsListPage() {
  const auth = useAuth();
  if (auth.viewerClass === 'technician') return <PageUnavailable message="Technicians have no access to the Job's listing page" />;
  return (
    <WorkOrderPage>
      <JobsList />
    </WorkOrderPage>
  );
}

function JobsList() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [customising, setCustomising] = useState(false);
  const tableConfig = useTableConfig('JOBS');
  const saveConfig = useSaveTableConfig('JOBS', () => setCustomising(false));
  const tz = auth.session.company.timeZone;

  const list = usePagedList<JobListItem, Filters>({
    queryKey: jobKeys.list,
    fetchPage: ({ sort, zoneIds, tagIds, statuses, ...params }) =>
      jobsApi.list({
        ...params,
        zoneIds,
        tagIds,
        statuses,
        orderByKey: isOrderKey(sort.key) ? sort.key : 'createdAt',
        orderByValue: sort.direction,
      }),
    initialFilters: { ...NO_JOB_FILTERS, sort: { key: 'createdAt', direction: 'desc' } },
    isFiltered: (f) => activeFilterCount(f) > 0,
  });

  const columns = useMemo(() => jobTableColumns(tableConfig.config, tz), [tableConfig.config, tz]);
  const cardFields = useMemo(() => jobCardFields(tableConfig.config, tz), [tableConfig.config, tz]);
  const open = (job: JobListItem) => void navigate({ to: '/workorder/jobs/$id', params: { id: job.id } });
  const sort = list.filters.sort;

  return (
    <>
      <PageHeader
        title="Jobs"
        actions={
          <>
            <Button variant="secondary" onClick={() => setCustomising(true)} disabled={tableConfig.isLoading}>
              <Columns3 size={14} aria-hidden="true" /> Customise
            </Button>
            {auth.can('jobs.write') ? <CreateNewLink to="/workorder/jobs/create" /> : null}
          </>
        }
      />
      <JobSummaryCards />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search by job number" placeholder={JOB_SEARCH_PLACEHOLDER} value={list.search} onChange={list.setSearch} />
        <div className="flex gap-2">
          <JobFilters value={list.filters} onChange={list.setFilters} />
          {list.mobile ? <SortSelect label="Sort jobs" options={MOBILE_SORTS} sort={sort} onChange={(next) => list.setFilters({ sort: next })} /> : null}
        </div>
      </div>
      {tableConfig.isLoading ? (
        <SkeletonRows />
      ) : (
        <ListView
          list={list}
          caption="Jobs"
          rowKey={(j) => j.id}
          onOpen={open}
          openLabel={(j) => `Open job ${jobNumberText(j.jobNumber)}`}
          sort={sort}
          onSortChange={(next) => list.setFilters({ sort: next })}
          columns={columns}
          cardTitle={jobCardTitle}
          cardFields={cardFields}
          errorPlacement="below"
        />
      )}
      <CustomiseColumnsSheet
        type="JOBS"
        listName="the job list"
        open={customising}
        onOpenChange={setCustomising}
        config={tableConfig.config}
        onApply={(config) => saveConfig.mutate(config)}
        pending={saveConfig.isPending}
      />
    </>
  );
}
