import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ContactTextsOffBadge } from '../../shared/customers/texts-off-badge';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { CheckCircle2, History, MessageSquare, MessageSquarePlus, Pencil, X } from 'lucide-react';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { NameBadges } from '../../components/badge';
import { Button, buttonClass } from '../../components/button';
import { Card, DetailList } from '../../components/card';
import { ErrorState } from '../../components/error-state';
import { BackLink, PageHeader } from '../../components/page-header';
import { Skeleton, SkeletonForm } from '../../components/skeleton';
import { useAuth } from '../../lib/auth-context';
import { formatDateTime } from '../../lib/format';
import { JobActivitySheet } from './job-activity-sheet';
import { JobMedia } from './job-media';
import { JobNotesSheet } from './job-notes-sheet';
import { JobQuickCreate } from './job-quick-create';
import { CreditFlag } from '../../shared/billing/credit-flag';
import { JobStatusBadge, JobTaskSummaryBadge, jobName, jobNumberText } from '../../shared/jobs/job-status-badge';
import { JobStatusButtons } from './job-status-actions';
import { isJobTab, type JobTab } from './job-search';
import { JobTabs } from './job-tabs';
import { jobKeys, jobsApi } from './jobs.api';
import { SiteAssets } from '../../shared/assets/site-assets';

export const JOB_CREATED_BANNER = 'Job created';

export type JobDetailSearch = { tf_tab?: JobTab; new?: boolean };

const none = <span className="text-muted">—</span>;

export function JobDetailPage() {
  const { id = '' } = useParams({ strict: false });
  const search: JobDetailSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [sheet, setSheet] = useState<'notes' | 'compose' | 'activity' | null>(null);
  const job = useQuery({ queryKey: jobKeys.detail(id), queryFn: () => jobsApi.get(id) });
  const tab: JobTab = isJobTab(search.tf_tab) ? search.tf_tab : 'tasks';
  const tz = auth.session.company.timeZone;
  const back = <BackLink to="/workorder/jobs">Jobs</BackLink>;

  if (job.isLoading) {
    return (
      <div role="status" aria-label="Loading job">
        <div className="mb-4 space-y-2">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-7 w-72 max-w-full" />
        </div>
        <SkeletonForm fields={6} />
      </div>
    );
  }
  if (job.error || !job.data) {
    return (
      <>
        <PageHeader title="Job" back={back} />
        <ErrorState error={job.error} onRetry={() => void job.refetch()} />
      </>
    );
  }
  const j = job.data;
  const setSearch = (next: JobDetailSearch) =>
    void navigate({ to: '/workorder/jobs/$id', params: { id }, search: { tf_tab: next.tf_tab, new: next.new }, replace: true });
  const refreshJob = () => {
    void queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: jobKeys.activities(id) });
  };
  const userLink = (user: { userId: string; username: string } | null) =>
    !user ? (
      none
    ) : auth.can('users.read') ? (
      <Link to="/settings/permission-control/view-user" search={{ userId: user.userId }} className="text-primary hover:underline">
        {user.username}
      </Link>
    ) : (
      user.username
    );
  const canEdit = auth.can('jobs.write');
  const canNote = auth.can('notes.write');
  const open = j.status === 'OPEN';

  return (
    <>
      {search.new ? (
        <div
          role="status"
          className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-success/30 bg-success-soft px-4 py-2.5 text-sm text-success"
        >
          <span className="flex items-center gap-2 font-medium">
            <CheckCircle2 size={16} aria-hidden="true" /> {JOB_CREATED_BANNER}
          </span>
          <button type="button" aria-label="Dismiss" className="rounded p-1 hover:bg-white/60" onClick={() => setSearch({ tf_tab: search.tf_tab })}>
            <X size={14} aria-hidden="true" />
          </button>
        </div>
      ) : null}

      <header className="mb-4 flex flex-col gap-3">
        <div className="min-w-0">
          <div className="mb-1">{back}</div>
          <h1 className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xl font-semibold break-words text-gray-900">
            <span className="min-w-0">
              Job {jobNumberText(j.jobNumber)} · {jobName(j.name)}
            </span>
            <JobStatusBadge status={j.status} />
            <JobTaskSummaryBadge summary={j.statusInfo.summary} />
            {/* Money paid beyond the job's invoice totals: someone must refund or apply it. */}
            {auth.can('invoices.read') ? <CreditFlag credit={j.credit} /> : null}
          </h1>
          <p className="mt-1 text-sm text-muted">
            Created {formatDateTime(j.createdAt, tz)}
            {j.createdBy ? <> by {userLink(j.createdBy)}</> : null}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => setSheet('notes')}>
            <MessageSquare size={14} aria-hidden="true" /> Notes
            <span aria-hidden="true" className="rounded-full bg-gray-100 px-1.5 text-xs text-gray-700">
              {j.counts.notes}
            </span>
          </Button>
          <Button variant="secondary" onClick={() => setSheet('activity')}>
            <History size={14} aria-hidden="true" /> Activity log
          </Button>
          {canNote ? (
            <Button
              variant="secondary"
              disabled={!j.actions.addNote}
              title={j.actions.addNote ? undefined : 'Closed and cancelled jobs take no new notes'}
              onClick={() => setSheet('compose')}
            >
              <MessageSquarePlus size={14} aria-hidden="true" /> Add Note
            </Button>
          ) : null}
          {canEdit ? (
            j.actions.edit ? (
              <Link to="/workorder/jobs/$id/edit" params={{ id }} className={buttonClass('secondary')}>
                <Pencil size={14} aria-hidden="true" /> Edit
              </Link>
            ) : (
              <Button variant="secondary" disabled title="Closed and cancelled jobs cannot be edited">
                <Pencil size={14} aria-hidden="true" /> Edit
              </Button>
            )
          ) : null}
          <JobStatusButtons job={j} />
          <JobQuickCreate job={j} />
        </div>
      </header>

      <div className="grid gap-4 lg:grid-cols-3">
        <Card title="Job details" className="min-w-0 lg:col-span-2">
          <JobDetails job={j} userLink={userLink} canOpenCustomer={auth.can('customers.read')} timeZone={tz} />
        </Card>
        <Card title={`Media and Documents (${j.counts.media})`} className="min-w-0">
          <JobMedia
            target={{ jobId: j.id }}
            canUpload={open && auth.can('media.write')}
            canDelete={open && auth.can('media.write')}
            onChanged={refreshJob}
            timeZone={tz}
            compact
          />
        </Card>
        <SiteAssets
          customerId={j.customer.id}
          jobId={j.id}
          sites={[{ id: j.siteAddress.id, label: j.siteAddress.fullAddress }]}
          readOnly={!open}
          className="min-w-0 lg:col-span-3"
        />
      </div>

      <div className="mt-6 min-w-0">
        <JobTabs job={j} tab={tab} onTabChange={(next) => setSearch({ tf_tab: next, new: search.new })} />
      </div>

      <JobNotesSheet
        jobId={j.id}
        open={sheet === 'notes' || sheet === 'compose'}
        focusComposer={sheet === 'compose'}
        onOpenChange={(o) => setSheet(o ? sheet : null)}
        canAdd={canNote && j.actions.addNote}
        timeZone={tz}
      />
      <JobActivitySheet jobId={j.id} open={sheet === 'activity'} onOpenChange={(o) => setSheet(o ? 'activity' : null)} timeZone={tz} />
    </>
  );
}

