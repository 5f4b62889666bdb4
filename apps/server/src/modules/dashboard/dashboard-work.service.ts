import type { Db } from '@fieldwork/db/connection';
import {
  DASHBOARD_OTHER_LABEL,
  DASHBOARD_TOP_N,
  type CustomerStats,
  type DashboardRangeQuery,
  type JobMetrics,
  type LeadMetrics,
  type TopRevenue,
} from '@fieldwork/domain/dashboard/dashboard.schemas';
import { figure, topWithOther } from '@fieldwork/domain/dashboard/dashboard.rules';
import { LEAD_SOURCES, LEAD_STATUSES } from '@fieldwork/domain/customers/leads.schemas';
import { centsToDollars } from '@fieldwork/domain/common/money.rules';
import { statusBounds } from '@fieldwork/domain/tasks/task-status.rules';
import { customerNames, invoicedByCustomer, invoicedByJobLink } from './dashboard-money.repository.ts';
import { customerCounts, jobCloseDays, jobsByStatus, leadCounts, taskCounts } from './dashboard-work.repository.ts';
import { periodsOf, rangeOf } from './dashboard-finance.service.ts';

async function periodWork(db: Db, tenantId: string, p: { start: string; end: string }, now: Date, timeZone: string) {
  const [jobs, tasks, closes] = await Promise.all([
    jobsByStatus(db, tenantId, p),
    taskCounts(db, tenantId, p, statusBounds(now, timeZone)),
    jobCloseDays(db, tenantId, p),
  ]);
  return {
    openJobs: jobs.OPEN,
    closedJobs: jobs.CLOSED,
    cancelledJobs: jobs.CANCELLED,
    openTasks: tasks.open,
    overdueTasks: tasks.missed,
    closedTasks: tasks.closed,
    averageDaysToClose: closes.count ? Math.round((closes.days / closes.count) * 10) / 10 : 0,
  };
}

/** Jobs created in the period by status; tasks scheduled in it by derived status; days from creation to close. */
export async function jobMetrics(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery): Promise<JobMetrics> {
  const now = new Date();
  const range = rangeOf(query, timeZone, now);
  const { current, previous } = periodsOf(range);
  const [cur, prev] = await Promise.all([periodWork(db, tenantId, current, now, timeZone), periodWork(db, tenantId, previous, now, timeZone)]);
  const keys = ['openJobs', 'closedJobs', 'cancelledJobs', 'openTasks', 'overdueTasks', 'closedTasks', 'averageDaysToClose'] as const;
  return { range, ...(Object.fromEntries(keys.map((k) => [k, figure(cur[k], prev[k])])) as Record<(typeof keys)[number], ReturnType<typeof figure>>) };
}

/** Totals (all time), new customers in the period, repeat customers (≥ 2 jobs), top 5 by invoiced in the period. */
export async function customerStats(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery): Promise<CustomerStats> {
  const range = rangeOf(query, timeZone);
  const { current, previous } = periodsOf(range);
  const [counts, revenue] = await Promise.all([customerCounts(db, tenantId, current, previous), invoicedByCustomer(db, tenantId, current)]);
  const top = revenue.sort((a, b) => b.revenue - a.revenue || a.id.localeCompare(b.id)).slice(0, DASHBOARD_TOP_N);
  const names = await customerNames(
    db,
    tenantId,
    top.map((t) => t.id),
  );
  return {
    range,
    total: counts.total,
    newInRange: figure(counts.newInRange, counts.newBefore),
    repeat: counts.repeat,
    top: top.map((t) => ({ id: t.id, name: names.get(t.id) ?? '', revenue: centsToDollars(t.revenue) })),
  };
}

/** Leads created in the period by status and source; converted (a job was created from it), rate and value. */
export async function leadMetrics(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery): Promise<LeadMetrics> {
  const range = rangeOf(query, timeZone);
  const { current, previous } = periodsOf(range);
  const [cur, prev] = await Promise.all([leadCounts(db, tenantId, current), leadCounts(db, tenantId, previous)]);
  const total = (c: typeof cur) => c.groups.reduce((s, g) => s + g.n, 0);
  const rate = (c: typeof cur) => (total(c) ? Math.round((c.converted / total(c)) * 10_000) / 10_000 : 0);
  const count = (key: 'status' | 'source', value: string) => cur.groups.filter((g) => g[key] === value).reduce((s, g) => s + g.n, 0);
  return {
    range,
    total: figure(total(cur), total(prev)),
    byStatus: LEAD_STATUSES.map((status) => ({ status, count: count('status', status) })),
    bySource: LEAD_SOURCES.map((source) => ({ source, count: count('source', source) })),
    converted: figure(cur.converted, prev.converted),
    conversionRate: figure(rate(cur), rate(prev)),
    convertedValue: figure(centsToDollars(cur.convertedValue), centsToDollars(prev.convertedValue)),
  };
}

/** Invoiced in the period per zone or job tag, top 5 then "Other"; a job in several counts in each. */
export async function topRevenue(db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery, link: 'zones' | 'tags'): Promise<TopRevenue> {
  const range = rangeOf(query, timeZone);
  const rows = await invoicedByJobLink(db, tenantId, periodsOf(range).current, link);
  const items = topWithOther(rows, DASHBOARD_TOP_N, DASHBOARD_OTHER_LABEL).map((r) => ({
    id: r.id,
    name: r.name,
    revenue: centsToDollars(r.revenue),
    jobs: r.jobs,
  }));
  return { range, items };
}
