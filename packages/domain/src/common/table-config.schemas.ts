import { z } from 'zod';

export const TABLE_CONFIG_TYPES = ['JOBS', 'TASKS_ASSIGNED_TO_ME_FULL', 'TASKS_ASSIGNED_TO_ME_PARTIAL'] as const;
export type TableConfigType = (typeof TABLE_CONFIG_TYPES)[number];

/** Job list columns: the spec's keys plus keys for the other columns it lists. JOB_STATUS is always shown. */
export const JOB_COLUMN_KEYS = [
  'CREATED_ON',
  'CUSTOMER_NAME',
  'JOB_LEAD',
  'SALES_MANAGER',
  'JOB_NUMBER',
  'JOB_NAME',
  'JOB_STATUS',
  'JOB_ZONE',
  'JOB_TAGS',
  'OPEN_ESTIMATES',
  'DUE_INVOICES',
  'PAID_AMOUNT',
  'TOTAL_COSTS',
  'OPEN_BALANCE',
] as const;
export type JobColumnKey = (typeof JOB_COLUMN_KEYS)[number];

export const JOB_COLUMN_LABELS = {
  CREATED_ON: 'Created On',
  CUSTOMER_NAME: 'Customer Name',
  JOB_LEAD: 'Job Lead',
  SALES_MANAGER: 'Sales Manager',
  JOB_NUMBER: 'Job Number',
  JOB_NAME: 'Job Name',
  JOB_STATUS: 'Job Status',
  JOB_ZONE: 'Service Areas',
  JOB_TAGS: 'Job Tags',
  OPEN_ESTIMATES: 'Open Estimates',
  DUE_INVOICES: 'Due Invoices',
  PAID_AMOUNT: 'Paid Amount',
  TOTAL_COSTS: 'Total Costs',
  OPEN_BALANCE: 'Open Balance',
} as const satisfies Record<JobColumnKey, string>;

/**
 * Task list columns (spec: task number, name, customer name, created by, created on, job number, work hours,
 * assigned to, status; actions always last and not configurable). The task number is always shown. The
 * default order puts what a dispatcher scans first (status, schedule, assignee) before the record details,
 * so a laptop-wide table shows them without scrolling; users rearrange in the Customise drawer.
 */
export const TASK_COLUMN_KEYS = [
  'TASK_NUMBER',
  'TASK_NAME',
  'STATUS',
  'WORK_HOURS',
  'ASSIGNED_TO',
  'CUSTOMER_NAME',
  'JOB_NUMBER',
  'CREATED_BY',
  'CREATED_ON',
] as const;
export type TaskColumnKey = (typeof TASK_COLUMN_KEYS)[number];

export const TASK_COLUMN_LABELS = {
  TASK_NUMBER: 'Task Number',
  TASK_NAME: 'Task Name',
  CUSTOMER_NAME: 'Customer Name',
  CREATED_BY: 'Created By',
  CREATED_ON: 'Created On',
  JOB_NUMBER: 'Job Number',
  WORK_HOURS: 'Work Hours',
  ASSIGNED_TO: 'Assigned To',
  STATUS: 'Status',
} as const satisfies Record<TaskColumnKey, string>;

/** FullAccess users keep the FULL configuration, everyone else the PARTIAL one. */
export function taskTableConfigType(access: string): 'TASKS_ASSIGNED_TO_ME_FULL' | 'TASKS_ASSIGNED_TO_ME_PARTIAL' {
  return access === 'fullAccess' ? 'TASKS_ASSIGNED_TO_ME_FULL' : 'TASKS_ASSIGNED_TO_ME_PARTIAL';
}

export const FIXED_COLUMNS: Partial<Record<TableConfigType, readonly string[]>> = {
  JOBS: ['JOB_STATUS'],
  TASKS_ASSIGNED_TO_ME_FULL: ['TASK_NUMBER'],
  TASKS_ASSIGNED_TO_ME_PARTIAL: ['TASK_NUMBER'],
};

export const COLUMN_KEYS = {
  JOBS: JOB_COLUMN_KEYS,
  TASKS_ASSIGNED_TO_ME_FULL: TASK_COLUMN_KEYS,
  TASKS_ASSIGNED_TO_ME_PARTIAL: TASK_COLUMN_KEYS,
} as const satisfies Record<TableConfigType, readonly string[]>;

/** The label of any configurable column key of any table. */
export const COLUMN_LABELS = {
  JOBS: JOB_COLUMN_LABELS,
  TASKS_ASSIGNED_TO_ME_FULL: TASK_COLUMN_LABELS,
  TASKS_ASSIGNED_TO_ME_PARTIAL: TASK_COLUMN_LABELS,
} as const satisfies Record<TableConfigType, Record<string, string>>;

export const columnSchema = z.strictObject({ key: z.string().max(60), enabled: z.boolean({ error: 'enabled must be true or false.' }) });
export type ColumnConfig = z.infer<typeof columnSchema>;

export const tableConfigTypeQuery = z.strictObject({ type: z.enum(TABLE_CONFIG_TYPES, { error: 'type is not a table.' }) });

export const saveTableConfigBody = z.strictObject({
  type: z.enum(TABLE_CONFIG_TYPES, { error: 'type is not a table.' }),
  config: z.array(columnSchema, { error: 'config must be an array.' }).max(60),
});
export type SaveTableConfigBody = z.infer<typeof saveTableConfigBody>;

export const tableConfigSchema = z.object({ type: z.enum(TABLE_CONFIG_TYPES), config: z.array(z.object({ key: z.string(), enabled: z.boolean() })) });

/** Default: every column on, in the spec's order. */
export function defaultTableConfig(type: TableConfigType): ColumnConfig[] {
  return COLUMN_KEYS[type].map((key) => ({ key, enabled: true }));
}

/**
 * A saved config as the table uses it: known keys only, each once, in the saved order, columns the save did
 * not mention appended (so new columns appear), fixed columns always enabled.
 */
export function normalizeTableConfig(type: TableConfigType, saved: ColumnConfig[]): ColumnConfig[] {
  const known = new Set<string>(COLUMN_KEYS[type]);
  const fixed = new Set(FIXED_COLUMNS[type] ?? []);
  const seen = new Set<string>();
  const out: ColumnConfig[] = [];
  for (const column of saved) {
    if (!known.has(column.key) || seen.has(column.key)) continue;
    seen.add(column.key);
    out.push({ key: column.key, enabled: fixed.has(column.key) ? true : column.enabled });
  }
  for (const key of COLUMN_KEYS[type]) if (!seen.has(key)) out.push({ key, enabled: true });
  return out;
}
