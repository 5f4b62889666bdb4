import type { Asset, CreateAssetBody, UpdateAssetBody } from '@fieldwork/domain/customers/assets.schemas';
import { ASSET_PAGE_SIZE } from '@fieldwork/domain/customers/assets.schemas';
import { api, type DataOf, type DataPage } from '../../lib/api-client';

/** Whose equipment: a customer's (all their sites) or a job's (the job's site address). */
export type AssetScope = { customerId: string; jobId?: undefined } | { jobId: string; customerId?: string };

export const assetKeys = {
  all: ['assets'] as const,
  list: (scope: AssetScope) => ['assets', 'list', scope.jobId ? { jobId: scope.jobId } : { customerId: scope.customerId }] as const,
};

export const assetsApi = {
  list: (scope: AssetScope) =>
    api.get<DataPage<Asset>>('/assets', {
      query: scope.jobId ? { jobId: scope.jobId, limit: ASSET_PAGE_SIZE } : { customerId: scope.customerId, limit: ASSET_PAGE_SIZE },
    }),
  create: async (body: CreateAssetBody) => (await api.post<DataOf<Asset>>('/assets', body)).data,
  update: async (id: string, body: UpdateAssetBody) => (await api.put<DataOf<Asset>>(`/assets/${id}`, body)).data,
  remove: (id: string) => api.delete<null>(`/assets/${id}`),
};
