import { ChevronLeft, ChevronRight } from 'lucide-react';
import { hasPageAfter } from '@fieldwork/domain/tasks/task-list-total.rules';
import { Button } from './button';

export type PaginationProps = {
  page: number;
  totalPages: number;
  totalItems: number;
  /** The server counted only up to `totalItems`: shown as "10,000+", and Next stays open past the counted pages. */
  totalIsLowerBound?: boolean | undefined;
  pageSize: number;
  onPageChange: (page: number) => void;
};

const count = new Intl.NumberFormat('en-US');
/** "10,000+" for a total the server only counted up to. */
export const shownTotal = (n: number, lowerBound: boolean | undefined) => `${count.format(n)}${lowerBound ? '+' : ''}`;

export function Pagination({ page, totalPages, totalItems, totalIsLowerBound, pageSize, onPageChange }: PaginationProps) {
  if (totalItems === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = totalIsLowerBound ? page * pageSize : Math.min(page * pageSize, totalItems);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 py-3 text-sm text-muted">
      <p>
        {count.format(first)}–{count.format(last)} of {shownTotal(totalItems, totalIsLowerBound)}
      </p>
      <div className="flex items-center gap-2">
        <span aria-live="polite">
          Page {count.format(page)} of {shownTotal(Math.max(totalPages, 1), totalIsLowerBound)}
        </span>
        <Button variant="secondary" size="icon" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft size={16} aria-hidden="true" />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next page"
          disabled={!hasPageAfter({ page, totalPages, totalIsLowerBound })}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
