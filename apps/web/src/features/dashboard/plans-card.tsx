import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { useAuth } from '../../lib/auth-context';
import { formatMoney } from '../../lib/money';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { DashboardCard, Stat } from './dashboard-card';

const PLANS = { to: '/plans', label: 'View plans' } as const;

export const PLANS_CARD_TEXT = { empty: 'No service plans yet.', create: 'Create a plan' } as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Service plans: what the active plans bring in a year and this month's plan visits (with how many are done).
 * A snapshot of now, so the dashboard's range does not apply; a company without plans is invited to make one.
 */
export function PlansCard() {
  const auth = useAuth();
  const query = useQuery({ queryKey: dashboardKeys.plans, queryFn: dashboardApi.plans });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.plans} query={query} link={PLANS} skeletonRows={2}>
      {(m) =>
        m.plans.total === 0 ? (
          <p className="text-sm text-muted">
            {PLANS_CARD_TEXT.empty}{' '}
            {auth.can('jobs.write') ? (
              <Link to="/plans/new" className="font-medium text-primary hover:underline">
                {PLANS_CARD_TEXT.create}
              </Link>
            ) : null}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-2 @xs:grid-cols-2">
            <Stat
              figure="recurringRevenue"
              value={formatMoney(m.recurringRevenue)}
              sub={`a year, from ${plural(m.plans.active, 'active plan', 'active plans')}`}
              to={PLANS}
            />
            <Stat
              figure="planVisitsDue"
              value={m.visitsThisMonth.due}
              sub={`${m.visitsThisMonth.done} done, ${m.visitsThisMonth.due - m.visitsThisMonth.done} to go`}
              to={PLANS}
            />
          </div>
        )
      }
    </DashboardCard>
  );
}
