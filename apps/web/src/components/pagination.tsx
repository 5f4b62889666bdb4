import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

export type PaginationProps = {
  page: number;
  totalPages: number;
  totalItems: number;
  pageSize: number;
  onPageChange: (page: number) => void;
};

export function Pagination({ page, totalPages, totalItems, pageSize, onPageChange }: PaginationProps) {
  if (totalItems === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, totalItems);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 py-3 text-sm text-muted">
      <p>
        {first}–{last} of {totalItems}
      </p>
      <div className="flex items-center gap-2">
        <span aria-live="polite">
          Page {page} of {Math.max(totalPages, 1)}
        </span>
        <Button variant="secondary" size="icon" aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft size={16} aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="icon" aria-label="Next page" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
