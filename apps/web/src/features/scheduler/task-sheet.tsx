import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { CALENDAR_MESSAGES } from '@fieldwork/domain/scheduling/calendar.rules';
import type { TaskListItem } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button } from '../../components/button';
import { INFINITE_SCROLL_THRESHOLD } from '../../components/card-list';
import { EmptyState, NO_DATA_TEXT, NO_RESULTS_TEXT } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { controlClass } from '../../components/input';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { taskKeys, tasksApi } from '../tasks/tasks.api';
import { TaskSheetCard } from './task-sheet-card';

export type TaskSheetKind = 'unscheduled' | 'unassigned';

export type TaskSheetProps = {
  kind: TaskSheetKind;
  open: boolean;
  onClose: () => void;
  timeZone: string;
  /** Assign opens the Assign/Schedule sheet for the task (the page owns it). */
  onAssign: (task: TaskListItem) => void;
  /** Whether cards can be dragged onto the board (tasks.write). */
  canDrag: boolean;
};

/** The task infinite list loads 15 at a time. */
export const TASK_SHEET_PAGE_SIZE = 15;
export const TASK_SHEET_SEARCH_PLACEHOLDER = 'Search by task number, name or job number';

const SORT_OPTIONS = [
  { value: 'desc', label: 'Newest first' },
  { value: 'asc', label: 'Oldest first' },
] as const;
type Order = (typeof SORT_OPTIONS)[number]['value'];

/** The query key sits under taskKeys.list, so every task mutation's list invalidation refreshes the sheets too. */
export const taskSheetKey = (kind: TaskSheetKind, search: string, order: Order) => [...taskKeys.list, 'scheduler-sheet', kind, { search, order }] as const;

/**
 * Unscheduled / Unassigned Tasks: a docked panel beside the calendar, deliberately not a modal dialog — there
 * is no overlay and focus is not trapped, so its cards can be dragged onto the board next to it.
 */
export function TaskSheet(props: TaskSheetProps): JSX.Element | null {
  // Mounted only while open: search and sort start fresh each time the sheet is opened.
  return props.open ? <OpenTaskSheet {...props} /> : null;
}

function OpenTaskSheet({ kind, onClose, timeZone, onAssign, canDrag }: TaskSheetProps) {
  const titleId = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const [order, setOrder] = useState<Order>('desc');
  const title = kind === 'unscheduled' ? CALENDAR_MESSAGES.unscheduledTitle : CALENDAR_MESSAGES.unassignedTitle;

  const tasks = useInfiniteQuery({
    queryKey: taskSheetKey(kind, search, order),
    queryFn: ({ pageParam }) =>
      tasksApi.list({
        assignedStatus: kind === 'unscheduled' ? 'UNSCHEDULED' : 'UNASSIGNED',
        // The derived status of the same name is the tab's rows that are still open: closed and cancelled
        // tasks are never offered for scheduling (domain isSchedulable), so the server leaves them out.
        statuses: [kind === 'unscheduled' ? 'UNSCHEDULED' : 'UNASSIGNED'],
        page: pageParam,
        limit: TASK_SHEET_PAGE_SIZE,
        search: search || undefined,
        searchBy: 'any',
        orderByKey: 'createdAt',
        orderByValue: order,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
    // The task list query retries once.
    retry: 1,
  });

  // Escape closes the sheet, unless it is meant for a dialog on top (the Assign sheet, a confirmation).
  const latestClose = useRef(onClose);
  latestClose.current = onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return;
      latestClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const items = tasks.data?.pages.flatMap((p) => p.data) ?? [];
  const total = tasks.data?.pages[0]?.pagination.totalItems;

  return (
    <aside
      aria-labelledby={titleId}
      className="fixed inset-0 z-40 flex flex-col bg-gray-50 sm:static sm:inset-auto sm:z-auto sm:h-full sm:w-[450px] sm:shrink-0 sm:border-l sm:border-border"
    >
      <header className="flex items-center justify-between gap-2 border-b border-border bg-white px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold text-gray-900">
          {title}
          {total !== undefined ? <span className="ml-2 text-sm font-normal text-muted">({total})</span> : null}
        </h2>
        <Button variant="ghost" size="icon" aria-label={`Close ${title}`} onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </Button>
      </header>

      <div className="flex gap-2 border-b border-border bg-white px-4 py-3">
        <div className="relative min-w-0 flex-1">
          <Search size={16} aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-gray-500" />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={TASK_SHEET_SEARCH_PLACEHOLDER}
            aria-label={TASK_SHEET_SEARCH_PLACEHOLDER}
            className={controlClass(false, 'h-9 pl-8')}
          />
        </div>
        <Select
          aria-label="Sort by created date"
          className="w-36 shrink-0"
          value={order}
          options={SORT_OPTIONS}
          onChange={(e) => setOrder(e.target.value === 'asc' ? 'asc' : 'desc')}
        />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto p-4" data-testid="task-sheet-list">
        {tasks.isPending ? (
          <div role="status" aria-label={`Loading ${title}`} className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-32 w-full" />
            ))}
          </div>
        ) : tasks.isError && items.length === 0 ? (
          <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={search ? NO_RESULTS_TEXT : NO_DATA_TEXT} />
        ) : (
          <ul className="space-y-3" aria-label={title}>
            {items.map((task) => (
              <li key={task.id}>
                <TaskSheetCard task={task} timeZone={timeZone} canDrag={canDrag} onAssign={onAssign} />
              </li>
            ))}
            {tasks.hasNextPage || tasks.isFetchNextPageError ? (
              <li>
                <LoadMore onVisible={() => void tasks.fetchNextPage()} busy={tasks.isFetchingNextPage} failed={tasks.isFetchNextPageError} />
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </aside>
  );
}

/** Loads the next page when scrolled (80 %) into view; the button does it without IntersectionObserver or on failure. */
function LoadMore({ onVisible, busy, failed }: { onVisible: () => void; busy: boolean; failed: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef({ onVisible, busy, failed });
  latest.current = { onVisible, busy, failed };
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // After a failure only the button retries, so a broken page is not requested in a loop.
        if (entries.some((e) => e.isIntersecting) && !latest.current.busy && !latest.current.failed) latest.current.onVisible();
      },
      { threshold: INFINITE_SCROLL_THRESHOLD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center">
      <Button variant="secondary" size="sm" loading={busy} onClick={onVisible}>
        {failed ? 'Try again' : 'Load more'}
      </Button>
    </div>
  );
}
