/**
 * Costs as the screens call them: the spec's cost calls under /api/cost. Bodies travel in the
 * API's units (dollars, hours, miles); the server computes every amount.
 */
import type { z } from 'zod';
import type { CostType, CostFor } from '@fieldwork/domain/jobs/costs.rules';
import type { Cost, CostAnalysis, CostSuggestions, CostSummary, createCostBody } from '@fieldwork/domain/jobs/costs.schemas';
import { idempotencyHeaders } from '../../lib/idempotency';
import { api, buildUrl, type DataOf, type DataPage } from '../../lib/api-client';

/** A cost body as a form sends it (dollars, hours, miles: before the schema's transforms to cents). */
export type CostInput = z.input<typeof createCostBody>;
export type CostUpdateInput = CostInput & { version: number };

export type CostListParams = {
  page: number;
  limit: number;
  costType?: CostType;
  costFor?: CostFor;
  jobId?: string;
  taskId?: string;
  estimateId?: string;
  invoiceId?: string;
  from?: string;
  to?: string;
};

/** Which costs an export (and its totals) covers: a job or an estimate, narrowed like the list. */
export type CostScope = { jobId?: string; estimateId?: string } & Partial<Pick<CostListParams, 'costFor' | 'costType' | 'taskId' | 'from' | 'to'>>;

export const costKeys = {
  all: ['costs'] as const,
  list: (params: CostListParams) => ['costs', 'list', params] as const,
  analysis: (jobId: string) => ['costs', 'analysis', jobId] as const,
  suggestions: (taskId: string) => ['costs', 'suggestions', taskId] as const,
  export: (scope: CostScope) => ['costs', 'export', scope] as const,
};

export const costsApi = {
  get: async (id: string) => (await api.get<DataOf<Cost>>('/cost/get', { query: { id } })).data,
  /** Empty filters are left out (the server drops them too; jobId gives way to estimateId there). */
  list: (params: CostListParams) => api.get<DataPage<Cost>>('/cost/list', { query: params }),
  analysis: async (jobId: string) => (await api.get<DataOf<CostAnalysis>>(`/cost/analysis/${jobId}`)).data,
  suggestions: async (taskId: string) => (await api.get<DataOf<CostSuggestions>>('/cost/suggestions', { query: { taskId } })).data,
  /** Every cost of a job or an estimate with the totals per category. */
  all: async (scope: CostScope) => (await api.get<DataOf<CostSummary & { items: Cost[] }>>('/cost', { query: scope })).data,
  /** With an Idempotency-Key (a cost kept on the phone offline), sending it again adds it once. */
  create: async (body: CostInput, idempotencyKey?: string) =>
    (await api.post<DataOf<Cost>>('/cost', body, { headers: idempotencyHeaders(idempotencyKey) })).data,
  update: async (id: string, body: CostUpdateInput) => (await api.put<DataOf<Cost>>(`/cost/${id}`, body)).data,
  remove: (id: string, costType: CostType) => api.delete<null>(`/cost/${id}`, { query: { costType } }),
};

/** The CSV export's address (a plain link downloads it with the session cookie). */
export const costCsvUrl = (scope: CostScope) => buildUrl('/cost', { ...scope, format: 'csv' });
