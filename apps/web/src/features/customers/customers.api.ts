import type { CreateCustomerBody, Customer, CustomerListItem, UpdateCustomerBody } from '@fieldwork/domain/customers/customers.schemas';
import { api, type DataOf, type DataPage } from '../../lib/api-client';

export type CustomerListParams = {
  page: number;
  limit: number;
  search?: string;
  orderByKey: 'name' | 'createdAt';
  orderByValue: 'asc' | 'desc';
  status: 'active' | 'inactive' | 'all';
};

export const customerKeys = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};

export const customersApi = {
  list: (params: CustomerListParams) => api.get<DataPage<CustomerListItem>>('/customers', { query: params }),
  get: async (id: string) => (await api.get<DataOf<Customer>>(`/customers/${id}`)).data,
  create: async (body: CreateCustomerBody) => (await api.post<DataOf<Customer>>('/customers', body)).data,
  update: async (id: string, body: UpdateCustomerBody) => (await api.put<DataOf<Customer>>(`/customers/${id}`, body)).data,
};
