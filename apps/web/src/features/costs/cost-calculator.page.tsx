/**
 * Cost calculator (route /workorder/enter-estimate-details/cost-calculator?estimateId&costType): an
 * estimate's estimated costs by type, and the revenue, cost and margin the server recomputes from them.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { COST_TYPES, COST_TYPE_LABELS, isCostType, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import { Card } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { Skeleton, SkeletonRows } from '../../components/skeleton';
import { TabPanel, Tabs } from '../../components/tabs';
import { billingKeys, estimatesApi } from '../billing/billing.api';
import { CostCalculatorEstimatePicker } from './cost-calculator-estimate-picker';
import { CostCalculatorList } from './cost-calculator-list';
import { CostCalculatorSummary } from './cost-calculator-summary';

const TITLE = 'Cost calculator';
const TAB_ITEMS = COST_TYPES.map((t) => ({ value: t, label: COST_TYPE_LABELS[t] }));

export function CostCalculatorPage() {
  const { estimateId, costType } = useSearch({ strict: false }) as { estimateId?: string; costType?: CostType };
  const navigate = useNavigate();
  const setSearch = (patch: { estimateId?: string; costType?: CostType }) =>
    void navigate({ to: '/workorder/enter-estimate-details/cost-calculator', search: (prev) => ({ ...prev, ...patch }) });

  if (!estimateId)
    return (
      <>
        <PageHeader title={TITLE} back={<BackLink to="/workorder/estimates">Estimates</BackLink>} />
        <CostCalculatorEstimatePicker onSelect={(id) => setSearch({ estimateId: id })} />
      </>
    );
  return <EstimateCosts estimateId={estimateId} costType={costType ?? 'LABOR'} onCostType={(t) => setSearch({ costType: t })} />;
}

function EstimateCosts({ estimateId, costType, onCostType }: { estimateId: string; costType: CostType; onCostType: (t: CostType) => void }) {
  const estimate = useQuery({ queryKey: billingKeys.estimate(estimateId), queryFn: () => estimatesApi.get(estimateId) });
  const back = (
    <BackLink to="/workorder/estimates/$id" params={{ id: estimateId }}>
      Estimate
    </BackLink>
  );

  if (estimate.isLoading)
    return (
      <>
        <PageHeader title={TITLE} back={back} />
        <div aria-busy="true" aria-label="Loading estimate" className="space-y-4">
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
          <SkeletonRows rows={3} />
        </div>
      </>
    );
  // Data first: a failed refetch after a cost change must not hide figures already shown.
  if (!estimate.data)
    return (
      <>
        <PageHeader title={TITLE} back={<BackLink to="/workorder/estimates">Estimates</BackLink>} />
        <ErrorState title="Estimate not found" error={estimate.error} onRetry={() => void estimate.refetch()} />
      </>
    );

  const e = estimate.data;
  return (
    <>
      <PageHeader title={TITLE} back={back} />
      <div className="space-y-4">
        <CostCalculatorSummary estimate={e} refreshing={estimate.isFetching} />
        <Card>
          <Tabs variant="pills" aria-label="Cost type" value={costType} items={TAB_ITEMS} onValueChange={(v) => (isCostType(v) ? onCostType(v) : undefined)}>
            <TabPanel value={costType}>
              <CostCalculatorList key={costType} estimateId={e.id} jobId={e.job?.id ?? null} costType={costType} />
            </TabPanel>
          </Tabs>
        </Card>
      </div>
    </>
  );
}
