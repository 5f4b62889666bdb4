import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Columns3 } from 'lucide-react';
import { taskTableConfigType } from '@fieldwork/domain/common/table-config.schemas';
import { TASK_ORDER_KEYS, TASK_TABS, type TaskListItem, type TaskOrderKey } from '@fieldwork/domain/tasks/tasks.schemas';
import { Button, buttonClass } from '../../components/button';
import { CustomiseColumnsSheet } from '../../components/customise-columns-sheet';
import type { SortState } from '../../components/data-table';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { SearchInput } from '../../components/search-input';
import { SortSelect, type SortOption } from '../../components/sort-select';
import { SkeletonRows } from '../../components/skeleton';
import { TabPanel, Tabs } from '../../components/tabs';
import { useAuth } from '../../lib/auth-context';
import { usePagedList } from '../../lib/use-paged-list';
import { useSaveTableConfig, useTableConfig } from '../../lib/use-table-config';
import { WorkOrderPage } from '../../shared/access/route-guards';
import { AssignScheduleSheet } from '../../shared/scheduling/assign-schedule-sheet';
import { DeleteTaskDialog } from '../../shared/tasks/task-confirm-dialogs';
import { taskCardFields, taskCardTitle, taskTableColumns } from '../../shared/tasks/task-columns';
import { NO_TASK_FILTERS, TaskFilters, activeTaskFilterCount, type TaskFilterValues } from './task-filters';
import { taskNumberText } from '../../shared/tasks/task-status-badge';
import { isTaskTab, type TaskTab } from './task-search';
import { taskKeys, tasksApi } from './tasks.api';

export const TASK_SEARCH_PLACEHOLDER = 'Search by task number';
export const CREATE_TASK_TEXT = '+ Create New Task';
/** Desktop pages of 10, the phone's infinite list 15 at a time. */
export const TASK_PAGE_SIZE = 10;
export const TASK_INFINITE_PAGE_SIZE = 15;
/** Phone cards show this many fields before "Show More". */
const CARD_FIELDS_COLLAPSED = 3;

const isOrderKey = (key: string): key is TaskOrderKey => (TASK_ORDER_KEYS as readonly string[]).includes(key);

const MOBILE_SORTS: readonly SortOption[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'taskNumber:desc', label: 'Task number (high–low)' },
  { value: 'taskNumber:asc', label: 'Task number (low–high)' },
  { value: 'startDateTime:asc', label: 'Start time (earliest first)' },
  { value: 'startDateTime:desc', label: 'Start time (latest first)' },
];

type Filters = TaskFilterValues & { assignedStatus: TaskTab; sort: SortState };

export function TasksListPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const search = useSearch({ strict: false });
  // Spec: technicians (and Tech Access) see only "Assigned to Me"; subcontractors only ever have their own tasks too.
  const field = auth.viewerClass === 'technician' || auth.viewerClass === 'subcontractor';
  const tabs = field ? TASK_TABS.filter((t) => t.value === 'ASSIGNED_TO_ME') : TASK_TABS;
  const requested = isTaskTab(search.tf_tab) ? search.tf_tab : 'ASSIGNED_TO_ME';
  const tab = tabs.some((t) => t.value === requested) ? requested : 'ASSIGNED_TO_ME';

  return (
    <WorkOrderPage fieldRoles="allow">
      <TaskList
        tab={tab}
        tabs={tabs}
        onTabChange={(value) => void navigate({ to: '/workorder/tasks', search: { tf_tab: isTaskTab(value) ? value : undefined } })}
      />
    </WorkOrderPage>
  );
}

function CreateTaskLink() {
  return (
    <Link to="/workorder/tasks/create" className={buttonClass('primary')}>
      {CREATE_TASK_TEXT}
    </Link>
  );
}

type TaskListProps = { tab: TaskTab; tabs: readonly { value: TaskTab; label: string }[]; onTabChange: (tab: string) => void };

