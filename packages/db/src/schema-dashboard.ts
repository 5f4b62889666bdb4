import type { Flag } from './schema-flag.ts';

/** Row types of the dashboard's supporting tables (migration 0012); see schema.ts. */

/** One call of the AI receptionist's log; (tenant_id, external_call_id) is unique. */
export type ReceptionistCallsTable = {
  id: string;
  tenant_id: string;
  external_call_id: string;
  caller_name: string | null;
  caller_number: string;
  started_at: string;
  ended_at: string;
  duration_seconds: number;
  outcome: string;
  summary: string | null;
  lead_id: string | null;
  job_id: string | null;
  created_by: string | null;
  created_at: string;
};

/** Equipment at a customer's site address. */
export type CustomerAssetsTable = {
  id: string;
  tenant_id: string;
  customer_id: string;
  address_id: string;
  asset_type: string;
  make: string | null;
  model: string | null;
  serial: string | null;
  /** YYYY-MM-DD. */
  install_date: string | null;
  notes: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

/** One row per user, written on their first change; absent means the defaults. */
export type DashboardUserSettingsTable = {
  user_id: string;
  tenant_id: string;
  /** JSON: [{ key, visible }] in display order; null = default. */
  cards: string | null;
  onboarding_dismissed: Flag;
  financing_dismissed: Flag;
  updated_at: string;
};

/** Column migration 0012 adds to tenants: the financing banner's URL. */
export type TenantFinancingColumns = { financing_url: string | null };

/** Columns migration 0018 adds to tenants: contact details and branding printed on documents. */
export type TenantBrandingColumns = {
  email: string | null;
  phone: string | null;
  address: string | null;
  brand_color: string | null;
  logo_file_id: string | null;
};

/** The dashboard's tables, joined into Database in schema.ts. */
export type DashboardTables = {
  receptionist_calls: ReceptionistCallsTable;
  customer_assets: CustomerAssetsTable;
  dashboard_user_settings: DashboardUserSettingsTable;
};
