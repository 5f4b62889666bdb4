import type { PlanStatus } from '@fieldwork/domain/plans/plans.rules';
import type { z } from 'zod';
import type { Plan, PlanOrderKey, PlanVisit, createPlanBody, planActionBody, updatePlanBody } from '@fieldwork/domain/plans/plans.schemas';
import { PLAN_PAGE_SIZE } from '@fieldwork/domain/plans/plans.schemas';
import { api, type DataOf, type DataPage } from '../../lib/api-client';

export type PlanListParams = {
  page: number;
  limit: number;
  search?: string;
  statuses?: readonly PlanStatus[];
  customerId?: string;
  needsAttention?: boolean;
  orderByKey?: PlanOrderKey;
  orderByValue?: 'asc' | 'desc';
};

/** Bodies as sent: money in dollars (the schemas' parsed output holds cents, which only the server computes). */
export type CreatePlanRequest = z.input<typeof createPlanBody>;
export type UpdatePlanRequest = z.input<typeof updatePlanBody>;
export type PlanActionRequest = z.input<typeof planActionBody>;

export type VisitsWhen = 'upcoming' | 'past';
export const VISITS_PAGE_SIZE = PLAN_PAGE_SIZE;

export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  detail: (id: string) => ['plans', 'detail', id] as const,
  visits: (id: string) => ['plans', 'visits', id] as const,
};

export const plansApi = {
  list: ({ statuses, needsAttention, ...params }: PlanListParams) =>
    api.get<DataPage<Plan>>('/plans', {
      query: { ...params, status: statuses?.length ? statuses : undefined, needsAttention: needsAttention ? 'true' : undefined },
    }),
  get: async (id: string) => (await api.get<DataOf<Plan>>(`/plans/${id}`)).data,
  create: async (body: CreatePlanRequest) => (await api.post<DataOf<Plan>>('/plans', body)).data,
  update: async (id: string, body: UpdatePlanRequest) => (await api.put<DataOf<Plan>>(`/plans/${id}`, body)).data,
  visits: (id: string, when: VisitsWhen, page: number, limit = VISITS_PAGE_SIZE) =>
    api.get<DataPage<PlanVisit>>(`/plans/${id}/visits`, { query: { when, page, limit } }),
  act: async (id: string, body: PlanActionRequest) => (await api.post<DataOf<Plan>>(`/plans/${id}/actions`, body)).data,
};
