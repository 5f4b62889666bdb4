import { Link } from '@tanstack/react-router';
import { CALL_MESSAGES, CALL_OUTCOME_LABELS, CALL_OUTCOMES, CALL_PAGE_SIZE, type Call, type CallOutcome } from '@fieldwork/domain/ai/receptionist.schemas';
import { Badge, type BadgeTone } from '../../components/badge';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { Select } from '../../components/select';
import { useAuth } from '../../lib/auth-context';
import { durationText, formatDateTime } from '../../lib/format';
import { usePagedList } from '../../lib/use-paged-list';
import { callKeys, receptionistApi } from './receptionist.api';

const OUTCOME_TONES: Record<CallOutcome, BadgeTone> = {
  BOOKED: 'success',
  LEAD_CREATED: 'primary',
  INFORMATION: 'neutral',
  MISSED: 'danger',
  SPAM: 'outline',
};
const OUTCOME_OPTIONS = CALL_OUTCOMES.map((value) => ({ value, label: CALL_OUTCOME_LABELS[value] }));

type Filters = { outcome: CallOutcome | ''; from: string; to: string };

const outcomeBadge = (c: Call) => <Badge tone={OUTCOME_TONES[c.outcome]}>{CALL_OUTCOME_LABELS[c.outcome]}</Badge>;
const caller = (c: Call) => (
  <span className="flex flex-col">
    <span className="font-medium text-gray-900">{c.callerName ?? 'Unknown caller'}</span>
    <a href={`tel:${c.callerNumber}`} className="text-xs text-primary hover:underline" onClick={(e) => e.stopPropagation()}>
      {c.callerNumber}
    </a>
  </span>
);

/** The AI receptionist's call log: every call a phone system posted, with what came of it. */
export function CallsPage() {
  const auth = useAuth();
  const tz = auth.session.company.timeZone;
  const canOpenJob = auth.can('jobs.read');
  const canOpenLeads = auth.can('leads.read');
  const list = usePagedList({
    queryKey: callKeys.list,
    fetchPage: ({ outcome, from, to, ...params }) =>
      receptionistApi.list({ ...params, outcome: outcome || undefined, from: from || undefined, to: to || undefined }),
    initialFilters: { outcome: '', from: '', to: '' } as Filters,
    isFiltered: (f) => Boolean(f.outcome || f.from || f.to),
    pageSize: CALL_PAGE_SIZE,
  });
  const f = list.filters;

  const links = (c: Call) => (
    <span className="flex flex-col gap-0.5">
      {c.job ? (
        canOpenJob ? (
          <Link to="/workorder/jobs/$id" params={{ id: c.job.id }} className="text-primary hover:underline">
            Job #{c.job.jobNumber}
          </Link>
        ) : (
          <span>Job #{c.job.jobNumber}</span>
        )
      ) : null}
      {c.lead ? (
        canOpenLeads ? (
          <Link to="/leads" className="text-primary hover:underline" title={c.lead.name}>
            Lead #{c.lead.leadNumber}
          </Link>
        ) : (
          <span>Lead #{c.lead.leadNumber}</span>
        )
      ) : null}
      {!c.job && !c.lead ? <span className="text-muted">—</span> : null}
    </span>
  );
  const summary = (c: Call) =>
    c.summary ? <span className="line-clamp-2 max-w-md whitespace-pre-wrap">{c.summary}</span> : <span className="text-muted">—</span>;

  return (
    <>
      <PageHeader title="Calls" description="Calls answered by your AI receptionist or phone system." />
      <div className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Search">
          <SearchInput aria-label="Search calls" placeholder="Caller name or number" value={list.search} onChange={list.setSearch} />
        </Field>
        <Field label="Outcome">
          <Select
            options={OUTCOME_OPTIONS}
            placeholder="All outcomes"
            value={f.outcome}
            onChange={(e) => list.setFilters({ outcome: e.target.value as CallOutcome | '' })}
          />
        </Field>
        <Field label="From">
          <Input type="date" value={f.from} max={f.to || undefined} onChange={(e) => list.setFilters({ from: e.target.value })} />
        </Field>
        <Field label="To">
          <Input type="date" value={f.to} min={f.from || undefined} onChange={(e) => list.setFilters({ to: e.target.value })} />
        </Field>
      </div>
      <ListView
        list={list}
        caption="Calls"
        rowKey={(c) => c.id}
        columns={[
          { key: 'startedAt', header: 'Started', cell: (c) => formatDateTime(c.startedAt, tz), className: 'whitespace-nowrap' },
          { key: 'caller', header: 'Caller', cell: caller },
          { key: 'outcome', header: 'Outcome', cell: outcomeBadge },
          { key: 'duration', header: 'Duration', cell: (c) => durationText(c.durationSeconds), className: 'whitespace-nowrap tabular-nums' },
          { key: 'summary', header: 'Summary', cell: summary },
          { key: 'links', header: 'Lead / Job', cell: links },
        ]}
        cardTitle={(c) => `${c.callerName ?? 'Unknown caller'} · ${formatDateTime(c.startedAt, tz)}`}
        cardFields={[
          { label: 'Number', value: (c) => c.callerNumber },
          { label: 'Outcome', value: outcomeBadge },
          { label: 'Duration', value: (c) => durationText(c.durationSeconds) },
          { label: 'Summary', value: summary },
          { label: 'Lead / Job', value: links },
        ]}
        errorPlacement="below"
        emptyAction={<p className="text-sm text-muted">{CALL_MESSAGES.emptyList}: they appear here when your phone system posts them with an API token.</p>}
      />
    </>
  );
}
