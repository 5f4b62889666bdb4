import type { ComponentProps, ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { Filter } from 'lucide-react';
import { Button } from './button';
import { Field } from './field';
import { MultiSelect, type MultiSelectOption } from './multi-select';

export type FilterField = {
  id: string;
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  emptyText?: string;
};

/** The "Filter" button that opens a filter popover, with how many values are chosen. */
export function FilterButton({ count, ...rest }: { count: number } & ComponentProps<'button'>) {
  return (
    <Button variant="secondary" aria-label={count ? `Filter (${count} active)` : 'Filter'} {...rest}>
      <Filter size={14} aria-hidden="true" /> Filter
      {count ? <span className="rounded-full bg-primary px-1.5 text-xs text-white">{count}</span> : null}
    </Button>
  );
}

type FrameProps = {
  /** Values applied now (the button's badge). */
  count: number;
  clearDisabled: boolean;
  onClear: () => void;
  children: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** The "Filter By" popover's frame: the button, the title with Clear all, the fields and an optional footer. */
export function FilterPopoverFrame({ count, clearDisabled, onClear, children, footer, open, onOpenChange }: FrameProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <FilterButton count={count} />
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
            <Button variant="link" size="sm" disabled={clearDisabled} onClick={onClear}>
              Clear all
            </Button>
          </div>
          {children}
          {footer}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** A list's "Filter By" popover: one multi-select per field; each change applies at once, Clear all empties them. */
export function FilterPopover({ fields, onClear }: { fields: readonly FilterField[]; onClear: () => void }) {
  const count = fields.reduce((n, f) => n + f.value.length, 0);
  return (
    <FilterPopoverFrame count={count} clearDisabled={count === 0} onClear={onClear}>
      {fields.map((f) => (
        <Field key={f.id} label={f.label} id={f.id}>
          {(control) => <MultiSelect {...control} options={f.options} value={f.value} onChange={f.onChange} emptyText={f.emptyText} />}
        </Field>
      ))}
    </FilterPopoverFrame>
  );
}
