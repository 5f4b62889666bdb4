import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Activity } from '@fieldwork/domain/jobs/activity.schemas';
import { changeSentence, humaniseTimestamps, type DateWriter } from '@fieldwork/domain/jobs/activity-text.rules';
import type { DataPage } from '../lib/api-client';
import { formatDate, formatDateTime } from '../lib/format';
import { Avatar } from './avatar';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { SkeletonRows } from './skeleton';

/** The company's date format for the log: instants in its zone, calendar days as written. */
const writer = (timeZone?: string): DateWriter => ({
  instant: (iso) => formatDateTime(iso, timeZone),
  day: (day) => formatDate(`${day}T12:00:00.000Z`, 'UTC'),
});

/** One change of an activity entry as a sentence ("Changed Name from Boiler to Boiler service."). */
export function changeText(change: Activity['meta'][number], timeZone?: string): string {
  return changeSentence(change, writer(timeZone));
}

export type ActivityLogProps = {
  queryKey: QueryKey;
  fetchPage: (page: number) => Promise<DataPage<Activity>>;
  enabled?: boolean;
  timeZone?: string;
};

/** A record's change log, newest first as the server sends it, with who did it, the field-level changes and Load more. */
export function ActivityLog({ queryKey, fetchPage, enabled = true, timeZone }: ActivityLogProps) {
  const activities = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.currentPage < last.pagination.totalPages ? last.pagination.currentPage + 1 : undefined),
    enabled,
  });
  const items = activities.data?.pages.flatMap((p) => p.data) ?? [];

  if (activities.isLoading) return <SkeletonRows rows={4} label="Loading activity" />;
  if (activities.error) return <ErrorState error={activities.error} onRetry={() => void activities.refetch()} />;
  if (items.length === 0) return <EmptyState title="No activity yet" className="py-8" />;
  return (
    <>
      <ol aria-label="Activity" className="relative ml-2 space-y-4 border-l border-border pl-5">
        {items.map((a) => {
          const actor = a.createdBy?.username ?? 'System';
          return (
            <li key={a._id} className="relative">
              <span aria-hidden="true" className="absolute top-1 -left-[29px]">
                <Avatar name={actor} src={a.createdBy?.profileImg} size={18} />
              </span>
              <p className="text-sm">
                <span className="font-medium text-gray-900">{actor}</span>{' '}
                <time dateTime={a.createdAt} className="text-xs text-muted">
                  {formatDateTime(a.createdAt, timeZone)}
                </time>
              </p>
              <p className="text-sm text-gray-900">{humaniseTimestamps(a.message, writer(timeZone))}</p>
              {a.meta.length > 0 ? (
                <ul className="mt-1 space-y-0.5 rounded-md bg-gray-50 px-2 py-1.5 text-xs text-gray-700">
                  {a.meta.map((change) => (
                    <li key={change.field} className="break-words">
                      {changeText(change, timeZone)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {activities.hasNextPage ? (
        <Button variant="secondary" className="mt-4 w-full" onClick={() => void activities.fetchNextPage()} loading={activities.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </>
  );
}
