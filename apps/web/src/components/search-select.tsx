import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { ChevronDown, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { controlClass } from './input';
import { Spinner } from './spinner';

export type SearchSelectOption = { value: string; label: string; description?: string };

export type SearchSelectProps = {
  id?: string;
  /** The chosen value's text, shown while the user is not typing. */
  selectedLabel: string;
  value: string;
  /** What the user typed; the parent debounces it and loads `options`. */
  onSearchChange: (text: string) => void;
  options: readonly SearchSelectOption[];
  loading?: boolean;
  onSelect: (option: SearchSelectOption | null) => void;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Offer a clear button when a value is chosen. */
  clearable?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

/**
 * A type-to-search select (WAI-ARIA combobox with a listbox popup) for lists too long to load whole,
 * such as customers. Arrow keys move, Enter picks, Escape closes and restores the chosen value.
 */
export function SearchSelect({
  id,
  selectedLabel,
  value,
  onSearchChange,
  options,
  loading,
  onSelect,
  placeholder = 'Search…',
  emptyText = 'No items found',
  disabled,
  invalid,
  clearable,
  ...aria
}: SearchSelectProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const editing = text !== null;
  const shown = editing ? text : selectedLabel;
  const optionId = (i: number) => `${listId}-option-${i}`;

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const pick = (option: SearchSelectOption) => {
    onSelect(option);
    close();
  };
  const openList = () => {
    if (disabled) return;
    setOpen(true);
    setActive(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) return openList();
      setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      if (open && options[active]) {
        e.preventDefault();
        pick(options[active]);
      }
    } else if (e.key === 'Escape') {
      if (open || editing) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    }
  };

  return (
    <Popover.Root open={open && !disabled} onOpenChange={(o) => (o ? openList() : close())}>
      <Popover.Anchor asChild>
        <div className="relative">
          <input
            ref={inputRef}
            id={id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={open && options[active] ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            placeholder={placeholder}
            value={shown}
            onChange={(e) => {
              setText(e.target.value);
              setActive(0);
              setOpen(true);
              onSearchChange(e.target.value);
            }}
            onFocus={() => {
              if (!disabled) onSearchChange('');
            }}
            onClick={openList}
            onBlur={close}
            onKeyDown={onKeyDown}
            className={controlClass(invalid, cn('h-9 pr-14', disabled && 'cursor-not-allowed'))}
            {...aria}
          />
          <span className="absolute inset-y-0 right-2 flex items-center gap-1 text-gray-500">
            {clearable && value && !disabled ? (
              <button
                type="button"
                aria-label="Clear selection"
                className="rounded p-0.5 hover:bg-gray-100"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onSelect(null);
                  inputRef.current?.focus();
                }}
              >
                <X size={14} aria-hidden="true" />
              </button>
            ) : null}
            <ChevronDown size={16} aria-hidden="true" className="pointer-events-none" />
          </span>
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (e.target instanceof Node && inputRef.current?.contains(e.target)) e.preventDefault();
          }}
          className="z-50 w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-border bg-white p-1 shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label="Options" className="max-h-[280px] overflow-y-auto">
            {options.map((o, i) => (
              <li
                key={o.value}
                id={optionId(i)}
                role="option"
                aria-selected={o.value === value}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
                className={cn(
                  'cursor-pointer rounded px-2 py-1.5 text-sm',
                  i === active ? 'bg-primary-soft text-primary-hover' : 'text-gray-900',
                  o.value === value && 'font-semibold',
                )}
              >
                <span className="block truncate">{o.label}</span>
                {o.description ? <span className="block truncate text-xs text-muted">{o.description}</span> : null}
              </li>
            ))}
          </ul>
          {loading ? (
            <div className="px-2 py-1.5">
              <Spinner size={14} label="Loading…" />
            </div>
          ) : options.length === 0 ? (
            <p className="px-2 py-1.5 text-sm text-muted">{emptyText}</p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
