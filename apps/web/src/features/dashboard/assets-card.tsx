import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_CARD_LABELS } from '@fieldwork/domain/company/onboarding.schemas';
import { ASSET_AGE_BAND_LABELS, ASSET_AGE_BANDS, ASSET_TYPE_LABELS } from '@fieldwork/domain/customers/assets.schemas';
import { dashboardApi, dashboardKeys } from './dashboard.api';
import { BarList, DashboardCard } from './dashboard-card';

const count = (n: number) => String(n);

/** Equipment at customer sites by type and age band: a snapshot of today, so the range does not apply. */
export function AssetsCard() {
  const query = useQuery({ queryKey: dashboardKeys.assets, queryFn: dashboardApi.assets });
  return (
    <DashboardCard title={DASHBOARD_CARD_LABELS.assets} query={query} link={{ to: '/customers', label: 'View customers' }}>
      {(a) =>
        a.total === 0 ? (
          <p className="text-sm text-muted">No equipment recorded yet. Add it on a customer's page.</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-gray-900">
              <span className="text-lg font-semibold tabular-nums">{a.total}</span> <span className="text-muted">assets at customer sites</span>
            </p>
            <h3 className="mb-2 text-xs font-medium text-muted uppercase">By type</h3>
            <BarList
              rows={a.byType.filter((t) => t.total > 0).map((t) => ({ key: t.type, label: ASSET_TYPE_LABELS[t.type], value: t.total }))}
              format={count}
            />
            <h3 className="mt-4 mb-2 text-xs font-medium text-muted uppercase">By age</h3>
            <dl className="grid grid-cols-5 gap-1 text-center text-xs">
              {ASSET_AGE_BANDS.map((band) => (
                <div key={band} className="rounded bg-gray-50 px-1 py-1.5">
                  <dt className="text-muted">{ASSET_AGE_BAND_LABELS[band]}</dt>
                  <dd className="text-sm font-semibold text-gray-900 tabular-nums">{a.byAgeBand[band]}</dd>
                </div>
              ))}
            </dl>
          </>
        )
      }
    </DashboardCard>
  );
}
