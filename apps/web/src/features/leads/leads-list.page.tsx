import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { Lead } from '@fieldwork/domain/customers/leads.schemas';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button, buttonClass } from '../../components/button';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { useAuth } from '../../lib/auth-context';
import { formatDate } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_STATUS_OPTIONS, leadKeys, leadsApi, type LeadStatus } from './leads.api';
import { LeadPhotoThumbs } from './lead-photos';
import { NewLeadDialog } from './new-lead-dialog';

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  NEW: 'primary',
  CONTACTED: 'warning',
  QUALIFIED: 'success',
  CONVERTED: 'dark',
  LOST: 'neutral',
};

const statusBadge = (l: Lead) => <Badge tone={STATUS_TONES[l.status]}>{LEAD_STATUS_LABELS[l.status]}</Badge>;

export function LeadsListPage() {
  const auth = useAuth();
  const [creating, setCreating] = useState(false);
  const canCreateJob = auth.can('jobs.write');
  const list = usePagedList({
    queryKey: leadKeys.list,
    fetchPage: ({ status, ...params }) => leadsApi.list({ ...params, status: status || undefined }),
    initialFilters: { status: '' as LeadStatus | '' },
    isFiltered: (f) => Boolean(f.status),
  });
  const tz = auth.session.company.timeZone;

  const jobCell = (l: Lead) =>
    l.job ? (
      <Link to="/workorder/jobs/$id" params={{ id: l.job.id }} className="text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
        Job #{l.job.jobNumber}
      </Link>
    ) : (
      <span className="text-muted">—</span>
    );
  const actionCell = (l: Lead) =>
    canCreateJob && !l.job ? (
      <Link
        to="/workorder/jobs/create"
        search={{ leadId: l.id, leadNumber: l.leadNumber, customerId: l.customer.id }}
        className={buttonClass('secondary', 'sm')}
        aria-label={`Create job from lead #${l.leadNumber}`}
      >
        Create job
      </Link>
    ) : null;

  return (
    <>
      <PageHeader
        title="Leads"
        actions={
          auth.can('leads.write') ? (
            <Button onClick={() => setCreating(true)}>
              <Plus size={16} aria-hidden="true" /> New lead
            </Button>
          ) : null
        }
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput aria-label="Search leads" placeholder="Search leads" value={list.search} onChange={list.setSearch} />
        <Select
          aria-label="Filter by status"
          className="sm:w-44"
          value={list.filters.status}
          placeholder="All statuses"
          options={LEAD_STATUS_OPTIONS}
          onChange={(e) => list.setFilters({ status: e.target.value as LeadStatus | '' })}
        />
      </div>
      <ListView
        list={list}
        caption="Leads"
        rowKey={(l) => l.id}
        columns={[
          { key: 'leadNumber', header: 'Lead Number', cell: (l) => <span className="font-medium text-gray-900">#{l.leadNumber}</span> },
          { key: 'customer', header: 'Customer', cell: (l) => l.customer.name },
          { key: 'status', header: 'Status', cell: statusBadge },
          { key: 'source', header: 'Source', cell: (l) => LEAD_SOURCE_LABELS[l.source] },
          { key: 'photos', header: 'Photos', cell: (l) => <LeadPhotoThumbs lead={l} /> },
          { key: 'createdAt', header: 'Created On', cell: (l) => formatDate(l.createdAt, tz), className: 'whitespace-nowrap' },
          { key: 'job', header: 'Job', cell: jobCell },
          { key: 'actions', header: 'Actions', cell: actionCell },
        ]}
        cardTitle={(l) => `#${l.leadNumber} · ${l.customer.name}`}
        cardFields={[
          { label: 'Status', value: statusBadge },
          { label: 'Source', value: (l) => LEAD_SOURCE_LABELS[l.source] },
          { label: 'Photos', value: (l) => <LeadPhotoThumbs lead={l} /> },
          { label: 'Created On', value: (l) => formatDate(l.createdAt, tz) },
          { label: 'Job', value: (l) => (l.job ? jobCell(l) : (actionCell(l) ?? jobCell(l))) },
        ]}
        errorPlacement="below"
      />
      {creating ? <NewLeadDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
