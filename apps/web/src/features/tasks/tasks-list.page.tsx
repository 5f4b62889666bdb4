import { useNavigate, useSearch } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { TabPanel, Tabs } from '../../components/tabs';
import { EmptyListFrame } from '../../components/empty-list-frame';
import { useAuth } from '../../lib/auth-context';
import { WorkOrderPage } from '../../app/route-guards';

export const TASK_TABS = [
  { value: 'ASSIGNED_TO_ME', label: 'Assigned to Me' },
  { value: 'ASSIGNED_TO_OTHERS', label: 'Assigned to Others' },
  { value: 'UNSCHEDULED', label: 'Unscheduled' },
  { value: 'UNASSIGNED', label: 'Unassigned' },
] as const;
export type TaskTab = (typeof TASK_TABS)[number]['value'];

export function isTaskTab(value: unknown): value is TaskTab {
  return TASK_TABS.some((t) => t.value === value);
}

function columnsFor(tab: TaskTab): string[] {
  const hours = tab === 'UNASSIGNED' ? 'Scheduled Hours' : 'Work Hours';
  return ['Task Number', 'Task Name', 'Customer Name', 'Created By', 'Created On', 'Job Number', hours, 'Assigned To', 'Status', 'Actions'];
}

export function TasksListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  // Technicians see only their own tasks (spec: "Technicians see only Assigned to Me").
  const tabs = auth.viewerClass === 'technician' ? TASK_TABS.filter((t) => t.value === 'ASSIGNED_TO_ME') : TASK_TABS;
  const requested = isTaskTab(search.tf_tab) ? search.tf_tab : 'ASSIGNED_TO_ME';
  const tab = tabs.some((t) => t.value === requested) ? requested : 'ASSIGNED_TO_ME';

  return (
    <WorkOrderPage fieldRoles="allow">
      <PageHeader title="Tasks" />
      <Tabs
        aria-label="Task lists"
        value={tab}
        items={tabs}
        onValueChange={(value) => void navigate({ to: '/workorder/tasks', search: { tf_tab: isTaskTab(value) ? value : undefined } })}
      >
        {tabs.map((t) => (
          <TabPanel key={t.value} value={t.value}>
            <EmptyListFrame caption={t.label} columns={columnsFor(t.value)} />
          </TabPanel>
        ))}
      </Tabs>
    </WorkOrderPage>
  );
}
