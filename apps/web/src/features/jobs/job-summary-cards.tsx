import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Briefcase, CheckCircle2, ClipboardCheck, FileCheck2, type LucideIcon } from 'lucide-react';
import type { JobSummary } from '@fieldwork/domain/jobs/jobs.schemas';
import { Skeleton } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { jobKeys, jobsApi } from './jobs.api';

const CARDS: readonly { key: keyof JobSummary; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'openJobs', label: 'Open Jobs', icon: Briefcase, tone: 'text-primary bg-primary-soft' },
  { key: 'overdueTasks', label: 'Overdue Tasks', icon: AlertTriangle, tone: 'text-danger bg-danger-soft' },
  { key: 'approvedEstimates', label: 'Approved Estimates', icon: FileCheck2, tone: 'text-success bg-success-soft' },
  { key: 'closedTasks', label: 'Closed Tasks', icon: ClipboardCheck, tone: 'text-gray-700 bg-gray-100' },
  { key: 'closedJobs', label: 'Closed Jobs', icon: CheckCircle2, tone: 'text-gray-900 bg-gray-100' },
];

export function JobSummaryCards() {
  const summary = useQuery({ queryKey: jobKeys.summary, queryFn: jobsApi.summary });
  return (
    <section aria-label="Job totals" className="mb-4">
      {/*
        Phones: two compact columns inside the screen (a row that scrolls sideways hid the last cards past the
        edge); the odd last card takes the whole row.
      */}
      <dl className="grid grid-cols-2 gap-2 max-sm:[&>*:last-child:nth-child(odd)]:col-span-2 sm:grid-cols-3 lg:grid-cols-5">
        {CARDS.map(({ key, label, icon: Icon, tone }) => (
          <div key={key} className="flex min-w-0 items-center gap-3 rounded-lg border border-border bg-white px-3 py-2 sm:py-2.5">
            <span aria-hidden="true" className={`hidden h-8 w-8 shrink-0 items-center justify-center rounded-md sm:flex ${tone}`}>
              <Icon size={16} />
            </span>
            <div className="min-w-0">
              <dt className="truncate text-xs font-medium text-muted">{label}</dt>
              <dd className="text-lg font-semibold text-gray-900 tabular-nums">
                {summary.isLoading ? <Skeleton className="mt-1 h-5 w-10" /> : summary.data ? summary.data[key] : '—'}
              </dd>
            </div>
          </div>
        ))}
      </dl>
      {summary.error ? (
        <p role="alert" className="mt-2 text-xs text-danger">
          Totals could not be loaded: {messageOf(summary.error)}
        </p>
      ) : null}
    </section>
  );
}
