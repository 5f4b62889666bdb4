import type { ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from './button';
import { Card } from './card';
import { FieldError } from './field';

export type FieldArrayCardProps = {
  title: string;
  /** Lower-case name of one row: "Add address", legend "Address 1", "Remove address 1". */
  noun: string;
  /** One stable key per row (react-hook-form's field-array key, not the record's own id). */
  rowKeys: readonly string[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Rows that must stay: with this many left, Remove is disabled. */
  minRows?: number;
  error?: string | undefined;
  empty?: ReactNode;
  /** The inputs of row `index`. */
  children: (index: number, rowKey: string) => ReactNode;
  /** Extra controls beside a row's Remove button. */
  rowActions?: (index: number, rowKey: string) => ReactNode;
};

/** A card of repeatable fieldsets (addresses, contacts…) with add and per-row remove. */
export function FieldArrayCard({ title, noun, rowKeys, onAdd, onRemove, minRows = 0, error, empty, children, rowActions }: FieldArrayCardProps) {
  const legend = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Card
      title={title}
      actions={
        <Button variant="secondary" size="sm" onClick={onAdd}>
          <Plus size={14} aria-hidden="true" /> Add {noun}
        </Button>
      }
    >
      <FieldError message={error} />
      {rowKeys.length === 0 ? empty : null}
      <div className="space-y-4">
        {rowKeys.map((rowKey, i) => (
          <fieldset key={rowKey} className="rounded-md border border-border p-3">
            <legend className="px-1 text-xs font-semibold text-muted uppercase">
              {legend} {i + 1}
            </legend>
            {children(i, rowKey)}
            <div className={rowActions ? 'mt-3 flex items-center justify-between gap-2' : 'mt-2 flex justify-end'}>
              {rowActions?.(i, rowKey)}
              <Button variant="ghost" size="sm" disabled={rowKeys.length <= minRows} aria-label={`Remove ${noun} ${i + 1}`} onClick={() => onRemove(i)}>
                <Trash2 size={14} aria-hidden="true" /> Remove
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
    </Card>
  );
}
