import type { CreateLeadBody, Lead } from '@fieldwork/domain/customers/leads.schemas';
import { LEAD_SOURCES, LEAD_STATUSES } from '@fieldwork/domain/customers/leads.schemas';
import { api, type DataOf, type DataPage } from '../../lib/api-client';

export type LeadStatus = (typeof LEAD_STATUSES)[number];
export type LeadSource = (typeof LEAD_SOURCES)[number];

export type LeadListParams = { page: number; limit: number; search?: string; status?: LeadStatus };

export const leadKeys = {
  all: ['leads'] as const,
  list: ['leads', 'list'] as const,
};

export const leadsApi = {
  list: (params: LeadListParams) => api.get<DataPage<Lead>>('/leads', { query: params }),
  create: async (body: CreateLeadBody) => (await api.post<DataOf<Lead>>('/leads', body)).data,
  get: async (id: string) => (await api.get<DataOf<Lead>>(`/leads/${encodeURIComponent(id)}`)).data,
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'New',
  CONTACTED: 'Contacted',
  QUALIFIED: 'Qualified',
  CONVERTED: 'Converted',
  LOST: 'Lost',
};

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  WEBSITE: 'Website',
  REFERRAL: 'Referral',
  PHONE: 'Phone',
  AI_RECEPTIONIST: 'AI receptionist',
  WALK_IN: 'Walk-in',
  OTHER: 'Other',
};

export const LEAD_STATUS_OPTIONS = LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }));
export const LEAD_SOURCE_OPTIONS = LEAD_SOURCES.map((value) => ({ value, label: LEAD_SOURCE_LABELS[value] }));
