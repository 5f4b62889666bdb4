import type { Db } from '@fieldwork/db/connection';
import { creditTotals } from '../payments/online-payments.repository.ts';
import { bucketOf, chartBuckets, figure, previousDays, resolveRange } from '@fieldwork/domain/dashboard/dashboard.rules';
import { financeFigures } from '@fieldwork/domain/dashboard/dashboard-figures.rules';
import type { DashboardRange, DashboardRangeQuery, FinanceMetrics, RevenueChart } from '@fieldwork/domain/dashboard/dashboard.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { collectedByDay, estimateTotals, invoicedByDay, jobCostsByDay, openInvoiceTotals, type Period } from './dashboard-money.repository.ts';
import { dayIn } from '@fieldwork/domain/time/zoned-day.rules';

/** The current and previous periods of a range, as the repositories take them. */
export function periodsOf(range: DashboardRange): { current: Period; previous: Period } {
  return {
    current: { from: range.from, to: range.to, start: range.start, end: range.end },
    previous: { ...previousDays(range), start: range.previousStart, end: range.previousEnd },
  };
}

export function rangeOf(query: DashboardRangeQuery, timeZone: string, now = new Date()): DashboardRange {
  return resolveRange(query, now, timeZone);
}

/** Invoiced rows per day, undated ones placed on their creation day in the tenant's zone. */
async function invoicedDays(db: Db, tenantId: string, p: Period, timeZone: string) {
  const { dated, undated } = await invoicedByDay(db, tenantId, p);
  return [...dated, ...undated.map((u) => ({ day: dayIn(u.at, timeZone), total: u.total, subtotal: u.subtotal, count: 1 }))];
}

async function periodMoney(db: Db, tenantId: string, p: Period, timeZone: string) {
  const [invoiced, collected, costs] = await Promise.all([
    invoicedDays(db, tenantId, p, timeZone),
    collectedByDay(db, tenantId, p),
    jobCostsByDay(db, tenantId, p),
  ]);
  const sum = <T>(rows: T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return financeFigures({
    invoicedCents: sum(invoiced, (r) => r.total),
    subtotalCents: sum(invoiced, (r) => r.subtotal),
    invoiceCount: sum(invoiced, (r) => r.count),
    collectedCents: sum(collected, (r) => r.amount),
    jobCostCents: sum(costs, (r) => r.amount),
  });
}

/**
 * The period figures (as DASHBOARD_FIGURES defines them) against the previous period; outstanding, overdue and
 * the estimate values are snapshots of now.
 */
export async function financeMetrics(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery): Promise<FinanceMetrics> {
  const now = new Date();
  const range = rangeOf(query, timeZone, now);
  const { current, previous } = periodsOf(range);
  const today = dayIn(now, timeZone);
  const [cur, prev, open, estimates, credits] = await Promise.all([
    periodMoney(db, tenantId, current, timeZone),
    periodMoney(db, tenantId, previous, timeZone),
    openInvoiceTotals(db, tenantId, today),
    estimateTotals(db, tenantId, today),
    creditTotals(db, tenantId),
  ]);
  const money = (value: number, before: number | null) => figure(centsToDollars(value), before === null ? null : centsToDollars(before));
  return {
    range,
    invoiced: money(cur.invoiced, prev.invoiced),
    revenue: money(cur.revenue, prev.revenue),
    collected: money(cur.collected, prev.collected),
    outstanding: money(open.outstanding, null),
    overdue: { count: figure(open.overdueCount, null), amount: money(open.overdueAmount, null) },
    averageInvoice: money(cur.averageInvoice, prev.averageInvoice),
    openEstimatesValue: money(estimates.open, null),
    approvedNotInvoicedValue: money(estimates.approvedNotInvoiced, null),
    jobCosts: money(cur.jobCosts, prev.jobCosts),
    grossMargin: money(cur.grossMargin, prev.grossMargin),
    marginPercentage: figure(cur.marginPercentage, prev.marginPercentage),
    credits: { count: credits.count, amount: centsToDollars(credits.cents) },
  };
}

/** Invoiced, collected and actual cost per week (ranges ≤ 62 days) or per month. */
export async function revenueChart(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery): Promise<RevenueChart> {
  const range = rangeOf(query, timeZone);
  const { current } = periodsOf(range);
  const buckets = chartBuckets(range);
  const points = buckets.map((b) => ({ start: b.start, label: b.label, invoiced: 0, collected: 0, cost: 0 }));
  const [invoiced, collected, costs] = await Promise.all([
    invoicedDays(db, tenantId, current, timeZone),
    collectedByDay(db, tenantId, current),
    jobCostsByDay(db, tenantId, current),
  ]);
  const add = (day: string, key: 'invoiced' | 'collected' | 'cost', cents: number) => {
    const i = bucketOf(buckets, day, range);
    if (i >= 0) points[i]![key] += cents;
  };
  for (const r of invoiced) add(r.day, 'invoiced', r.total);
  for (const r of collected) add(r.day, 'collected', r.amount);
  for (const r of costs) add(r.day, 'cost', r.amount);
  return {
    range,
    bucket: range.bucket,
    points: points.map((p) => ({ ...p, invoiced: centsToDollars(p.invoiced), collected: centsToDollars(p.collected), cost: centsToDollars(p.cost) })),
  };
}
