import { TASK_TABS } from '@fieldwork/domain/tasks/tasks.schemas';

/** The task list's tabs, read from ?tf_tab=: kept apart from the list screen so the router reads them without loading the page. */
export type TaskTab = (typeof TASK_TABS)[number]['value'];

export function isTaskTab(value: unknown): value is TaskTab {
  return TASK_TABS.some((t) => t.value === value);
}
