import type {
  CustomerStats,
  FinanceMetrics,
  JobMetrics,
  LeadMetrics,
  PlanMetrics,
  RevenueChart,
  TopRevenue,
} from '@fieldwork/domain/dashboard/dashboard.schemas';
import type { AssetDistribution } from '@fieldwork/domain/customers/assets.schemas';
import type { DashboardConfiguration, Financing, Onboarding } from '@fieldwork/domain/company/onboarding.schemas';
import type { ReceptionistMetrics } from '@fieldwork/domain/ai/receptionist.schemas';
import { api } from '../../lib/api-client';
import type { DashboardSearch } from './dashboard-range';

type Range = DashboardSearch;

// The dashboard endpoints answer with the object itself (no {data} envelope).
const metric =
  <T>(path: string) =>
  (range: Range) =>
    api.get<T>(`/dashboard/${path}`, { query: range });

export const dashboardKeys = {
  all: ['dashboard'] as const,
  metric: (name: string, range: Range) => ['dashboard', 'metric', name, range] as const,
  assets: ['dashboard', 'asset-distribution'] as const,
  plans: ['dashboard', 'plan-metrics'] as const,
  onboarding: ['dashboard', 'onboarding'] as const,
  configuration: ['dashboard', 'configuration'] as const,
  financing: ['dashboard', 'financing'] as const,
};

export const dashboardApi = {
  finance: metric<FinanceMetrics>('finance-metrics'),
  revenue: metric<RevenueChart>('revenue-chart'),
  jobs: metric<JobMetrics>('job-metrics'),
  customers: metric<CustomerStats>('customer-stats'),
  leads: metric<LeadMetrics>('lead-metrics'),
  receptionist: metric<ReceptionistMetrics>('ai-receptionist-metrics'),
  zones: metric<TopRevenue>('top-revenue-zones'),
  tags: metric<TopRevenue>('top-revenue-tags'),
  /** A snapshot of today: no range. */
  assets: () => api.get<AssetDistribution>('/dashboard/asset-distribution'),
  /** A snapshot of now (recurring revenue is a yearly rate, visits are this calendar month's): no range. */
  plans: () => api.get<PlanMetrics>('/dashboard/plan-metrics'),
  onboarding: () => api.get<Onboarding>('/dashboard/onboarding'),
  dismissOnboarding: () => api.put<Onboarding>('/dashboard/onboarding', { dismissed: true }),
  configuration: () => api.get<DashboardConfiguration>('/dashboard/configuration'),
  saveConfiguration: (body: DashboardConfiguration) => api.put<DashboardConfiguration>('/dashboard/configuration', body),
  financing: () => api.get<Financing>('/dashboard/financing'),
  dismissFinancing: () => api.put<Financing>('/dashboard/financing', { dismissed: true }),
};
