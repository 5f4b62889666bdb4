import { createRoute, type AnyRoute, type AsyncRouteComponent } from '@tanstack/react-router';
import type { Capability } from '@fieldwork/domain/access/roles.rules';
import { isCostFor, isCostType, type CostType } from '@fieldwork/domain/jobs/costs.rules';
import type { AllCostsSearch } from '../features/costs/all-costs.page';
import { ActualCostsPage, AllCostsPage, CostCalculatorPage } from './lazy-pages';

type PageComponent = AsyncRouteComponent<unknown>;

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
const isDay = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** Add actual costs: from the clock-out dialog and the task page (taskId and jobId) or a job (jobId). */
export type ActualCostsSearch = { taskId?: string; jobId?: string };
/** An estimate's estimated costs, one type at a time. */
export type CostCalculatorSearch = { estimateId?: string; costType?: CostType };

/** The cost pages of the staff shell, each behind its capability (`guarded`, the shell's own guard). */
export function costRoutes<TParent extends AnyRoute>(parent: TParent, guarded: (page: PageComponent, capability: Capability) => PageComponent) {
  const actualCosts = createRoute({
    getParentRoute: () => parent,
    path: '/workorder/task-details/actual-costs',
    validateSearch: (s: Record<string, unknown>): ActualCostsSearch => ({ taskId: str(s.taskId), jobId: str(s.jobId) }),
    component: guarded(ActualCostsPage, 'costs.task'),
  });
  const costCalculator = createRoute({
    getParentRoute: () => parent,
    path: '/workorder/enter-estimate-details/cost-calculator',
    validateSearch: (s: Record<string, unknown>): CostCalculatorSearch => ({
      estimateId: str(s.estimateId),
      costType: isCostType(s.costType) ? s.costType : undefined,
    }),
    component: guarded(CostCalculatorPage, 'costs.write'),
  });
  /** Every cost of a job, filtered by type, task and a date range (YYYY-MM-DD). */
  const allCosts = createRoute({
    getParentRoute: () => parent,
    path: '/workorder/jobs/$id/all-costs',
    validateSearch: (s: Record<string, unknown>): AllCostsSearch => ({
      costFor: isCostFor(s.costFor) ? s.costFor : undefined,
      taskId: str(s.taskId),
      costType: isCostType(s.costType) ? s.costType : undefined,
      from: isDay(s.from),
      to: isDay(s.to),
    }),
    component: guarded(AllCostsPage, 'costs.read'),
  });
  return [actualCosts, costCalculator, allCosts] as const;
}
