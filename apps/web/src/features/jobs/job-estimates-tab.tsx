import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Link2, Plus } from 'lucide-react';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { Button, buttonClass } from '../../components/button';
import { useAuth } from '../../lib/auth-context';
import { DocumentListToolbar, useEstimateList } from '../../shared/billing/document-list';
import { EstimateListView } from '../../shared/billing/estimate-columns';
import { LinkToJobPanel } from '../../shared/billing/link-to-job-panel';

export const CREATE_JOB_ESTIMATE_TEXT = 'Create New Estimate';
export const LINK_EXISTING_TEXT = 'Link Existing';

/** New estimates and links go only to an open job, and only for those who write estimates. */
function CreateEstimateLink({ job }: { job: Job }) {
  return (
    <Link to="/workorder/estimates/$id/create" params={{ id: 'new' }} search={{ jobId: job.id }} className={buttonClass('primary', 'sm')}>
      <Plus size={14} aria-hidden="true" /> {CREATE_JOB_ESTIMATE_TEXT}
    </Link>
  );
}

/** Button that opens the "Linking is permanent" panel for a job's estimates or invoices. */
export function LinkExistingButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      <Link2 size={14} aria-hidden="true" /> {LINK_EXISTING_TEXT}
    </Button>
  );
}

/** The job page's Estimates tab: the job's estimates (sortable by date, amount, deposit; searchable by number). */
export function JobEstimatesTab({ job }: { job: Job }) {
  const auth = useAuth();
  const [linking, setLinking] = useState(false);
  const canAdd = auth.can('estimates.write') && job.status === 'OPEN';
  const list = useEstimateList(job.id);
  return (
    <div>
      <DocumentListToolbar noun="estimate" list={list}>
        {canAdd ? (
          <>
            <LinkExistingButton onClick={() => setLinking(true)} />
            <CreateEstimateLink job={job} />
          </>
        ) : null}
      </DocumentListToolbar>
      <EstimateListView list={list} place="job" emptyAction={canAdd ? <CreateEstimateLink job={job} /> : undefined} />
      {canAdd ? (
        <LinkToJobPanel
          kind="estimate"
          job={{ id: job.id, jobNumber: job.jobNumber, customerId: job.customer.id, status: job.status }}
          open={linking}
          onOpenChange={setLinking}
        />
      ) : null}
    </div>
  );
}
