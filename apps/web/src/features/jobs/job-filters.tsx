import { Popover } from 'radix-ui';
import { Filter } from 'lucide-react';
import type { JobStatus } from '@fieldwork/domain/jobs.schemas';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { MultiSelect } from '../../components/multi-select';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { JOB_STATUS_OPTIONS } from './job-status-badge';

export type JobFilterValues = { zoneIds: string[]; tagIds: string[]; statuses: JobStatus[] };

export const NO_JOB_FILTERS: JobFilterValues = { zoneIds: [], tagIds: [], statuses: [] };

export const activeFilterCount = (f: JobFilterValues) => f.zoneIds.length + f.tagIds.length + f.statuses.length;

/** "Filter By" popover: service areas, tags and status; each change applies at once (and the list goes back to page 1). */
export function JobFilters({ value, onChange }: { value: JobFilterValues; onChange: (change: Partial<JobFilterValues>) => void }) {
  const zones = useZones();
  const tags = useTags('SERVICE');
  const count = activeFilterCount(value);
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="secondary" aria-label={count ? `Filter (${count} active)` : 'Filter'}>
          <Filter size={14} aria-hidden="true" /> Filter
          {count ? <span className="rounded-full bg-primary px-1.5 text-xs text-white">{count}</span> : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Filter By"
          className="z-40 w-[min(20rem,calc(100vw-1.5rem))] space-y-3 rounded-lg border border-border bg-white p-4 shadow-lg"
        >
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold">Filter By</h2>
            <Button variant="link" size="sm" disabled={count === 0} onClick={() => onChange(NO_JOB_FILTERS)}>
              Clear all
            </Button>
          </div>
          <Field label="Service Areas" id="job-filter-zones">
            {(control) => (
              <MultiSelect {...control} options={toOptions(zones.data)} value={value.zoneIds} onChange={(zoneIds) => onChange({ zoneIds })} />
            )}
          </Field>
          <Field label="Tags" id="job-filter-tags">
            {(control) => (
              <MultiSelect
                {...control}
                options={toOptions(tags.data)}
                value={value.tagIds}
                onChange={(tagIds) => onChange({ tagIds })}
                emptyText="No existing tags!"
              />
            )}
          </Field>
          <Field label="Status" id="job-filter-status">
            {(control) => (
              <MultiSelect
                {...control}
                options={JOB_STATUS_OPTIONS}
                value={value.statuses}
                onChange={(statuses) => onChange({ statuses: statuses as JobStatus[] })}
              />
            )}
          </Field>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
