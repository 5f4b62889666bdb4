import type { TaskStatus } from '@fieldwork/domain/tasks/task-status.rules';
import { FilterPopover } from '../../components/filter-popover';
import { toOptions, useTags, useZones } from '../settings/lookups.api';
import { TASK_STATUS_OPTIONS } from '../../shared/tasks/task-status-badge';

export type TaskFilterValues = { statuses: TaskStatus[]; tagIds: string[]; zoneIds: string[] };

export const NO_TASK_FILTERS: TaskFilterValues = { statuses: [], tagIds: [], zoneIds: [] };

export const activeTaskFilterCount = (f: TaskFilterValues) => f.statuses.length + f.tagIds.length + f.zoneIds.length;

/** Spec: the task list filters by status, job tags and job zones. */
export function TaskFilters({ value, onChange }: { value: TaskFilterValues; onChange: (change: Partial<TaskFilterValues>) => void }) {
  const zones = useZones();
  const tags = useTags('SERVICE');
  return (
    <FilterPopover
      onClear={() => onChange(NO_TASK_FILTERS)}
      fields={[
        {
          id: 'task-filter-status',
          label: 'Status',
          options: TASK_STATUS_OPTIONS,
          value: value.statuses,
          onChange: (s) => onChange({ statuses: s as TaskStatus[] }),
        },
        {
          id: 'task-filter-tags',
          label: 'Job Tags',
          options: toOptions(tags.data),
          value: value.tagIds,
          onChange: (tagIds) => onChange({ tagIds }),
          emptyText: 'No existing tags!',
        },
        { id: 'task-filter-zones', label: 'Job Zones', options: toOptions(zones.data), value: value.zoneIds, onChange: (zoneIds) => onChange({ zoneIds }) },
      ]}
    />
  );
}
