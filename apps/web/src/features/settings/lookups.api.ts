import { useQuery } from '@tanstack/react-query';
import type { Tag, TagType, Zone } from '@fieldwork/domain/company/lookups.schemas';
import { api, type ItemsOf } from '../../lib/api-client';

export const lookupKeys = {
  zones: ['zones'] as const,
  tags: (type: TagType) => ['tags', type] as const,
};

export const lookupsApi = {
  zones: async () => (await api.get<ItemsOf<Zone>>('/zones/get-all-zones')).data.items,
  createZone: (name: string) => api.post('/zones', { name }),
  updateZone: (id: string, name: string) => api.put(`/zones/${id}`, { name }),
  deleteZone: (id: string) => api.delete(`/zones/${id}`),
  tags: async (type: TagType) => (await api.get<ItemsOf<Tag>>('/tags/filter-list', { query: { type } })).data.items,
  createTag: (name: string, type: TagType) => api.post('/tags', { name, type }),
  updateTag: (id: string, name: string) => api.put(`/tags/${id}`, { name }),
  deleteTag: (id: string) => api.delete(`/tags/${id}`),
};

export function useZones() {
  return useQuery({ queryKey: lookupKeys.zones, queryFn: lookupsApi.zones, staleTime: 5 * 60_000 });
}

export function useTags(type: TagType) {
  return useQuery({ queryKey: lookupKeys.tags(type), queryFn: () => lookupsApi.tags(type), staleTime: 5 * 60_000 });
}

export const toOptions = (items: readonly { id: string; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: i.id, label: i.name }));
