import type { KeyboardEvent, ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '../lib/cn';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  sortable?: boolean;
  /**
   * A column holding several figures (e.g. paid, total cost, open balance) sorts by each: one small sort
   * button per key under the header text. Takes precedence over `sortable`.
   */
  sortKeys?: readonly { key: string; label: string }[];
  /** Stays in view at the right edge while a wide table scrolls sideways (row actions). */
  stickyEnd?: boolean;
};

const STICKY_END = 'sticky right-0 shadow-[inset_1px_0_0_var(--color-border)]';

export type SortState = { key: string; direction: 'asc' | 'desc' };

export type DataTableProps<Row> = {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** Accessible name of a clickable row, e.g. "Open Acme Ltd". */
  rowLabel?: (row: Row) => string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Shown in a full-width row when there are no rows (the header stays, as the spec's empty frames do). */
  empty?: ReactNode;
  caption?: string;
  className?: string;
};

export function DataTable<Row>({ columns, rows, rowKey, onRowClick, rowLabel, sort, onSortChange, empty, caption, className }: DataTableProps<Row>) {
  const onKey = (row: Row) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (onRowClick && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onRowClick(row);
    }
  };
  return (
    <div className={cn('max-h-[70vh] overflow-auto rounded-lg border border-border bg-white', className)}>
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((col) => {
              const keys = col.sortKeys?.map((k) => k.key) ?? [col.key];
              const active = sort !== undefined && keys.includes(sort.key);
              const nextSort = (key: string) => onSortChange?.({ key, direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc' });
              return (
                <th
                  key={col.key}
                  scope="col"
                  aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={cn(
                    'sticky top-0 z-10 border-b border-border bg-gray-50 px-3 py-2 align-bottom text-xs font-semibold tracking-wide text-gray-700 uppercase',
                    // Two-word headers may wrap, so a short value does not get a wide column.
                    'min-w-20',
                    col.stickyEnd && cn(STICKY_END, 'z-20'),
                    col.className,
                  )}
                >
                  {col.sortKeys && onSortChange ? (
                    <div className="flex flex-col gap-0.5">
                      <span>{col.header}</span>
                      <span className="flex gap-2 font-medium tracking-normal normal-case">
                        {col.sortKeys.map((k) => (
                          <button key={k.key} type="button" className="inline-flex items-center gap-0.5 hover:text-gray-900" onClick={() => nextSort(k.key)}>
                            {k.label}
                            <SortIcon state={sort?.key === k.key ? sort.direction : undefined} />
                          </button>
                        ))}
                      </span>
                    </div>
                  ) : col.sortable && onSortChange ? (
                    <button type="button" className="inline-flex items-center gap-1 text-left uppercase hover:text-gray-900" onClick={() => nextSort(col.key)}>
                      {col.header}
                      <SortIcon state={active ? sort?.direction : undefined} />
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? onKey(row) : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
              className={cn(onRowClick && 'group cursor-pointer hover:bg-gray-50 focus-visible:bg-primary-soft focus-visible:outline-none')}
            >
              {columns.map((col) => (
                <td
                  key={col.key}
                  className={cn(
                    'border-b border-border px-3 py-2.5 align-middle',
                    col.stickyEnd && cn(STICKY_END, 'z-[1] bg-white', onRowClick && 'group-hover:bg-gray-50'),
                    col.className,
                  )}
                >
                  {col.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Outside the table and pinned left, so a wide header never pushes the message off screen. */}
      {rows.length === 0 ? <div className="sticky left-0 w-full">{empty}</div> : null}
    </div>
  );
}

function SortIcon({ state }: { state: 'asc' | 'desc' | undefined }) {
  if (state === 'asc') return <ArrowUp size={12} aria-hidden="true" />;
  if (state === 'desc') return <ArrowDown size={12} aria-hidden="true" />;
  return <ArrowUpDown size={12} aria-hidden="true" className="text-gray-400" />;
}
