import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

export type CardField<Row> = { label: string; value: (row: Row) => ReactNode };

export type CardListProps<Row> = {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  title: (row: Row) => ReactNode;
  fields: readonly CardField<Row>[];
  onOpen?: (row: Row) => void;
  openLabel?: (row: Row) => string;
  empty?: ReactNode;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
};

/** The mobile (< 640px) rendering of a list: one card per row and a "Load more" button instead of pages. */
export function CardList<Row>({ rows, rowKey, title, fields, onOpen, openLabel, empty, hasMore, loadingMore, onLoadMore }: CardListProps<Row>) {
  if (rows.length === 0) return <div className="rounded-lg border border-border bg-white">{empty}</div>;
  return (
    <div className="space-y-2">
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <div
              role={onOpen ? 'button' : undefined}
              tabIndex={onOpen ? 0 : undefined}
              aria-label={onOpen && openLabel ? openLabel(row) : undefined}
              onClick={onOpen ? () => onOpen(row) : undefined}
              onKeyDown={
                onOpen
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onOpen(row);
                      }
                    }
                  : undefined
              }
              className={cn('rounded-lg border border-border bg-white p-3', onOpen && 'cursor-pointer hover:border-border-strong')}
            >
              <div className="mb-2 font-medium text-gray-900">{title(row)}</div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {fields.map((f) => (
                  <div key={f.label} className="contents">
                    <dt className="text-muted">{f.label}</dt>
                    <dd className="min-w-0 truncate text-gray-900">{f.value(row)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore ? (
        <Button variant="secondary" className="w-full" onClick={onLoadMore} loading={loadingMore}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
