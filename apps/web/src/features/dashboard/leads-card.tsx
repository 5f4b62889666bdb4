import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { formatMoney } from '../../lib/money';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../leads/leads.api';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { BarList, DashboardCard, Stat } from './dashboard-card';
import type { DashboardSearch } from './dashboard-range';
import { MetricChange } from './metric-change';

const LEADS = { to: '/leads', label: 'View leads' } as const;
const count = (n: number) => String(n);

export function LeadsCard({ range }: { range: DashboardSearch }) {
  const query = useQuery({ queryKey: dashboardKeys.metric('leads', range), queryFn: () => dashboardApi.leads(range) });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.leads} query={query} link={LEADS}>
      {(l) => (
        <>
          <div className="grid grid-cols-2 gap-2 @xl:grid-cols-4">
            <Stat figure="leadsNew" value={l.total.value} change={<MetricChange figure={l.total} />} to={LEADS} />
            <Stat figure="leadsConverted" value={l.converted.value} change={<MetricChange figure={l.converted} />} />
            <Stat figure="leadsConversion" value={`${(l.conversionRate.value * 100).toFixed(1)}%`} change={<MetricChange figure={l.conversionRate} />} />
            <Stat figure="leadsConvertedValue" value={formatMoney(l.convertedValue.value)} change={<MetricChange figure={l.convertedValue} />} />
          </div>
          <div className="mt-4 grid gap-4 @xs:grid-cols-2">
            <div>
              <h3 className="mb-2 text-xs font-medium text-muted uppercase">By status</h3>
              <BarList rows={l.byStatus.map((s) => ({ key: s.status, label: LEAD_STATUS_LABELS[s.status], value: s.count }))} format={count} />
            </div>
            <div>
              <h3 className="mb-2 text-xs font-medium text-muted uppercase">By source</h3>
              <BarList rows={l.bySource.map((s) => ({ key: s.source, label: LEAD_SOURCE_LABELS[s.source], value: s.count }))} format={count} />
            </div>
          </div>
        </>
      )}
    </DashboardCard>
  );
}
