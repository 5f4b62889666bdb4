import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  COST_CATEGORY,
  COST_FOR,
  COST_FOR_LABELS,
  COST_TYPE_LABELS,
  COST_TYPES,
  isCostFor,
  isCostType,
  type CostFor,
  type CostType,
} from '@fieldwork/domain/jobs/costs.rules';
import type { Cost } from '@fieldwork/domain/jobs/costs.schemas';
import { buttonClass } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { Input } from '../../components/input';
import { ListView } from '../../components/list-view';
import { BackLink, PageHeader } from '../../components/page-header';
import { Select } from '../../components/select';
import { Skeleton } from '../../components/skeleton';
import { messageOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-context';
import { formatMoney } from '../../lib/money';
import { usePagedList } from '../../lib/use-paged-list';
import { jobKeys, jobsApi } from '../jobs/jobs.api';
import { PICKER_LIMIT, taskKeys, tasksApi } from '../tasks/tasks.api';
import { costCardFields, costCardTitle, costColumns, type CostRowContext } from './cost-columns';
import { CostEditDialog } from '../../shared/costs/cost-edit-dialog';
import { costCsvUrl, costKeys, costsApi, type CostScope } from './costs.api';

/** The page's filters, kept in the address so a filtered list can be shared and survives a reload. */
export type AllCostsSearch = { costFor?: CostFor; taskId?: string; costType?: CostType; from?: string; to?: string };

export const ALL_COSTS_PAGE_SIZE = 20;
export const EXPORT_CSV_TEXT = 'Export CSV';

type Filters = { jobId: string; costFor: CostFor } & Omit<AllCostsSearch, 'costFor'>;

/**
 * Totals per category of exactly the costs the table lists (same kind, type, task and dates) across every page.
 * Actual and estimated costs answer different questions, so they are never added together.
 */
function CategoryTotals({ scope }: { scope: CostScope & { costFor: CostFor } }) {
  const all = useQuery({ queryKey: costKeys.export(scope), queryFn: () => costsApi.all(scope) });
  if (all.isLoading) return <Skeleton className="mb-3 h-16 w-full" />;
  if (!all.data?.totalCost) return all.error ? <p className="mb-3 text-sm text-danger">{messageOf(all.error)}</p> : null;
  const t = all.data.totalCost;
  const title = `${COST_FOR_LABELS[scope.costFor]} costs by category`;
  return (
    <section aria-label={title} className="mb-3">
      <h2 className="mb-2 text-sm font-semibold text-gray-900">{title}</h2>
      <dl aria-label="Totals by category" className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {[...COST_TYPES.map((type) => ({ label: COST_TYPE_LABELS[type], value: t[COST_CATEGORY[type]] })), { label: 'Total', value: t.total }].map((f) => (
          <div key={f.label} className="rounded-lg border border-border bg-white px-3 py-2">
            <dt className="text-xs font-medium text-muted">{f.label}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{formatMoney(f.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** All costs of a job: every actual or estimated record with filters by type, task and dates, edit, delete and CSV export. */
export function AllCostsPage() {
  const { id: jobId = '' } = useParams({ strict: false });
  const search: AllCostsSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Cost | null>(null);
  const [deleting, setDeleting] = useState<Cost | null>(null);

  const job = useQuery({ queryKey: jobKeys.detail(jobId), queryFn: () => jobsApi.get(jobId), enabled: !!jobId });
  const tasks = useQuery({
    queryKey: [...taskKeys.list, 'job-picker', jobId],
    queryFn: () => tasksApi.list({ page: 1, limit: PICKER_LIMIT, assignedStatus: 'ALL', jobId, orderByKey: 'taskNumber', orderByValue: 'asc' }),
    enabled: !!jobId,
  });
  const taskNumbers = useMemo(() => new Map((tasks.data?.data ?? []).map((t) => [t.id, t.taskNumber])), [tasks.data]);

  const list = usePagedList<Cost, Filters>({
    queryKey: [...costKeys.all, 'list'],
    fetchPage: ({ search: _unused, ...params }) => costsApi.list(params),
    initialFilters: { jobId, costFor: search.costFor ?? 'JOB', taskId: search.taskId, costType: search.costType, from: search.from, to: search.to },
    isFiltered: (f) => !!(f.taskId || f.costType || f.from || f.to),
    pageSize: ALL_COSTS_PAGE_SIZE,
  });
  const setFilter = (change: Partial<AllCostsSearch>) => {
    list.setFilters(change);
    const { jobId: _j, ...current } = list.filters;
    const next = { ...current, ...change, costFor: (change.costFor ?? current.costFor) === 'JOB' ? undefined : ('ESTIMATE' as const) };
    void navigate({ to: '/workorder/jobs/$id/all-costs', params: { id: jobId }, search: next, replace: true });
  };

  const remove = useMutation({
    mutationFn: (c: Cost) => costsApi.remove(c.id, c.costType),
    onSuccess: async () => {
      setDeleting(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: costKeys.all }), queryClient.invalidateQueries({ queryKey: jobKeys.all })]);
    },
  });

  // Job-wide changes are office writes (server: requireOfficeWrite / requireCostChange); this page is office-only.
  const ctx: CostRowContext = { taskNumbers, canWrite: auth.can('costs.write'), onEdit: setEditing, onDelete: (c) => (remove.reset(), setDeleting(c)) };
  const jobTitle = job.data ? `Job #${job.data.jobNumber}` : 'Job';
  const f = list.filters;
  const scope = { jobId, costFor: f.costFor, costType: f.costType, taskId: f.taskId, from: f.from, to: f.to };

  return (
    <div>
      <PageHeader
        title={`All costs${job.data ? ` · ${jobTitle} ${job.data.name}` : ''}`}
        back={
          <BackLink to="/workorder/jobs/$id" params={{ id: jobId }}>
            {jobTitle}
          </BackLink>
        }
        actions={
          <a href={costCsvUrl(scope)} download className={buttonClass('secondary')}>
            <Download size={16} aria-hidden="true" /> {EXPORT_CSV_TEXT}
          </a>
        }
      />
      <CategoryTotals scope={scope} />
      <div className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <Field label="Show">
          <Select
            options={COST_FOR.map((c) => ({ value: c, label: `${COST_FOR_LABELS[c]} costs` }))}
            value={f.costFor}
            onChange={(e) => setFilter({ costFor: isCostFor(e.target.value) ? e.target.value : 'JOB' })}
          />
        </Field>
        <Field label="Type">
          <Select
            options={COST_TYPES.map((t) => ({ value: t, label: COST_TYPE_LABELS[t] }))}
            placeholder="All types"
            value={f.costType ?? ''}
            onChange={(e) => setFilter({ costType: isCostType(e.target.value) ? e.target.value : undefined })}
          />
        </Field>
        <Field label="Task">
          <Select
            options={(tasks.data?.data ?? []).map((t) => ({ value: t.id, label: `#${t.taskNumber} ${t.name}` }))}
            placeholder="All tasks"
            value={f.taskId ?? ''}
            onChange={(e) => setFilter({ taskId: e.target.value || undefined })}
          />
        </Field>
        <Field label="From">
          <Input type="date" value={f.from ?? ''} max={f.to} onChange={(e) => setFilter({ from: e.target.value || undefined })} />
        </Field>
        <Field label="To">
          <Input type="date" value={f.to ?? ''} min={f.from} onChange={(e) => setFilter({ to: e.target.value || undefined })} />
        </Field>
      </div>
      <ListView
        list={list}
        caption={`${COST_FOR_LABELS[f.costFor]} costs`}
        columns={costColumns(ctx)}
        rowKey={(c) => c.id}
        cardTitle={costCardTitle}
        cardFields={costCardFields(ctx)}
      />
      {editing ? <CostEditDialog cost={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete cost?"
        description={
          <>
            {deleting
              ? `This ${COST_TYPE_LABELS[deleting.costType].toLowerCase()} cost of ${formatMoney(deleting.amount)} will be removed and the job's totals updated.`
              : null}
            {remove.error ? (
              <span role="alert" className="mt-2 block text-danger">
                {messageOf(remove.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </div>
  );
}
