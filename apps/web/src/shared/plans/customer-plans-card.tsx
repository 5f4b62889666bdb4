import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { PLAN_PAGE_SIZE } from '@fieldwork/domain/plans/plans.schemas';
import { buttonClass } from '../../components/button';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { Pagination } from '../../components/pagination';
import { SkeletonRows } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { planKeys, plansApi } from '../../features/plans/plans.api';
import { canOpenWorkOrderPage } from '../access/route-guards';
import { PlanStatusBadge } from './plan-badge';

/** A customer's service plans on the customer page; only for those who may open plans (the API refuses others). */
export function CustomerPlansCard({ customerId, className }: { customerId: string; className?: string }) {
  const auth = useAuth();
  if (!canOpenWorkOrderPage(auth)) return null;
  return <CustomerPlans customerId={customerId} canWrite={auth.can('jobs.write')} timeZone={auth.session.company.timeZone} className={className} />;
}

function CustomerPlans({ customerId, canWrite, timeZone, className }: { customerId: string; canWrite: boolean; timeZone: string; className?: string }) {
  const [page, setPage] = useState(1);
  const plans = useQuery({
    queryKey: [...planKeys.list, 'customer', customerId, page],
    queryFn: () => plansApi.list({ page, limit: PLAN_PAGE_SIZE, customerId, orderByKey: 'nextVisitAt', orderByValue: 'asc' }),
    placeholderData: keepPreviousData,
  });
  const newPlan = canWrite ? (
    <Link to="/plans/new" search={{ customerId }} className={buttonClass('secondary', 'sm')}>
      <Plus size={14} aria-hidden="true" /> New plan
    </Link>
  ) : null;
  const total = plans.data?.pagination.totalItems;
  return (
    <Card title={total === undefined ? 'Service plans' : `Service plans (${total})`} actions={newPlan} className={className}>
      <section aria-label="Service plans" className="text-sm">
        {plans.isLoading ? <SkeletonRows rows={2} label="Loading service plans" /> : null}
        {plans.error ? <ErrorState error={plans.error} onRetry={() => void plans.refetch()} /> : null}
        {plans.data && !plans.data.data.length ? <p className="text-muted">No service plans yet.</p> : null}
        <ul className="divide-y divide-border">
          {plans.data?.data.map((p) => (
            <li key={p.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <span className="min-w-0">
                <Link to="/plans/$id" params={{ id: p.id }} className="font-medium text-primary hover:underline">
                  {p.name}
                </Link>
                <span className="block truncate text-muted">
                  {p.ruleText} · {p.siteAddress.fullAddress}
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-3 text-gray-700">
                <span className="tabular-nums">{p.nextVisitAt ? `Next: ${formatDateTime(p.nextVisitAt, timeZone)}` : 'No visits to come'}</span>
                <span className="tabular-nums">{formatMoney(p.yearlyValue)}/yr</span>
                <PlanStatusBadge status={p.status} />
              </span>
            </li>
          ))}
        </ul>
        {plans.data ? (
          <Pagination
            page={page}
            totalPages={plans.data.pagination.totalPages}
            totalItems={plans.data.pagination.totalItems}
            pageSize={PLAN_PAGE_SIZE}
            onPageChange={setPage}
          />
        ) : null}
      </section>
    </Card>
  );
}
