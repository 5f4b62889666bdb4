import type { SortState } from './data-table';
import { Select } from './select';

/** One sort choice, written "key:direction" (e.g. "createdAt:desc"). */
export type SortOption = { value: `${string}:${'asc' | 'desc'}`; label: string };

/** Phones have no table headers: a list's sort keys as a select; a header sort it does not list reads "Custom order". */
export function SortSelect({
  label,
  options,
  sort,
  onChange,
}: {
  label: string;
  options: readonly SortOption[];
  sort: SortState;
  onChange: (sort: SortState) => void;
}) {
  const value = `${sort.key}:${sort.direction}`;
  return (
    <Select
      aria-label={label}
      className="min-w-0 flex-1"
      value={value}
      options={options.some((o) => o.value === value) ? options : [...options, { value, label: 'Custom order' }]}
      onChange={(e) => {
        const [key = 'createdAt', direction] = e.target.value.split(':');
        onChange({ key, direction: direction === 'asc' ? 'asc' : 'desc' });
      }}
    />
  );
}
