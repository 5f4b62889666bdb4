import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from './button';

export type CardField<Row> = { label: string; value: (row: Row) => ReactNode };

/** The infinite list loads the next page when its end is 80% in view. */
export const INFINITE_SCROLL_THRESHOLD = 0.8;

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
  /** Load the next page as the end of the list scrolls into view (the button stays for keyboard users). */
  infinite?: boolean;
  /** Show only this many fields per card, with a Show More / Show Less toggle for the rest. */
  collapsedFields?: number;
};

/** The mobile (< 640px) rendering of a list: one card per row and "Load more" (or infinite scroll) instead of pages. */
export function CardList<Row>({
  rows,
  rowKey,
  title,
  fields,
  onOpen,
  openLabel,
  empty,
  hasMore,
  loadingMore,
  onLoadMore,
  infinite,
  collapsedFields,
}: CardListProps<Row>) {
  if (rows.length === 0) return <div className="rounded-lg border border-border bg-white">{empty}</div>;
  const more =
    hasMore && onLoadMore ? (
      <Button variant="secondary" className="w-full" onClick={onLoadMore} loading={loadingMore}>
        Load more
      </Button>
    ) : null;
  return (
    <div className="space-y-2">
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={rowKey(row)}>
            <Card row={row} title={title} fields={fields} onOpen={onOpen} openLabel={openLabel} collapsedFields={collapsedFields} />
          </li>
        ))}
      </ul>
      {more && infinite ? <LoadMoreSentinel onVisible={loadingMore ? undefined : onLoadMore}>{more}</LoadMoreSentinel> : more}
    </div>
  );
}

function Card<Row>({
  row,
  title,
  fields,
  onOpen,
  openLabel,
  collapsedFields,
}: Pick<CardListProps<Row>, 'title' | 'fields' | 'onOpen' | 'openLabel' | 'collapsedFields'> & { row: Row }) {
  const [expanded, setExpanded] = useState(false);
  const collapsible = collapsedFields !== undefined && fields.length > collapsedFields;
  const shown = collapsible && !expanded ? fields.slice(0, collapsedFields) : fields;
  return (
    <div
      role={onOpen ? 'button' : undefined}
      tabIndex={onOpen ? 0 : undefined}
      aria-label={onOpen && openLabel ? openLabel(row) : undefined}
      onClick={onOpen ? () => onOpen(row) : undefined}
      onKeyDown={
        onOpen
          ? (e) => {
              if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                e.preventDefault();
                onOpen(row);
              }
            }
          : undefined
      }
      className={cn('rounded-lg border border-border bg-white p-3', onOpen && 'cursor-pointer hover:border-border-strong')}
    >
      <div className="mb-2 min-w-0 truncate font-medium text-gray-900">{title(row)}</div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {shown.map((f) => (
          <div key={f.label} className="contents">
            <dt className="text-muted">{f.label}</dt>
            <dd className="min-w-0 truncate text-gray-900">{f.value(row)}</dd>
          </div>
        ))}
      </dl>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          className="mt-2 text-sm font-medium text-primary hover:underline"
          onClick={(e) => {
            e.stopPropagation();
            setExpanded((x) => !x);
          }}
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
    </div>
  );
}

/** Calls onVisible when the end of the list is (80%) in view; without IntersectionObserver the button inside does the work. */
function LoadMoreSentinel({ onVisible, children }: { onVisible: (() => void) | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current?.();
      },
      { threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref}>{children}</div>;
}
