/**
 * Dashboard metric contracts. Every metric endpoint under
 * /api/dashboard takes the same range query: a date preset computed in the tenant's zone (default this_month)
 * or a custom from/to pair of calendar days (inclusive). Money is dollars with 2 places; `change` is the
 * fraction against the previous period of the same length ((value − previous) / previous), null when the
 * previous figure is 0 or has no meaning (a snapshot of "now" such as the outstanding balance).
 */
import { z } from 'zod';
import { DATE_PRESETS } from '../time/date-presets.rules.ts';
import type { DatePreset } from '../time/date-presets.rules.ts';
import { LEAD_SOURCES, LEAD_STATUSES } from '../customers/leads.schemas.ts';

/** The longest custom range accepted (three years): enough for year-on-year views, bounded for the server. */
export const DASHBOARD_MAX_RANGE_DAYS = 1096;
/** Ranges up to this many days are charted per week, longer ones per month. */
export const DASHBOARD_WEEKLY_MAX_DAYS = 62;
/** Top zones, tags and customers: this many rows, then one "Other" row for the rest. */
export const DASHBOARD_TOP_N = 5;
export const DASHBOARD_OTHER_LABEL = 'Other';
export const DASHBOARD_DEFAULT_PRESET: DatePreset = 'this_month';

export const DASHBOARD_MESSAGES = {
  fromRequired: 'from is mandatory when to is given.',
  toRequired: 'to is mandatory when from is given.',
  fromAfterTo: 'from must be on or before to.',
  tooLong: `The date range must be at most ${DASHBOARD_MAX_RANGE_DAYS} days.`,
} as const;

/** Not 9999-12-31: ranges run to the next midnight, and the day after 9999-12-31 has no YYYY-MM-DD key. */
const dayField = (label: string) =>
  z.iso.date({ error: `${label} must be a date (YYYY-MM-DD).` }).refine((v) => v !== '9999-12-31', { error: `${label} must be a date (YYYY-MM-DD).` });

/** Query strings send `from=` for a cleared field: treat '' as absent. */
function dropEmpty(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== ''));
}

/** Whole days from one YYYY-MM-DD to another, counted on the calendar (no zone, no DST). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * GET /api/dashboard/*: `preset` (default this_month) or a custom `from`–`to` (both inclusive, YYYY-MM-DD,
 * days in the tenant's zone). When from and to are given they win over preset.
 */
export const dashboardRangeQuery = z.preprocess(
  dropEmpty,
  z
    .strictObject({
      preset: z.enum(DATE_PRESETS, { error: `preset must be one of: ${DATE_PRESETS.join(', ')}.` }).optional(),
      from: dayField('from').optional(),
      to: dayField('to').optional(),
    })
    .superRefine((q, ctx) => {
      if (q.from && !q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.toRequired });
      if (q.to && !q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: DASHBOARD_MESSAGES.fromRequired });
      if (!q.from || !q.to) return;
      const days = daysBetween(q.from, q.to);
      if (days < 0) ctx.addIssue({ code: 'custom', path: ['from'], message: DASHBOARD_MESSAGES.fromAfterTo });
      else if (days + 1 > DASHBOARD_MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.tooLong });
    }),
);
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuery>;

