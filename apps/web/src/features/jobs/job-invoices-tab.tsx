import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { buttonClass } from '../../components/button';
import { useAuth } from '../../lib/auth-context';
import { DocumentListToolbar, useInvoiceList } from '../../shared/billing/document-list';
import { InvoiceListView } from '../../shared/billing/invoice-columns';
import { LinkToJobPanel } from '../../shared/billing/link-to-job-panel';
import { LinkExistingButton } from './job-estimates-tab';

export const CREATE_JOB_INVOICE_TEXT = 'Create New Invoice';

function CreateInvoiceLink({ job }: { job: Job }) {
  return (
    <Link to="/workorder/invoices/$id/create" params={{ id: 'new' }} search={{ jobId: job.id }} className={buttonClass('primary', 'sm')}>
      <Plus size={14} aria-hidden="true" /> {CREATE_JOB_INVOICE_TEXT}
    </Link>
  );
}

/** The job page's Invoices tab: the job's invoices, searchable by number. */
export function JobInvoicesTab({ job }: { job: Job }) {
  const auth = useAuth();
  const [linking, setLinking] = useState(false);
  const canAdd = auth.can('invoices.write') && job.status === 'OPEN';
  const list = useInvoiceList(job.id);
  return (
    <div>
      <DocumentListToolbar noun="invoice" list={list}>
        {canAdd ? (
          <>
            <LinkExistingButton onClick={() => setLinking(true)} />
            <CreateInvoiceLink job={job} />
          </>
        ) : null}
      </DocumentListToolbar>
      <InvoiceListView list={list} place="job" emptyAction={canAdd ? <CreateInvoiceLink job={job} /> : undefined} />
      {canAdd ? (
        <LinkToJobPanel
          kind="invoice"
          job={{ id: job.id, jobNumber: job.jobNumber, customerId: job.customer.id, status: job.status }}
          open={linking}
          onOpenChange={setLinking}
        />
      ) : null}
    </div>
  );
}
