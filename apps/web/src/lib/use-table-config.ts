import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { normalizeTableConfig, type ColumnConfig, type TableConfigType } from '@fieldwork/domain/common/table-config.schemas';
import { api, messageOf, type DataOf } from './api-client';

export const CONFIG_LOAD_FAILED = 'Configuration loading failed';
export const CONFIG_SAVED = 'Configuration updated';
export const CONFIG_SAVE_FAILED = 'Update configuration failed';

type SavedConfig = { type: TableConfigType; config: ColumnConfig[] };

export const tableConfigKey = (type: TableConfigType) => ['table-config', type] as const;

export const tableConfigApi = {
  get: async (type: TableConfigType) => (await api.get<DataOf<SavedConfig>>('/table-configuration', { query: { type } })).data,
  save: async (type: TableConfigType, config: ColumnConfig[]) => (await api.put<DataOf<SavedConfig> | null>('/table-configuration', { type, config }))?.data,
};

/** The viewer's columns of one table (order and visibility); the default set when none is saved or loading failed. */
export function useTableConfig(type: TableConfigType) {
  const query = useQuery({ queryKey: tableConfigKey(type), queryFn: () => tableConfigApi.get(type), staleTime: 5 * 60_000 });
  useEffect(() => {
    // One toast per failure, even when the effect runs twice.
    if (query.error) toast.error(CONFIG_LOAD_FAILED, { id: `table-config-load-${type}`, description: messageOf(query.error) });
  }, [query.error, type]);
  const config = useMemo(() => normalizeTableConfig(type, query.data?.config ?? []), [type, query.data]);
  return { config, isLoading: query.isLoading };
}

export function useSaveTableConfig(type: TableConfigType, onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: ColumnConfig[]) => tableConfigApi.save(type, config),
    onSuccess: (saved, config) => {
      queryClient.setQueryData(tableConfigKey(type), { type, config: saved?.config ?? config });
      toast.success(CONFIG_SAVED);
      onSaved();
    },
    onError: (error) => {
      toast.error(CONFIG_SAVE_FAILED, { description: messageOf(error) });
    },
  });
}
