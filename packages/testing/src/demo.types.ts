import type { TaskLifecycle } from '@fieldwork/domain/tasks/task-status.rules';

/** What seeding one company made: its ids, for the seeders that fill it in afterwards. */
export type SeededCompany = {
  tenantId: string;
  userIds: Record<string, string>;
  zoneIds: string[];
  serviceTagIds: string[];
  accountTagIds: string[];
  customerIds: string[];
  subcontractorIds: string[];
};

/** The task seeder's shared shapes: its plan per task and the company it plans in. */
export type SeededTasks = { count: number; firstNumber: number; lastNumber: number };

export type JobRef = { id: string; customerId: string; status: string; created: number };
export type Assignee = { kind: 'TECHNICIAN' | 'SUBCONTRACTOR'; key: string; /** who clocks in (a subcontractor's login may be null) */ worker: string | null };
export type Plan = {
  job: JobRef;
  assignee: Assignee | null;
  start: number | null;
  end: number | null;
  lifecycle: TaskLifecycle;
  created: number;
  /**
   * The worked period: closed for CLOCKED_OUT and CLOSED, open (end null) for CLOCKED_IN; with the vehicle
   * used and the assistants (other technicians, never the assignee) when the demo gives it some.
   */
  worked?: { start: number; end: number | null; vehicleId?: string | null; assistants?: string[] };
};
export type Context = {
  tenantId: string;
  now: number;
  adminId: string | null;
  jobs: JobRef[];
  technicians: Assignee[];
  subcontractors: Assignee[];
  /** The company's vehicles: when each was added and, if deactivated, when (work periods fall between); none when absent. */
  vehicles?: { id: string; created: number; retired: number | null }[];
  /** Local midnight of the day `d` days from today, in the company's zone. */
  dayStart: (d: number) => number;
};
