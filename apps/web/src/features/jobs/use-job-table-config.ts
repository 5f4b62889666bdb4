import { useEffect, useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { normalizeTableConfig, type ColumnConfig } from '@fieldwork/domain/table-config.schemas';
import { messageOf } from '../../lib/api-client';
import { jobKeys, jobsApi } from './jobs.api';

export const CONFIG_LOAD_FAILED = 'Configuration loading failed';
export const CONFIG_SAVED = 'Configuration updated';
export const CONFIG_SAVE_FAILED = 'Update configuration failed';

/** The viewer's job-list columns (order and visibility); the default set when none is saved or loading failed. */
export function useJobTableConfig() {
  const query = useQuery({ queryKey: jobKeys.tableConfig, queryFn: jobsApi.tableConfig, staleTime: 5 * 60_000 });
  useEffect(() => {
    // One toast per failure, even when the effect runs twice.
    if (query.error) toast.error(CONFIG_LOAD_FAILED, { id: 'job-table-config-load', description: messageOf(query.error) });
  }, [query.error]);
  const config = useMemo(() => normalizeTableConfig('JOBS', query.data?.config ?? []), [query.data]);
  return { config, isLoading: query.isLoading };
}

export function useSaveJobTableConfig(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: ColumnConfig[]) => jobsApi.saveTableConfig(config),
    onSuccess: (saved, config) => {
      queryClient.setQueryData(jobKeys.tableConfig, { type: 'JOBS' as const, config: saved?.config ?? config });
      toast.success(CONFIG_SAVED);
      onSaved();
    },
    onError: (error) => {
      toast.error(CONFIG_SAVE_FAILED, { description: messageOf(error) });
    },
  });
}
