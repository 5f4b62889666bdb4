import type { z } from 'zod';
import type { ApiToken, createApiTokenBody, createdApiTokenSchema } from '@fieldwork/domain/access/api-tokens.schemas';
import { api, type DataOf, type ItemsOf } from '../../../lib/api-client';

export type CreateApiTokenInput = z.input<typeof createApiTokenBody>;
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const tokenKeys = { all: ['api-tokens'] as const };

export const tokensApi = {
  list: async () => (await api.get<ItemsOf<ApiToken>>('/tokens')).data.items,
  create: async (body: CreateApiTokenInput) => (await api.post<DataOf<CreatedApiToken>>('/tokens', body)).data,
  revoke: (id: string) => api.delete(`/tokens/${id}`),
};
