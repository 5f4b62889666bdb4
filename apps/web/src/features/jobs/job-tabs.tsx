import type { Job } from '@fieldwork/domain/jobs.schemas';
import { TabPanel, Tabs } from '../../components/tabs';
import { JobCostsTab } from '../../shared/costs/job-costs-tab';
import { JobEstimatesTab } from './job-estimates-tab';
import { JobInvoicesTab } from './job-invoices-tab';
import { JobTasksTab } from './job-tasks-tab';

export const JOB_TABS = ['tasks', 'estimates', 'invoices', 'costs'] as const;
export type JobTab = (typeof JOB_TABS)[number];
export const isJobTab = (value: unknown): value is JobTab => JOB_TABS.includes(value as JobTab);

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
        <JobCostsTab job={job} />
      </TabPanel>
    </Tabs>
  );
}
