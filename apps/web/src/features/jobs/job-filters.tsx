import type { JobStatus } from '@fieldwork/domain/jobs/jobs.schemas';
import { FilterPopover } from '../../components/filter-popover';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { JOB_STATUS_OPTIONS } from '../../shared/jobs/job-status-badge';

export type JobFilterValues = { zoneIds: string[]; tagIds: string[]; statuses: JobStatus[] };

export const NO_JOB_FILTERS: JobFilterValues = { zoneIds: [], tagIds: [], statuses: [] };

export const activeFilterCount = (f: JobFilterValues) => f.zoneIds.length + f.tagIds.length + f.statuses.length;

/** "Filter By" popover: service areas, tags and status; each change applies at once (and the list goes back to page 1). */
export function JobFilters({ value, onChange }: { value: JobFilterValues; onChange: (change: Partial<JobFilterValues>) => void }) {
  const zones = useZones();
  const tags = useTags('SERVICE');
  return (
    <FilterPopover
      onClear={() => onChange(NO_JOB_FILTERS)}
      fields={[
        { id: 'job-filter-zones', label: 'Service Areas', options: toOptions(zones.data), value: value.zoneIds, onChange: (zoneIds) => onChange({ zoneIds }) },
        {
          id: 'job-filter-tags',
          label: 'Tags',
          options: toOptions(tags.data),
          value: value.tagIds,
          onChange: (tagIds) => onChange({ tagIds }),
          emptyText: 'No existing tags!',
        },
        {
          id: 'job-filter-status',
          label: 'Status',
          options: JOB_STATUS_OPTIONS,
          value: value.statuses,
          onChange: (statuses) => onChange({ statuses: statuses as JobStatus[] }),
        },
      ]}
    />
  );
}
