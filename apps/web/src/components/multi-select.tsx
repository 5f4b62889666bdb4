import { useId, useMemo, useState } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { BREAKPOINT_LG, BREAKPOINT_SM, useViewportWidth } from '../lib/use-media-query';
import { Badge } from './badge';
import { Checkbox } from './checkbox';
import { controlClass } from './input';

export type MultiSelectOption = { value: string; label: string };

/** 'default' shows up to 3 badges; 'responsive' shows 2, 4 or 6 on mobile, tablet and desktop. */
export type BadgeMode = 'default' | 'responsive';

export const DEFAULT_BADGE_LIMIT = 3;
/** Above this many options the select-all row tells how many it will pick. */
export const SELECT_ALL_COUNT_THRESHOLD = 20;

export function badgeLimit(mode: BadgeMode, viewportWidth: number): number {
  if (mode === 'default') return DEFAULT_BADGE_LIMIT;
  if (viewportWidth < BREAKPOINT_SM) return 2;
  if (viewportWidth < BREAKPOINT_LG) return 4;
  return 6;
}

export function selectAllLabel(optionCount: number): string {
  return optionCount > SELECT_ALL_COUNT_THRESHOLD ? `Select all (${optionCount})` : 'Select all';
}

export type MultiSelectProps = {
  id?: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  badgeMode?: BadgeMode;
  invalid?: boolean;
  disabled?: boolean;
  emptyText?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
};

export function MultiSelect({
  id,
  options,
  value,
  onChange,
  placeholder = 'Select…',
  badgeMode = 'default',
  invalid,
  disabled,
  emptyText = 'No items found',
  ...aria
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const listId = useId();
  const width = useViewportWidth();
  const limit = badgeLimit(badgeMode, width);

  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const selected = value.map((v) => byValue.get(v)).filter((o): o is MultiSelectOption => Boolean(o));
  const shown = selected.slice(0, limit);
  const hidden = selected.length - shown.length;

  const visible = filter ? options.filter((o) => o.label.toLowerCase().includes(filter.toLowerCase())) : options;
  const allChecked = options.length > 0 && options.every((o) => value.includes(o.value));
  const someChecked = !allChecked && options.some((o) => value.includes(o.value));

  const toggle = (v: string, on: boolean) => onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));

  return (
    <Popover.Root open={open} onOpenChange={(o) => (setOpen(o), o ? undefined : setFilter(''))}>
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-invalid={invalid || undefined}
          {...aria}
          className={controlClass(invalid, 'flex min-h-9 items-center gap-1 py-1 text-left')}
        >
          <span className="flex min-w-0 flex-1 flex-wrap items-center gap-1">
            {selected.length === 0 ? <span className="text-gray-500">{placeholder}</span> : null}
            {shown.map((o) => (
              <Badge key={o.value} tone="primary" title={o.label} className="max-w-40">
                {o.label}
              </Badge>
            ))}
            {hidden > 0 ? (
              <Badge
                tone="outline"
                title={selected
                  .slice(limit)
                  .map((o) => o.label)
                  .join(', ')}
              >
                +{hidden}
              </Badge>
            ) : null}
          </span>
          <ChevronDown size={16} aria-hidden="true" className="shrink-0 text-gray-500" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-border bg-white p-1 shadow-lg"
        >
          {options.length > 8 ? (
            <input
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Search…"
              aria-label="Search options"
              className={controlClass(false, 'mb-1 h-8')}
            />
          ) : null}
          <div id={listId} role="group" aria-label={aria['aria-label'] ?? 'Options'} className="max-h-[280px] overflow-y-auto">
            {options.length > 0 && !filter ? (
              <OptionRow
                label={selectAllLabel(options.length)}
                checked={allChecked ? true : someChecked ? 'indeterminate' : false}
                onChange={(on) => onChange(on ? options.map((o) => o.value) : [])}
                strong
              />
            ) : null}
            {visible.length === 0 ? <p className="px-2 py-2 text-sm text-muted">{emptyText}</p> : null}
            {visible.map((o) => (
              <OptionRow key={o.value} label={o.label} checked={value.includes(o.value)} onChange={(on) => toggle(o.value, on)} />
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function OptionRow({
  label,
  checked,
  onChange,
  strong,
}: {
  label: string;
  checked: boolean | 'indeterminate';
  onChange: (on: boolean) => void;
  strong?: boolean;
}) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2 rounded px-2 py-1.5 hover:bg-gray-50', strong && 'border-b border-border font-medium')}>
      <Checkbox id={id} checked={checked} onCheckedChange={onChange} />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer truncate">
        {label}
      </label>
    </div>
  );
}