function TaskList({ tab, tabs, onTabChange }: TaskListProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const tz = auth.session.company.timeZone;
  const configType = taskTableConfigType(auth.session.user.access);
  const [customising, setCustomising] = useState(false);
  const [deleting, setDeleting] = useState<TaskListItem | null>(null);
  const [assigning, setAssigning] = useState<TaskListItem | null>(null);
  const tableConfig = useTableConfig(configType);
  const saveConfig = useSaveTableConfig(configType, () => setCustomising(false));
  const canWrite = auth.can('tasks.write');

  const list = usePagedList<TaskListItem, Filters>({
    queryKey: taskKeys.list,
    fetchPage: ({ sort, ...params }) => tasksApi.list({ ...params, orderByKey: isOrderKey(sort.key) ? sort.key : 'createdAt', orderByValue: sort.direction }),
    initialFilters: { ...NO_TASK_FILTERS, assignedStatus: tab, sort: { key: 'createdAt', direction: 'desc' } },
    isFiltered: (f) => activeTaskFilterCount(f) > 0,
    pageSize: TASK_PAGE_SIZE,
    mobilePageSize: TASK_INFINITE_PAGE_SIZE,
  });
  const { filters, setFilters } = list;

  // Spec: paging resets to page 1 when the tab changes (setFilters always does), search and filters stay.
  useEffect(() => {
    if (filters.assignedStatus !== tab) setFilters({ assignedStatus: tab });
  }, [tab, filters.assignedStatus, setFilters]);

  const options = { tab, timeZone: tz, canOpenJob: auth.can('jobs.read'), onDelete: setDeleting, onAssign: setAssigning };
  const columns = useMemo(() => taskTableColumns(tableConfig.config, options), [tableConfig.config, tab, tz]);
  const cardFields = useMemo(() => taskCardFields(tableConfig.config, options), [tableConfig.config, tab, tz]);
  const sort = filters.sort;

  return (
    <>
      <PageHeader
        title="Tasks"
        actions={
          <>
            <Button variant="secondary" onClick={() => setCustomising(true)} disabled={tableConfig.isLoading}>
              <Columns3 size={14} aria-hidden="true" /> Customise
            </Button>
            {canWrite ? <CreateTaskLink /> : null}
          </>
        }
      />
      <Tabs aria-label="Task lists" value={tab} items={tabs} onValueChange={onTabChange}>
        {tabs.map((t) => (
          <TabPanel key={t.value} value={t.value}>
            <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
              <SearchInput aria-label={TASK_SEARCH_PLACEHOLDER} placeholder={TASK_SEARCH_PLACEHOLDER} value={list.search} onChange={list.setSearch} />
              <div className="flex gap-2">
                <TaskFilters value={filters} onChange={setFilters} />
                {list.mobile ? <SortSelect label="Sort tasks" options={MOBILE_SORTS} sort={sort} onChange={(next) => setFilters({ sort: next })} /> : null}
              </div>
            </div>
            {tableConfig.isLoading ? (
              <SkeletonRows />
            ) : (
              <ListView
                list={list}
                caption={t.label}
                rowKey={(r) => r.id}
                onOpen={(r) => void navigate({ to: '/workorder/scheduler/view/$taskId', params: { taskId: r.id } })}
                openLabel={(r) => `Open task ${taskNumberText(r.taskNumber)}`}
                sort={sort}
                onSortChange={(next) => setFilters({ sort: next })}
                columns={columns}
                cardTitle={taskCardTitle}
                cardFields={cardFields}
                errorPlacement="below"
                emptyAction={canWrite ? <CreateTaskLink /> : undefined}
                infiniteScroll
                collapsedCardFields={CARD_FIELDS_COLLAPSED}
              />
            )}
          </TabPanel>
        ))}
      </Tabs>
      <CustomiseColumnsSheet
        type={configType}
        listName="the task list"
        open={customising}
        onOpenChange={setCustomising}
        config={tableConfig.config}
        onApply={(config) => saveConfig.mutate(config)}
        pending={saveConfig.isPending}
      />
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
      <AssignScheduleSheet task={assigning} open={assigning !== null} onOpenChange={(o) => !o && setAssigning(null)} timeZone={tz} />
    </>
  );
}
