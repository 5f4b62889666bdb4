/** The job page's tabs, read from ?tf_tab=: kept apart from the tab screens so the router reads them without loading the page. */
export const JOB_TABS = ['tasks', 'estimates', 'invoices', 'costs', 'messages'] as const;
export type JobTab = (typeof JOB_TABS)[number];
export const isJobTab = (value: unknown): value is JobTab => JOB_TABS.includes(value as JobTab);
