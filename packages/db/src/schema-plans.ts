/** Tables of migration 0030: service plans and the invoices drafted for them. */
export type ServicePlansTable = {
  id: string;
  tenant_id: string;
  customer_id: string;
  site_address_id: string;
  /** The plan's own job: its visits are this job's tasks. */
  job_id: string;
  plan_number: number;
  name: string;
  /** A PlanStatus (packages/domain/src/plans/plans.rules.ts). */
  status: string;
  /** JSON of the domain's Recurrence, as the office edits it. */
  recurrence: string;
  /** The same rule as RFC 5545 text (DTSTART in the company's zone and RRULE). */
  rrule: string;
  starts_on: string;
  ends_on: string | null;
  /** JSON: task name, description, default assignee, lines. */
  visit_template: string;
  /** A BillingKind. */
  billing: string;
  price_cents: number;
  /** The domain's yearlyValue as of the last save or daily run (migration 0031); null before it. */
  yearly_value_cents?: number | null;
  auto_send: number;
  renewal_days: number | null;
  renewal_to_customer: number;
  /** YYYY-MM-DD in the company's zone: visits exist up to this day (the daily extension starts after it). */
  generated_through: string | null;
  paused_at: string | null;
  ended_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

export type PlanInvoicesTable = { tenant_id: string; plan_id: string; period_key: string; invoice_id: string; created_at: string };

/** Migration 0030's columns on tasks; optional so the writers that know nothing of plans stay as they are. */
export type TaskPlanColumns = {
  plan_id?: string | null;
  /** YYYY-MM-DD in the company's zone: the occurrence this visit stands for. */
  plan_occurrence?: string | null;
  /** Why a generated visit needs the office ('clash'), or null. */
  plan_attention?: string | null;
};

export type PlanTables = { service_plans: ServicePlansTable; plan_invoices: PlanInvoicesTable };
