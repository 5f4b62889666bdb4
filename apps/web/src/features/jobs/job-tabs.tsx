import type { Job } from '@fieldwork/domain/jobs.schemas';
import { TabPanel, Tabs } from '../../components/tabs';
import { JobCostsTab } from '../../shared/costs/job-costs-tab';
import { JobEstimatesTab } from './job-estimates-tab';
import { JobInvoicesTab } from './job-invoices-tab';
import { JobTasksTab } from './job-tasks-tab';
import { JOB_TABS, isJobTab, type JobTab } from './job-search';


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
