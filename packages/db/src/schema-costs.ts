/** Row types of the costs table (migration 0010); see schema.ts. */

/** One cost record: the columns its type does not use are null. Money in cents, quantities in thousandths. */
export type CostsTable = {
  id: string;
  tenant_id: string;
  cost_type: string;
  cost_for: string;
  job_id: string | null;
  task_id: string | null;
  estimate_id: string | null;
  invoice_id: string | null;
  activity_id: string | null;
  user_id: string | null;
  vehicle_id: string | null;
  subcontractor_id: string | null;
  bid_id: string | null;
  item: string | null;
  supplier: string | null;
  description: string | null;
  /** EQUIPMENT: HOUR or DAY. */
  unit: string | null;
  /** Hours (LABOR, VEHICLE), units (MATERIAL), hours or days (EQUIPMENT). */
  quantity_milli: number | null;
  rate_cents: number | null;
  miles_milli: number | null;
  mile_rate_cents: number | null;
  amount_cents: number;
  /** YYYY-MM-DD. */
  cost_date: string;
  notes: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

/** Columns migration 0010 adds to existing tables, kept here so the costs issue's schema reads in one place. */
export type UserCostColumns = { cost_rate_cents: number };
export type EstimateCostColumns = { estimated_cost_cents: number };
