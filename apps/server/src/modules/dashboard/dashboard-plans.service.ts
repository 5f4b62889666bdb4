import type { Db } from '@fieldwork/db/connection';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { resolveRange } from '@fieldwork/domain/dashboard/dashboard.rules';
import type { PlanMetrics } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { recurringRevenue, type BillingKind } from '@fieldwork/domain/plans/plans.rules';
import type { Recurrence } from '@fieldwork/domain/plans/recurrence.rules';
import { activePlanTermsUnvalued, planCountsByStatus, planVisitCounts, storedRecurringRevenue } from './dashboard-plans.repository.ts';

/**
 * The service plans card, a snapshot of now (recurring revenue from each plan's stored yearly value, kept by its
 * saves and daily run; plans saved before that column are worked out here): how many plans, the recurring revenue of the active ones (a
 * yearly rate, so no period applies) and the plan visits of the current calendar month in the company's zone.
 */
export async function planMetrics(db: Db, tenantId: string, timeZone: string, now = new Date()): Promise<PlanMetrics> {
  const month = resolveRange({ preset: 'this_month' }, now, timeZone);
  const [counts, stored, terms, visits] = await Promise.all([
    planCountsByStatus(db, tenantId),
    storedRecurringRevenue(db, tenantId),
    activePlanTermsUnvalued(db, tenantId),
    planVisitCounts(db, tenantId, month),
  ]);
  const plans = terms.map((t) => ({
    status: 'active' as const,
    billing: t.billing as BillingKind,
    priceCents: t.price_cents,
    recurrence: JSON.parse(t.recurrence) as Recurrence,
  }));
  return {
    month: { from: month.from, to: month.to },
    plans: { total: [...counts.values()].reduce((s, c) => s + c, 0), active: counts.get('active') ?? 0 },
    recurringRevenue: centsToDollars(stored + recurringRevenue(plans, timeZone, now)),
    visitsThisMonth: visits,
  };
}