export const DASHBOARD_BUCKETS = ['month', 'week'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/**
 * The resolved period, echoed in every response so the UI can say what was compared with what.
 * start/end and previousStart/previousEnd are UTC instants, end exclusive; from/to are the inclusive
 * calendar days in the tenant's zone.
 */
export const dashboardRangeSchema = z.object({
  preset: z.union([z.enum(DATE_PRESETS), z.literal('custom')]),
  from: z.string(),
  to: z.string(),
  start: z.string(),
  end: z.string(),
  previousStart: z.string(),
  previousEnd: z.string(),
  bucket: z.enum(DASHBOARD_BUCKETS),
  timeZone: z.string(),
});
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;

/** One figure with the same figure over the previous period; previous null = no comparison made. */
export const metricFigureSchema = z.object({ value: z.number(), previous: z.number().nullable(), change: z.number().nullable() });
export type MetricFigure = z.infer<typeof metricFigureSchema>;

/** GET /api/dashboard/finance-metrics. outstanding and overdue are snapshots of now (previous null). */
export const financeMetricsSchema = z.object({
  range: dashboardRangeSchema,
  invoiced: metricFigureSchema,
  /** Invoiced before tax and freight: what margin is taken on (DASHBOARD_FIGURES defines every figure). */
  revenue: metricFigureSchema,
  collected: metricFigureSchema,
  outstanding: metricFigureSchema,
  overdue: z.object({ count: metricFigureSchema, amount: metricFigureSchema }),
  averageInvoice: metricFigureSchema,
  openEstimatesValue: metricFigureSchema,
  approvedNotInvoicedValue: metricFigureSchema,
  /** Actual job costs dated in the period. */
  jobCosts: metricFigureSchema,
  /** revenue − jobCosts. */
  grossMargin: metricFigureSchema,
  /** grossMargin ÷ revenue as a percent with 2 places (35.5 = 35.5 %); value 0 when nothing was invoiced. */
  marginPercentage: metricFigureSchema,
  /** Now: invoices holding money beyond their totals (a card payment crossed another), to refund or apply. */
  credits: z.object({ count: z.number(), amount: z.number() }),
});
export type FinanceMetrics = z.infer<typeof financeMetricsSchema>;

/** GET /api/dashboard/revenue-chart: one point per month (per week for ranges ≤ 62 days), in order. */
export const revenuePointSchema = z.object({
  /** First day of the bucket (YYYY-MM-DD, tenant zone; clipped to the range). */
  start: z.string(),
  /** "Jan 2026" for months, "Mar 2" (the week's first day) for weeks. */
  label: z.string(),
  invoiced: z.number(),
  collected: z.number(),
  cost: z.number(),
});
export type RevenuePoint = z.infer<typeof revenuePointSchema>;
export const revenueChartSchema = z.object({ range: dashboardRangeSchema, bucket: z.enum(DASHBOARD_BUCKETS), points: z.array(revenuePointSchema) });
export type RevenueChart = z.infer<typeof revenueChartSchema>;

/**
 * GET /api/dashboard/job-metrics. Jobs: created in the range, by current status. Tasks: those scheduled to
 * start in the range (unscheduled ones have no date and are not counted), by the derived status now:
 * open = not CLOSED or CANCELLED, overdue = MISSED, closed = CLOSED.
 * averageDaysToClose: jobs closed in the range (and still closed), days from creation to the last close (1 decimal).
 */
export const jobMetricsSchema = z.object({
  range: dashboardRangeSchema,
  openJobs: metricFigureSchema,
  closedJobs: metricFigureSchema,
  cancelledJobs: metricFigureSchema,
  openTasks: metricFigureSchema,
  overdueTasks: metricFigureSchema,
  closedTasks: metricFigureSchema,
  averageDaysToClose: metricFigureSchema,
});
export type JobMetrics = z.infer<typeof jobMetricsSchema>;

export const topCustomerSchema = z.object({ id: z.string(), name: z.string(), revenue: z.number() });
export type TopCustomer = z.infer<typeof topCustomerSchema>;

/** GET /api/dashboard/customer-stats: total and repeat (≥ 2 jobs) are all-time; top = invoiced in the range. */
export const customerStatsSchema = z.object({
  range: dashboardRangeSchema,
  total: z.number(),
  newInRange: metricFigureSchema,
  repeat: z.number(),
  top: z.array(topCustomerSchema),
});
export type CustomerStats = z.infer<typeof customerStatsSchema>;

/** GET /api/dashboard/lead-metrics: leads created in the range; converted = those with a job. conversionRate is a fraction. */
export const leadMetricsSchema = z.object({
  range: dashboardRangeSchema,
  total: metricFigureSchema,
  byStatus: z.array(z.object({ status: z.enum(LEAD_STATUSES), count: z.number() })),
  bySource: z.array(z.object({ source: z.enum(LEAD_SOURCES), count: z.number() })),
  converted: metricFigureSchema,
  conversionRate: metricFigureSchema,
  /** Invoiced (non-void, non-draft) on the jobs of the converted leads, any date. */
  convertedValue: metricFigureSchema,
});
export type LeadMetrics = z.infer<typeof leadMetricsSchema>;

/**
 * GET /api/dashboard/top-revenue-zones and /top-revenue-tags: invoiced in the range on jobs per zone or tag,
 * top 5 then one "Other" row (id null) when more exist. A job in several zones (tags) counts in each, so the
 * rows may add up to more than the period's invoiced total.
 */
export const revenueGroupSchema = z.object({ id: z.string().nullable(), name: z.string(), revenue: z.number(), jobs: z.number() });
export type RevenueGroup = z.infer<typeof revenueGroupSchema>;
export const topRevenueSchema = z.object({ range: dashboardRangeSchema, items: z.array(revenueGroupSchema) });
export type TopRevenue = z.infer<typeof topRevenueSchema>;

/**
 * GET /api/dashboard/plan-metrics: a snapshot of now, so the range query does not apply. plans: how many the
 * company has (total, any status: none means the card's empty state) and how many are active; recurringRevenue:
 * dollars a year (DASHBOARD_FIGURES defines it); visitsThisMonth: the not-cancelled visits of service plans that
 * start in the current calendar month of the company's zone (month.from–month.to, inclusive days), done = closed.
 */
export const planMetricsSchema = z.object({
  month: z.object({ from: z.string(), to: z.string() }),
  plans: z.object({ total: z.number(), active: z.number() }),
  recurringRevenue: z.number(),
  visitsThisMonth: z.object({ due: z.number(), done: z.number() }),
});
export type PlanMetrics = z.infer<typeof planMetricsSchema>;