function JobDetails({
  job: j,
  userLink,
  canOpenCustomer,
  timeZone,
}: {
  job: Job;
  userLink: (user: { userId: string; username: string } | null) => ReactNode;
  canOpenCustomer: boolean;
  timeZone: string;
}) {
  return (
    <DetailList
      items={[
        {
          label: 'Customer',
          value: canOpenCustomer ? (
            <Link to="/customer/$id/view-profile" params={{ id: j.customer.id }} className="text-primary hover:underline">
              {j.customer.name}
            </Link>
          ) : (
            j.customer.name
          ),
        },
        { label: 'Site Address', value: j.siteAddress.fullAddress || none },
        { label: 'Building/Unit', value: j.buildingUnit?.buildingUnit ?? none },
        {
          label: 'Site Contact',
          value: j.siteContact ? (
            <>
              {j.siteContact.name}
              {j.siteContact.mobileNumber ? (
                <a href={`tel:${j.siteContact.mobileNumber}`} className="ml-2 text-primary hover:underline">
                  {j.siteContact.mobileNumber}
                </a>
              ) : null}
              {j.siteContact.mobileNumber && canOpenCustomer ? (
                <span className="ml-2 inline-flex align-middle">
                  <ContactTextsOffBadge customerId={j.customer.id} contactId={j.siteContact.id} timeZone={timeZone} />
                </span>
              ) : null}
            </>
          ) : (
            none
          ),
        },
        { label: 'Requester', value: j.requester?.name ?? none },
        { label: 'Job Lead', value: userLink(j.jobLead) },
        { label: 'Sales Manager', value: userLink(j.salesManager) },
        { label: 'CRM Lead', value: j.crmLead ? `Lead #${j.crmLead.leadNumber}` : none },
        { label: 'Tags', value: <NameBadges items={j.jobTags} empty={none} /> },
        { label: 'Service Areas', value: <NameBadges items={j.jobZones} empty={none} /> },
        {
          label: 'Description',
          value: j.description?.trim() ? <span className="whitespace-pre-wrap">{j.description}</span> : <span className="text-muted">No description</span>,
        },
      ]}
    />
  );
}
