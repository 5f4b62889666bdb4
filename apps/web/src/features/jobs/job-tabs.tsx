import type { Job } from '@fieldwork/domain/jobs/jobs.schemas';
import { TabPanel, Tabs } from '../../components/tabs';
import { useAuth } from '../../lib/auth-context';
import { JobCostsTab } from '../../shared/costs/job-costs-tab';
import { MessagesPanel } from '../../shared/messages/messages-panel';
import { JobEstimatesTab } from './job-estimates-tab';
import { JobInvoicesTab } from './job-invoices-tab';
import { JobTasksTab } from './job-tasks-tab';
import { JOB_TABS, isJobTab, type JobTab } from './job-search';

const LABELS: Record<JobTab, string> = { tasks: 'Tasks', estimates: 'Estimates', invoices: 'Invoices', costs: 'Costs', messages: 'Messages' };

export function JobTabs({ job, tab, onTabChange }: { job: Job; tab: JobTab; onTabChange: (tab: JobTab) => void }) {
  // The tasks label counts the job's tasks as its status does (cancelled ones excluded).
  const count = (tab: Exclude<JobTab, 'messages'>) => (tab === 'tasks' ? job.statusInfo.totalTasksCount : job.counts[tab]);
  // Messages has no count of its own (the job carries none) and shows only to those who may read what was sent.
  const canReadMessages = useAuth().can('messages.read');
  const items = JOB_TABS.filter((value) => value !== 'messages' || canReadMessages).map((value) => ({
    value,
    label: value === 'messages' ? LABELS[value] : `${LABELS[value]} (${count(value)})`,
  }));
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
      {canReadMessages ? (
        <TabPanel value="messages">
          <MessagesPanel refs={{ jobId: job.id }} />
        </TabPanel>
      ) : null}
    </Tabs>
  );
}
