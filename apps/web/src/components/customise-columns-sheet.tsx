import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Lock } from 'lucide-react';
import { COLUMN_LABELS, FIXED_COLUMNS, type ColumnConfig, type TableConfigType } from '@fieldwork/domain/common/table-config.schemas';
import { cn } from '../lib/cn';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { SideSheet } from './side-sheet';

/** The label of a column key of a configurable table. */
export function columnLabel(type: TableConfigType, key: string): string {
  return (COLUMN_LABELS[type] as Record<string, string>)[key] ?? key;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

export type CustomiseColumnsSheetProps = {
  /** Which table: its column labels and always-shown columns. */
  type: TableConfigType;
  /** What the columns belong to, e.g. "the job list". */
  listName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: readonly ColumnConfig[];
  onApply: (config: ColumnConfig[]) => void;
  pending: boolean;
};

/**
 * The "Customise" drawer of a configurable list: one checkbox per column (fixed columns locked on), reordered
 * by dragging a row's handle or, from the keyboard, with each row's move up / move down buttons.
 */
export function CustomiseColumnsSheet({ type, listName, open, onOpenChange, config, onApply, pending }: CustomiseColumnsSheetProps) {
  const fixedKeys = new Set(FIXED_COLUMNS[type] ?? []);
  const labelOf = (key: string) => columnLabel(type, key);
  const [draft, setDraft] = useState<ColumnConfig[]>(() => [...config]);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  // Every opening starts from the saved configuration.
  useEffect(() => {
    if (open) {
      setDraft([...config]);
      setAnnouncement('');
    }
  }, [open, config]);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (!key) return;
    focusAfterMove.current = null;
    const target = buttons.current.get(key);
    // When the moved row reached an end its button is disabled: focus the other direction's instead.
    if (target && !target.disabled) target.focus();
    else buttons.current.get(key.endsWith(':up') ? key.replace(/:up$/, ':down') : key.replace(/:down$/, ':up'))?.focus();
  }, [draft]);

  const changed = JSON.stringify(draft) !== JSON.stringify(config);

  const moveItem = (from: number, to: number, focusKey?: string) => {
    if (to < 0 || to >= draft.length || from === to) return;
    const key = draft[from]?.key ?? '';
    setDraft((d) => move(d, from, to));
    setAnnouncement(`${labelOf(key)} moved to position ${to + 1} of ${draft.length}`);
    if (focusKey) focusAfterMove.current = focusKey;
  };

  const onDragOver = (index: number) => (e: DragEvent<HTMLLIElement>) => {
    if (dragIndex === null) return;
    e.preventDefault();
    if (dragIndex !== index) {
      setDraft((d) => move(d, dragIndex, index));
      setDragIndex(index);
    }
  };

  return (
    <SideSheet
      open={open}
      onOpenChange={onOpenChange}
      title="Customise"
      description={`Choose the columns of ${listName}. Items can be rearranged: drag a row by its handle, or use its arrow buttons.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => onApply(draft)} disabled={!changed} loading={pending}>
            Apply Changes
          </Button>
        </>
      }
    >
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol aria-label="Columns" className="space-y-1">
        {draft.map((column, index) => {
          const fixed = fixedKeys.has(column.key);
          const label = labelOf(column.key);
          const id = `customise-${column.key}`;
          return (
            <li
              key={column.key}
              draggable
              onDragStart={(e) => {
                setDragIndex(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', column.key);
              }}
              onDragOver={onDragOver(index)}
              onDrop={(e) => {
                e.preventDefault();
                setDragIndex(null);
              }}
              onDragEnd={() => setDragIndex(null)}
              className={cn(
                'flex items-center gap-2 rounded-md border border-border bg-white px-2 py-1.5',
                dragIndex === index && 'border-primary bg-primary-soft',
              )}
            >
              <GripVertical size={16} aria-hidden="true" className="shrink-0 cursor-grab text-gray-400" />
              <Checkbox
                id={id}
                checked={fixed ? true : column.enabled}
                disabled={fixed}
                onCheckedChange={(enabled) => setDraft((d) => d.map((c) => (c.key === column.key ? { ...c, enabled } : c)))}
              />
              <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm">
                {label}
              </label>
              {fixed ? (
                <span className="inline-flex items-center gap-1 text-xs text-muted">
                  <Lock size={12} aria-hidden="true" /> Always shown
                </span>
              ) : null}
              <Button
                ref={(el) => void (el ? buttons.current.set(`${column.key}:up`, el) : buttons.current.delete(`${column.key}:up`))}
                variant="ghost"
                size="icon"
                className="h-7 w-7"
                aria-label={`Move ${label} up`}
                disabled={index === 0}
                onClick={() => moveItem(index, index - 1, `${column.key}:up`)}
              >
                <ArrowUp size={14} aria-hidden="true" />
              </Button>
              <Button
                ref={(el) => void (el ? buttons.current.set(`${column.key}:down`, el) : buttons.current.delete(`${column.key}:down`))}
                variant="ghost"
                size="icon"
                className="h-7 w-7"
                aria-label={`Move ${label} down`}
                disabled={index === draft.length - 1}
                onClick={() => moveItem(index, index + 1, `${column.key}:down`)}
              >
                <ArrowDown size={14} aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
    </SideSheet>
  );
}
