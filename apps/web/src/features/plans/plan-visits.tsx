import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Plan, PlanVisit } from '@fieldwork/domain/plans/plans.schemas';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Pagination } from '../../components/pagination';
import { SkeletonRows } from '../../components/skeleton';
import { formatDateTime } from '../../lib/format';
import { planKeys, plansApi, VISITS_PAGE_SIZE, type VisitsWhen } from './plans.api';

const LIFECYCLE = {
  OPEN: { label: 'Scheduled', tone: 'primary' },
  CLOCKED_IN: { label: 'In progress', tone: 'warning' },
  CLOCKED_OUT: { label: 'Clocked out', tone: 'neutral' },
  CLOSED: { label: 'Done', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
} as const satisfies Record<string, { label: string; tone: BadgeTone }>;

export function VisitLifecycleBadge({ lifecycle }: { lifecycle: string }) {
  const s = LIFECYCLE[lifecycle as keyof typeof LIFECYCLE] ?? { label: lifecycle, tone: 'neutral' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

export function VisitTaskLink({ visit }: { visit: PlanVisit }) {
  return (
    <Link to="/workorder/scheduler/view/$taskId" params={{ taskId: visit.id }} className="font-medium text-primary hover:underline">
      Task #{visit.taskNumber}
    </Link>
  );
}

export type VisitAction = 'skip' | 'change-visit' | 'change-following';

/**
 * One row of a plan's visits: when, which task, who, its state. An un-started upcoming visit can be changed on its
 * own, changed with the ones after it (the rule from its day), or skipped.
 */
function VisitRow({ visit, timeZone, onAction }: { visit: PlanVisit; timeZone: string; onAction?: (action: VisitAction, visit: PlanVisit) => void }) {
  const actionable = onAction && visit.lifecycle === 'OPEN';
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-4 sm:gap-y-2" aria-label={`Visit ${visit.occurrence}`}>
      {/* On a phone the date and its task share the first line. */}
      <span className="flex items-center justify-between gap-2 sm:contents">
        <span className="tabular-nums text-gray-900 sm:w-44">{visit.startAt ? formatDateTime(visit.startAt, timeZone) : visit.occurrence}</span>
        <span className="sm:w-24">
          <VisitTaskLink visit={visit} />
        </span>
      </span>
      {/* On a phone who has it and its state share the second line. */}
      <span className="flex min-w-0 items-center justify-between gap-2 sm:contents">
        <span className="min-w-0 flex-1 truncate text-gray-700" title={visit.assignee?.name}>
          {visit.assignee ? visit.assignee.name : <span className="text-muted">Unassigned</span>}
        </span>
        <span className="flex items-center gap-2">
          {visit.needsAttention ? <Badge tone="warning">Needs attention</Badge> : null}
          <VisitLifecycleBadge lifecycle={visit.lifecycle} />
        </span>
      </span>
      {actionable ? (
        <span className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => onAction('change-visit', visit)} aria-label={`Change this visit ${visit.occurrence}`}>
            Change this visit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onAction('change-following', visit)}
            aria-label={`Change this and following ${visit.occurrence}`}
          >
            Change this and following
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onAction('skip', visit)} aria-label={`Skip visit ${visit.occurrence}`}>
            Skip
          </Button>
        </span>
      ) : null}
    </li>
  );
}

export function PlanVisitsList({
  plan,
  when,
  timeZone,
  onAction,
}: {
  plan: Plan;
  when: VisitsWhen;
  timeZone: string;
  onAction?: (action: VisitAction, visit: PlanVisit) => void;
}) {
  const [page, setPage] = useState(1);
  const visits = useQuery({
    queryKey: [...planKeys.visits(plan.id), when, page],
    queryFn: () => plansApi.visits(plan.id, when, page),
    placeholderData: keepPreviousData,
  });
  if (visits.isLoading) return <SkeletonRows rows={4} label={`Loading ${when} visits`} />;
  if (visits.error || !visits.data) return <ErrorState error={visits.error} onRetry={() => void visits.refetch()} />;
  const { data, pagination } = visits.data;
  if (!data.length) return <EmptyState title={when === 'upcoming' ? 'No upcoming visits.' : 'No past visits yet.'} />;
  return (
    <>
      <ul className="divide-y divide-border text-sm">
        {data.map((v) => (
          <VisitRow key={v.id} visit={v} timeZone={timeZone} onAction={plan.status === 'ended' ? undefined : onAction} />
        ))}
      </ul>
      <Pagination page={page} totalPages={pagination.totalPages} totalItems={pagination.totalItems} pageSize={VISITS_PAGE_SIZE} onPageChange={setPage} />
    </>
  );
}
