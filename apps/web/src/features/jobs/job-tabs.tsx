import type { Job } from '@fieldwork/domain/jobs.schemas';
import { formatMoney } from '@fieldwork/domain/jobs.rules';
import { DataTable } from '../../components/data-table';
import { TabPanel, Tabs } from '../../components/tabs';
import { JobEstimatesTab } from './job-estimates-tab';
import { JobInvoicesTab } from './job-invoices-tab';
import { JobTasksTab } from './job-tasks-tab';

export const JOB_TABS = ['tasks', 'estimates', 'invoices', 'costs'] as const;
export type JobTab = (typeof JOB_TABS)[number];
export const isJobTab = (value: unknown): value is JobTab => JOB_TABS.includes(value as JobTab);

/** The spec's six cost categories of a job's cost summary. */
export const COST_CATEGORIES = [
  { key: 'laborCost', label: 'Labor' },
  { key: 'equipmentCost', label: 'Equipment' },
  { key: 'materialCost', label: 'Material' },
  { key: 'vehicleCost', label: 'Vehicle' },
  { key: 'subcontractorCost', label: 'Subcontractor' },
  { key: 'otherCost', label: 'Other' },
] as const;

const LABELS: Record<JobTab, string> = { tasks: 'Tasks', estimates: 'Estimates', invoices: 'Invoices', costs: 'Costs' };

export function JobTabs({ job, tab, onTabChange }: { job: Job; tab: JobTab; onTabChange: (tab: JobTab) => void }) {
  // The tasks label counts the job's tasks as its status does (cancelled ones excluded).
  const count = (tab: JobTab) => (tab === 'tasks' ? job.statusInfo.totalTasksCount : job.counts[tab]);
  const items = JOB_TABS.map((value) => ({ value, label: `${LABELS[value]} (${count(value)})` }));
  return (
    <Tabs aria-label="Job records" value={tab} items={items} onValueChange={(v) => (isJobTab(v) ? onTabChange(v) : undefined)}>
      <TabPanel value="tasks">
        <JobTasksTab job={job} />
      </TabPanel>
      <TabPanel value="estimates">
        <JobEstimatesTab job={job} />
      </TabPanel>
      <TabPanel value="invoices">
        <JobInvoicesTab job={job} />
      </TabPanel>
      <TabPanel value="costs">
        <CostsSummary count={job.counts.costs} totalCost={job.totalCost} />
      </TabPanel>
    </Tabs>
  );
}

type CostRow = { key: string; label: string; count: number; margin: number; total: number };

/** Margin, count and total cost of the job, each broken into the six categories (all zero until costs arrive). */
function CostsSummary({ count, totalCost }: { count: number; totalCost: number }) {
  const rows: CostRow[] = COST_CATEGORIES.map((c) => ({ key: c.key, label: c.label, count: 0, margin: 0, total: 0 }));
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-2">
        {[
          { label: 'Margin', value: formatMoney(0) },
          { label: 'Count', value: String(count) },
          { label: 'Total Cost', value: formatMoney(totalCost) },
        ].map((f) => (
          <div key={f.label} className="rounded-lg border border-border bg-white px-3 py-2">
            <dt className="text-xs font-medium text-muted">{f.label}</dt>
            <dd className="text-base font-semibold text-gray-900 tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption="Costs by category"
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 'category', header: 'Category', cell: (r) => r.label },
          { key: 'count', header: 'Count', cell: (r) => r.count, className: 'text-right tabular-nums' },
          { key: 'margin', header: 'Margin', cell: (r) => formatMoney(r.margin), className: 'text-right tabular-nums' },
          { key: 'total', header: 'Total Cost', cell: (r) => formatMoney(r.total), className: 'text-right tabular-nums' },
        ]}
      />
    </div>
  );
}
