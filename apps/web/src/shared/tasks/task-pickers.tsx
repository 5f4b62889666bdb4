import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ControlProps } from '../../components/field';
import { SearchSelect, type SearchSelectOption } from '../../components/search-select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { jobKeys, jobsApi } from '../../features/jobs/jobs.api';
import { jobName, jobNumberText } from '../jobs/job-status-badge';

export const JOB_SEARCH_LIMIT = 20;

type PickerProps = Partial<ControlProps> & {
  value: string;
  /** The chosen item's text, when the loaded options may not hold it. */
  selectedLabel: string;
  onSelect: (option: SearchSelectOption | null) => void;
  disabled?: boolean;
};

export const jobOptionLabel = (job: { jobNumber: number; name: string }) => `${jobNumberText(job.jobNumber)} · ${jobName(job.name)}`;

/** Type-to-search over open jobs by job number (debounced 300 ms); tasks are only added to open jobs. */
export function JobSelect({ value, selectedLabel, onSelect, disabled, invalid, ...control }: PickerProps) {
  const [search, setSearch] = useState<string | null>(null);
  const debounced = useDebouncedValue(search);
  const jobs = useQuery({
    queryKey: [...jobKeys.list, 'task-picker', debounced ?? ''],
    queryFn: () =>
      jobsApi.list({
        page: 1,
        limit: JOB_SEARCH_LIMIT,
        search: debounced || undefined,
        orderByKey: 'createdAt',
        orderByValue: 'desc',
        zoneIds: [],
        tagIds: [],
        statuses: ['OPEN'],
      }),
    enabled: debounced !== null && !disabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (jobs.data?.data ?? []).map((j) => ({ value: j.id, label: jobOptionLabel(j), description: j.customer.name }));
  return (
    <SearchSelect
      {...control}
      invalid={invalid}
      value={value}
      selectedLabel={selectedLabel}
      onSearchChange={setSearch}
      options={options}
      loading={jobs.isFetching && options.length === 0}
      onSelect={onSelect}
      placeholder="Search open jobs by number"
      emptyText="No open jobs found"
      disabled={disabled}
    />
  );
}
