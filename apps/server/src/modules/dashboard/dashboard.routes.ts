import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '@fieldwork/db/connection';
import {
  customerStatsSchema,
  dashboardRangeQuery,
  financeMetricsSchema,
  jobMetricsSchema,
  leadMetricsSchema,
  planMetricsSchema,
  revenueChartSchema,
  topRevenueSchema,
  type DashboardRangeQuery,
} from '@fieldwork/domain/dashboard/dashboard.schemas';
import { guard, requireAuth } from '../../plugins/auth.plugin.ts';
import { financeMetrics, revenueChart } from './dashboard-finance.service.ts';
import { planMetrics } from './dashboard-plans.service.ts';
import { customerStats, jobMetrics, leadMetrics, topRevenue } from './dashboard-work.service.ts';

type Metric = (db: Db, tenantId: string, timeZone: string, query: DashboardRangeQuery) => Promise<unknown>;

/** path, summary, response schema, service function. */
const METRICS: [string, string, z.ZodType, Metric][] = [
  ['finance-metrics', 'Invoiced, collected, outstanding, overdue, average invoice, estimate values, gross margin', financeMetricsSchema, financeMetrics],
  ['revenue-chart', 'Invoiced, collected and cost per month (per week for ranges up to 62 days)', revenueChartSchema, revenueChart],
  ['job-metrics', 'Jobs by status, tasks open/overdue/closed, average days to close', jobMetricsSchema, jobMetrics],
  ['customer-stats', 'Customers: total, new in range, repeat, top 5 by revenue', customerStatsSchema, customerStats],
  ['lead-metrics', 'Leads by status and source, converted to jobs, conversion rate and value', leadMetricsSchema, leadMetrics],
  [
    'top-revenue-zones',
    'Revenue and jobs per service zone, top 5 then Other (a job in several zones counts in each)',
    topRevenueSchema,
    (db, t, z, q) => topRevenue(db, t, z, q, 'zones'),
  ],
  [
    'top-revenue-tags',
    'Revenue and jobs per job tag, top 5 then Other (a job with several tags counts in each)',
    topRevenueSchema,
    (db, t, z, q) => topRevenue(db, t, z, q, 'tags'),
  ],
];

/**
 * Dashboard metrics, each for a preset (default this_month) or a
 * custom from–to range in the tenant's zone, compared with the previous period of the same length. Office
 * roles only (view-only staff read them); technicians and subcontractors get 403.
 */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, summary, response, metric] of METRICS) {
    r.get(
      `/api/dashboard/${path}`,
      {
        preHandler: guard('dashboard.read'),
        schema: { tags: ['dashboard'], summary, querystring: dashboardRangeQuery, response: { 200: response } },
      },
      async (request) => {
        const auth = requireAuth(request);
        return metric(app.db, auth.viewer.tenantId, auth.timeZone, request.query);
      },
    );
  }
  // Company money like the finance card, so the same office-only rule; a snapshot of now, so no range.
  r.get(
    '/api/dashboard/plan-metrics',
    {
      preHandler: guard('dashboard.read'),
      schema: {
        tags: ['dashboard'],
        summary: "Service plans: how many, the active plans' recurring revenue a year, and plan visits due this month (and done)",
        response: { 200: planMetricsSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return planMetrics(app.db, auth.viewer.tenantId, auth.timeZone);
    },
  );
}
