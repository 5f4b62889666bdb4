import { useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { CLOCK_MESSAGES, MAX_ASSISTANTS, type Assistant } from '@fieldwork/domain/tasks/clock.schemas';
import { Checkbox } from '../../components/checkbox';
import { controlClass } from '../../components/input';
import { Spinner } from '../../components/spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { clockApi, clockKeys } from '../../features/clock/clock.api';

export type AssistantsPickerProps = {
  /** The search box's id, for a label. */
  id?: string;
  /** The task's technician: the server leaves them out of the list. */
  assigneeId: string | null;
  value: readonly Assistant[];
  onChange: (value: Assistant[]) => void;
  disabled?: boolean;
};

/**
 * Searchable multi-select of the technicians who can assist (GET /tasks/assistants, limit 100), searched on
 * the server after a 300 ms pause. Chosen people stay listed as removable chips while the search changes.
 */
export function AssistantsPicker({ id: searchId, assigneeId, value, onChange, disabled }: AssistantsPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const list = useQuery({
    queryKey: clockKeys.assistants(assigneeId, term),
    queryFn: () => clockApi.assistants(assigneeId, term),
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(value.map((a) => a.userId));
  const full = value.length >= MAX_ASSISTANTS;
  const toggle = (a: Assistant, on: boolean) => onChange(on ? [...value.filter((v) => v.userId !== a.userId), a] : value.filter((v) => v.userId !== a.userId));
  const options = list.data ?? [];

  return (
    <div className="space-y-2">
      {value.length > 0 ? (
        <ul aria-label="Chosen assistants" className="flex flex-wrap gap-1">
          {value.map((a) => (
            <li key={a.userId} className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-0.5 pr-1 pl-2 text-xs font-medium text-primary">
              {a.name}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${a.name}`}
                onClick={() => toggle(a, false)}
                className="rounded-full p-0.5 hover:bg-white/60"
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={searchId ?? `${id}-search`}
        type="search"
        value={search}
        disabled={disabled}
        onChange={(e) => setSearch(e.target.value)}
        // Enter in the search box should not submit the clock-in.
        onKeyDown={(e) => (e.key === 'Enter' ? e.preventDefault() : undefined)}
        placeholder="Search assistants…"
        aria-label={searchId ? undefined : 'Search assistants'}
        aria-controls={`${id}-list`}
        className={controlClass(false, 'h-9')}
      />
      <div
        id={`${id}-list`}
        role="group"
        aria-label="Assistant options"
        aria-busy={list.isFetching || undefined}
        className="max-h-44 overflow-y-auto rounded-md border border-border"
      >
        {list.isLoading ? (
          <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
            <Spinner size={14} /> Loading assistants…
          </p>
        ) : list.error ? (
          <p role="alert" className="px-3 py-2 text-sm text-danger">
            Assistants could not be loaded.
          </p>
        ) : options.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted">{CLOCK_MESSAGES.noAssistants}</p>
        ) : (
          options.map((a) => {
            const on = chosen.has(a.userId);
            const rowId = `${id}-${a.userId}`;
            return (
              <div key={a.userId} className="flex items-center gap-2 px-3 py-2 hover:bg-gray-50">
                <Checkbox id={rowId} checked={on} disabled={disabled || (!on && full)} onCheckedChange={(c) => toggle(a, c)} />
                <label htmlFor={rowId} className="min-w-0 flex-1 cursor-pointer truncate text-sm text-gray-900">
                  {a.name}
                </label>
              </div>
            );
          })
        )}
      </div>
    </div>
  );
}
