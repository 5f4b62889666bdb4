import { useMemo } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { PLAN_STATUSES, PLAN_STATUS_LABELS, type PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import { PLAN_ORDER_KEYS, PLAN_PAGE_SIZE, type Plan, type PlanOrderKey } from '@fieldwork/domain/plans/plans.schemas';
import { buttonClass } from '../../components/button';
import type { SortState } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { Switch } from '../../components/switch';
import { useAuth } from '../../lib/auth-context';
import { usePagedList } from '../../lib/use-paged-list';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { planCardFields, planColumns } from './plan-columns';
import { planKeys, plansApi } from './plans.api';

export const NO_PLANS_TEXT = 'No service plans yet.';
export const PLAN_SEARCH_PLACEHOLDER = 'Search by plan, customer or site';

type Filters = { status: PlanStatus | ''; needsAttention: boolean; sort: SortState };

const isOrderKey = (key: string): key is PlanOrderKey => (PLAN_ORDER_KEYS as readonly string[]).includes(key);
const STATUS_OPTIONS = PLAN_STATUSES.map((value) => ({ value, label: PLAN_STATUS_LABELS[value] }));

export function NewPlanLink() {
  return (
    <Link to="/plans/new" className={buttonClass('primary')}>
      <Plus size={16} aria-hidden="true" /> New plan
    </Link>
  );
}

export function PlansListPage() {
  return (
    <WorkOrderPage>
      <PlansList />
    </WorkOrderPage>
  );
}

function PlansList() {
  const auth = useAuth();
  const navigate = useNavigate();
  const tz = auth.session.company.timeZone;
  const canWrite = auth.can('jobs.write');
  const list = usePagedList<Plan, Filters>({
    queryKey: planKeys.list,
    fetchPage: ({ status, needsAttention, sort, ...params }) =>
      plansApi.list({
        ...params,
        statuses: status ? [status] : undefined,
        needsAttention,
        orderByKey: isOrderKey(sort.key) ? sort.key : 'createdAt',
        orderByValue: sort.direction,
      }),
    initialFilters: { status: '', needsAttention: false, sort: { key: 'createdAt', direction: 'desc' } },
    isFiltered: (f) => Boolean(f.status) || f.needsAttention,
    pageSize: PLAN_PAGE_SIZE,
  });
  const columns = useMemo(() => planColumns(tz), [tz]);
  const cardFields = useMemo(() => planCardFields(tz), [tz]);

  return (
    <>
      <PageHeader title="Service plans" description="Recurring work that schedules and bills itself." actions={canWrite ? <NewPlanLink /> : null} />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search plans" placeholder={PLAN_SEARCH_PLACEHOLDER} value={list.search} onChange={list.setSearch} />
        <div className="flex items-center gap-3">
          <Select
            aria-label="Status"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
            value={list.filters.status}
            onChange={(e) => list.setFilters({ status: e.target.value as PlanStatus | '' })}
            className="w-40"
          />
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <Switch checked={list.filters.needsAttention} onCheckedChange={(on) => list.setFilters({ needsAttention: on })} aria-label="Needs attention" />
            <span aria-hidden="true">Needs attention</span>
          </label>
        </div>
      </div>
      <ListView
        list={list}
        caption="Service plans"
        rowKey={(p) => p.id}
        onOpen={(p) => void navigate({ to: '/plans/$id', params: { id: p.id } })}
        openLabel={(p) => `Open plan ${p.name}`}
        sort={list.filters.sort}
        onSortChange={(sort) => list.setFilters({ sort })}
        columns={columns}
        cardTitle={(p) => p.name}
        cardFields={cardFields}
        emptyState={<EmptyState title={NO_PLANS_TEXT} action={canWrite ? <NewPlanLink /> : null} />}
      />
    </>
  );
}
