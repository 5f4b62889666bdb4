import type {
  CustomerStats,
  DashboardRange,
  FinanceMetrics,
  JobMetrics,
  LeadMetrics,
  MetricFigure,
  PlanMetrics,
  RevenueChart,
  TopRevenue,
} from '@fieldwork/domain/dashboard/dashboard.schemas';
import type { AssetDistribution } from '@fieldwork/domain/customers/assets.schemas';
import type { Onboarding } from '@fieldwork/domain/company/onboarding.schemas';
import type { ReceptionistMetrics } from '@fieldwork/domain/ai/receptionist.schemas';
import { route } from '../../test-utils';

export const RANGE: DashboardRange = {
  preset: 'this_month',
  from: '2026-11-01',
  to: '2026-11-30',
  start: '2026-11-01T04:00:00.000Z',
  end: '2026-12-01T05:00:00.000Z',
  previousStart: '2026-10-02T04:00:00.000Z',
  previousEnd: '2026-11-01T04:00:00.000Z',
  bucket: 'week',
  timeZone: 'America/New_York',
};

export const fig = (value: number, previous: number | null = null): MetricFigure => ({
  value,
  previous,
  change: previous ? (value - previous) / previous : null,
});

export const FINANCE: FinanceMetrics = {
  range: RANGE,
  invoiced: fig(12345.5, 10000),
  revenue: fig(11500, 9300),
  collected: fig(8000, 10000),
  outstanding: fig(4345.5),
  overdue: { count: fig(3), amount: fig(1200.25) },
  averageInvoice: fig(617.28, 500),
  openEstimatesValue: fig(5000, 5000),
  approvedNotInvoicedValue: fig(750, null),
  jobCosts: fig(7179, 5300),
  grossMargin: fig(4321, 4000),
  marginPercentage: fig(37.57, 43.01),
  credits: { count: 0, amount: 0 },
};

export const REVENUE: RevenueChart = {
  range: RANGE,
  bucket: 'week',
  points: [
    { start: '2026-11-01', label: 'Nov 1', invoiced: 5000, collected: 3000, cost: 2000 },
    { start: '2026-11-08', label: 'Nov 8', invoiced: 7345.5, collected: 5000, cost: 3000 },
  ],
};

export const JOBS: JobMetrics = {
  range: RANGE,
  openJobs: fig(14, 10),
  closedJobs: fig(6, 8),
  cancelledJobs: fig(1, 2),
  openTasks: fig(30, 30),
  overdueTasks: fig(4, 2),
  closedTasks: fig(22, 20),
  averageDaysToClose: fig(3.5, 4),
};

export const CUSTOMERS: CustomerStats = {
  range: RANGE,
  total: 120,
  newInRange: fig(9, 6),
  repeat: 31,
  top: [{ id: '00000000-0000-4000-8000-00000000c001', name: 'Northwind Plumbing', revenue: 4200 }],
};

export const LEADS: LeadMetrics = {
  range: RANGE,
  total: fig(20, 16),
  byStatus: [
    { status: 'NEW', count: 8 },
    { status: 'CONVERTED', count: 5 },
  ],
  bySource: [{ source: 'AI_RECEPTIONIST', count: 11 }],
  converted: fig(5, 4),
  conversionRate: fig(0.25, 0.25),
  convertedValue: fig(9000, 6000),
};

export const RECEPTIONIST: ReceptionistMetrics = {
  range: RANGE,
  totalCalls: 42,
  callsHandled: 38,
  booked: 12,
  leadsCreated: 9,
  information: 15,
  missed: 4,
  spam: 2,
  averageDurationSeconds: 185,
  byDay: [
    { day: '2026-11-01', calls: 20, booked: 6, missed: 2 },
    { day: '2026-11-02', calls: 22, booked: 6, missed: 2 },
  ],
};

export const ZONES: TopRevenue = {
  range: RANGE,
  items: [
    { id: 'z1', name: 'North Side', revenue: 6000, jobs: 7 },
    { id: null, name: 'Other', revenue: 1000, jobs: 2 },
  ],
};
export const TAGS: TopRevenue = { range: RANGE, items: [{ id: 't1', name: 'Boiler Service', revenue: 3000, jobs: 3 }] };

export const ASSETS: AssetDistribution = {
  today: '2026-11-22',
  total: 5,
  byAgeBand: { UNDER_5: 2, FROM_5_TO_10: 1, FROM_10_TO_15: 1, OVER_15: 0, UNKNOWN: 1 },
  byType: [
    { type: 'HVAC', total: 3, bands: { UNDER_5: 2, FROM_5_TO_10: 1, FROM_10_TO_15: 0, OVER_15: 0, UNKNOWN: 0 } },
    { type: 'BOILER', total: 2, bands: { UNDER_5: 0, FROM_5_TO_10: 0, FROM_10_TO_15: 1, OVER_15: 0, UNKNOWN: 1 } },
  ],
};

export const ONBOARDING: Onboarding = {
  items: [
    { key: 'timeZone', label: 'Set your company time zone', done: true },
    { key: 'zones', label: 'Add service zones', done: true },
    { key: 'customer', label: 'Add your first customer', done: false },
  ],
  completed: 2,
  total: 3,
  dismissed: false,
};

/** Two active plans ($43,800 a year per visit + $600 monthly), 10 visits this month of which 1 is closed. */
export const PLANS: PlanMetrics = {
  month: { from: '2026-11-01', to: '2026-11-30' },
  plans: { total: 4, active: 2 },
  recurringRevenue: 44_400,
  visitsThisMonth: { due: 10, done: 1 },
};

/** Every dashboard endpoint answering with the fixtures; put overrides first (the first handler that answers wins). */
export function dashboardRoutes(financing: { url: string | null; dismissed: boolean } = { url: null, dismissed: false }) {
  const d = (path: string, body: unknown) => route('GET', `/api/dashboard/${path}`, { body });
  return [
    d('finance-metrics', FINANCE),
    d('revenue-chart', REVENUE),
    d('job-metrics', JOBS),
    d('customer-stats', CUSTOMERS),
    d('lead-metrics', LEADS),
    d('ai-receptionist-metrics', RECEPTIONIST),
    d('top-revenue-zones', ZONES),
    d('top-revenue-tags', TAGS),
    d('asset-distribution', ASSETS),
    d('plan-metrics', PLANS),
    d('onboarding', ONBOARDING),
    d('configuration', { cards: [] }),
    d('financing', financing),
  ];
}
