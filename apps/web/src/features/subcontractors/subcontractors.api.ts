import type { CreateSubcontractorBody, Subcontractor, UpdateSubcontractorBody } from '@fieldwork/domain/company/subcontractors.schemas';
import type { User } from '@fieldwork/domain/access/users.schemas';
import { api, type DataOf, type DataPage, type ItemsPage } from '../../lib/api-client';

export type SubcontractorListParams = {
  page: number;
  limit: number;
  search?: string;
  status: 'active' | 'inactive' | 'all';
  tagIds?: string[];
  zoneIds?: string[];
};

export const subcontractorKeys = {
  all: ['subcontractors'] as const,
  list: ['subcontractors', 'list'] as const,
  detail: (id: string) => ['subcontractors', 'detail', id] as const,
  linkableUsers: ['users', 'list', 'role:SubContractor'] as const,
};

export const subcontractorsApi = {
  list: (params: SubcontractorListParams) => api.get<DataPage<Subcontractor>>('/subcontractors', { query: params }),
  get: async (id: string) => (await api.get<DataOf<Subcontractor>>(`/subcontractors/${id}`)).data,
  create: async (body: CreateSubcontractorBody) => (await api.post<DataOf<Subcontractor>>('/subcontractors', body)).data,
  update: async (id: string, body: UpdateSubcontractorBody) => (await api.put<DataOf<Subcontractor>>(`/subcontractors/${id}`, body)).data,
  /** Login accounts that may be linked: users with the SubContractor role. */
  linkableUsers: async () => (await api.get<ItemsPage<User>>('/user', { query: { role: 'SubContractor', limit: 100, page: 1 } })).items,
};
