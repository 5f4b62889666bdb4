import type { Flag } from './schema-flag.ts';
import type { Generated } from 'kysely';
import type { TaskPlanColumns } from './schema-plans.ts';

/** Tasks and what hangs off them: work periods, vehicles, time off, bid requests and the list counters. */
export type TasksTable = {
  id: string;
  tenant_id: string;
  task_number: number;
  task_number_text: string;
  name: string;
  description: string | null;
  job_id: string;
  customer_id: string;
  lifecycle: string;
  assigned_to: string;
  assigned_user_id: string | null;
  assigned_subcontractor_id: string | null;
  /** The technician's user id or the subcontractor's id; null when unassigned. */
  assignee_key: string | null;
  schedule_id: string | null;
  start_at: string | null;
  expected_end_at: string | null;
  end_at: string | null;
  schedule_version: Generated<number>;
  estimate_count: Generated<number>;
  estimate_received_count: Generated<number>;
  invoice_count: Generated<number>;
  invoice_received_count: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  version: Generated<number>;
};
export type TaskActivitiesTable = {
  id: string;
  tenant_id: string;
  task_id: string;
  job_id: string;
  user_id: string | null;
  start_time: string;
  end_time: string | null;
  description: string | null;
  created_at: string;
  /** The vehicle used during the period (migration 0006). */
  vehicle_id: string | null;
};
/** Who worked a period with its user (migration 0006). */
export type TaskActivityAssistantsTable = { tenant_id: string; activity_id: string; user_id: string };
/** A company vehicle: VIN unique per company, stored upper case; cost rates in cents. */
export type VehiclesTable = {
  id: string;
  tenant_id: string;
  name: string;
  vin: string;
  state: string | null;
  plate: string | null;
  is_active: Flag;
  hourly_cost_cents: number;
  mile_cost_cents: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};
/** A technician's blocked period: busy for availability and the clash check. */
export type TimeOffTable = {
  id: string;
  tenant_id: string;
  user_id: string;
  start_at: string;
  end_at: string;
  reason: string | null;
  created_by: string | null;
  created_at: string;
};
/** A subcontractor's bid on a task: one per (task, subcontractor). */
export type BidRequestsTable = {
  id: string;
  tenant_id: string;
  task_id: string;
  subcontractor_id: string;
  status: string;
  amount_cents: number | null;
  note: string | null;
  earliest_start_at: string | null;
  answered_by: string | null;
  answered_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: Generated<number>;
};
/** Keys: 'all', 'unscheduled' | 'unassigned' | 'assigned', 'lifecycle:<L>', 'assignee:<key>'. */
export type TaskCountsTable = { tenant_id: string; key: string; n: number };
/** Open assigned scheduled tasks per 'end:<UTC day>' / 'start:<UTC day>' (migration 0032). */
export type TaskDueCountsTable = TaskCountsTable;

/** Joined into Database in schema.ts. */
export type TaskTables = {
  tasks: TasksTable & TaskPlanColumns;
  task_activities: TaskActivitiesTable;
  task_activity_assistants: TaskActivityAssistantsTable;
  vehicles: VehiclesTable;
  task_counts: TaskCountsTable;
  task_due_counts: TaskDueCountsTable;
  time_off: TimeOffTable;
  bid_requests: BidRequestsTable;
};
