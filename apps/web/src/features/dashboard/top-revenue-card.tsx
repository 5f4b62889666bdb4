import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { formatMoney } from '../../lib/money';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { BarList, DashboardCard } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';

const KINDS = {
  zones: { title: DASHBOARD_CARD_LABELS.zones, empty: 'No invoiced jobs with a zone in this period', fetch: dashboardApi.zones },
  tags: { title: DASHBOARD_CARD_LABELS.tags, empty: 'No invoiced jobs with a tag in this period', fetch: dashboardApi.tags },
} as const;

export function TopRevenueCard({ kind, range }: { kind: keyof typeof KINDS; range: DashboardSearch }) {
  const { title, empty, fetch } = KINDS[kind];
  const query = useQuery({ queryKey: dashboardKeys.metric(kind, range), queryFn: () => fetch(range) });
  return (
    <DashboardCard title={title} query={query} link={{ to: '/workorder/jobs', label: 'View jobs' }}>
      {(t) =>
        t.items.length === 0 ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <BarList
            rows={t.items.map((i) => ({ key: i.id ?? 'other', label: i.name, value: i.revenue, detail: `${i.jobs} ${i.jobs === 1 ? 'job' : 'jobs'}` }))}
            format={formatMoney}
          />
        )
      }
    </DashboardCard>
  );
}
