import { memo, useState } from 'react';
import { Popover } from 'radix-ui';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FilterButton } from '../../components/filter-popover';
import { MultiSelect, type MultiSelectOption } from '../../components/multi-select';
import { TASK_STATUS_OPTIONS } from '../../shared/tasks/task-status-badge';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import type { SchedulerFilters } from './scheduler.api';

/** The popover's part of the filters (search has its own box). */
export type SchedulerFilterValues = Omit<SchedulerFilters, 'search'>;

const FIELDS = [
  ['status', 'Status'],
  ['zones', 'Job Zones'],
  ['tags', 'Job Tags'],
  ['technicianTags', 'Technician Tags'],
  ['technicianZones', 'Technician Zones'],
  ['subcontractorTags', 'Subcontractor Tags'],
  ['subcontractorZones', 'Subcontractor Zones'],
] as const satisfies readonly (readonly [keyof SchedulerFilterValues, string])[];

type Key = (typeof FIELDS)[number][0];

/** Selections compared as sets: picking the same values in another order is not a change. */
export function sameFilters(a: SchedulerFilterValues, b: SchedulerFilterValues): boolean {
  return FIELDS.every(([k]) => {
    const x = [...(a[k] ?? [])].sort();
    const y = [...(b[k] ?? [])].sort();
    return x.length === y.length && x.every((v, i) => v === y[i]);
  });
}

export function filterCount(f: SchedulerFilterValues): number {
  return FIELDS.reduce((n, [k]) => n + (f[k]?.length ?? 0), 0);
}

export type SchedulerFilterProps = {
  value: SchedulerFilterValues;
  onApply: (value: SchedulerFilterValues) => void;
  /** Field roles filter only their own tasks: the people filters mean nothing to them. */
  showPeople?: boolean;
};

/**
 * The scheduler's Filter popover. Unlike the lists' popover, changes are a draft until Apply, because each
 * applied change refetches the whole board; Apply stays disabled until the draft differs from what is shown.
 */
export const SchedulerFilter = memo(function SchedulerFilter({ value, onApply, showPeople = true }: SchedulerFilterProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SchedulerFilterValues>(value);
  const zones = useZones();
  const tags = useTags('SERVICE');
  const count = filterCount(value);

  const options: Record<Key, readonly MultiSelectOption[]> = {
    status: TASK_STATUS_OPTIONS,
    zones: toOptions(zones.data),
    tags: toOptions(tags.data),
    technicianTags: toOptions(tags.data),
    technicianZones: toOptions(zones.data),
    subcontractorTags: toOptions(tags.data),
    subcontractorZones: toOptions(zones.data),
  };
  const fields = showPeople ? FIELDS : FIELDS.filter(([k]) => k === 'status' || k === 'zones' || k === 'tags');

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        // Reopening starts from what is applied, not from an abandoned draft.
        if (next) setDraft(value);
        setOpen(next);
      }}
    >
      <Popover.Trigger asChild>
        <FilterButton count={count} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Filter By"
          // The fields scroll; the header and the Apply bar stay in view on short screens.
          className="z-40 flex max-h-[min(40rem,calc(100vh-6rem))] w-[min(22rem,calc(100vw-1.5rem))] flex-col rounded-lg border border-border bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Filter By</h2>
            <Button variant="link" size="sm" disabled={filterCount(draft) === 0} onClick={() => setDraft({})}>
              Clear All
            </Button>
          </div>
          <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
            {fields.map(([key, label]) => (
              <Field key={key} label={label} id={`scheduler-filter-${key}`}>
                {(control) => (
                  <MultiSelect {...control} options={options[key]} value={draft[key] ?? []} onChange={(v) => setDraft((d) => ({ ...d, [key]: v }))} />
                )}
              </Field>
            ))}
          </div>
          <div className="flex justify-end gap-2 border-t border-border px-4 py-3">
            <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              disabled={sameFilters(draft, value)}
              onClick={() => {
                onApply(draft);
                setOpen(false);
              }}
            >
              Apply
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});
