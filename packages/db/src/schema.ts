import type { Flag } from './schema-flag.ts';
import type { Generated } from 'kysely';
import type { TokenScope } from '@fieldwork/domain/access/api-tokens.rules';
import type {
  EstimatesTable,
  InvoicesTable,
  DocumentLineColumns,
  EstimateLinesTable,
  InvoiceLinesTable,
  InvoicePaymentsTable,
  CatalogueItemsTable,
} from './schema-billing.ts';

import type { CostsTable, EstimateCostColumns, UserCostColumns } from './schema-costs.ts';
import type { DashboardTables, TenantBrandingColumns, TenantFinancingColumns } from './schema-dashboard.ts';
import type { MessagingTables, TenantVerificationColumns } from './schema-messaging.ts';
import type { EstimateAnswerColumns, PortalTables, TenantPortalColumns } from './schema-portal.ts';
import type { CreditColumns, PaymentTables } from './schema-payments.ts';
import type { TextTables } from './schema-texts.ts';
import type { VisitTables } from './schema-visits.ts';
import type { PlanTables } from './schema-plans.ts';
import type { NotificationTables } from './schema-notifications.ts';
import type { TaskTables, TasksTable, VehiclesTable } from './schema-tasks.ts';

export type { EstimatesTable, InvoicesTable, DocumentLineColumns, EstimateLinesTable, InvoiceLinesTable, InvoicePaymentsTable, CatalogueItemsTable };
export type { CostsTable };
export type { TasksTable, VehiclesTable };

/**
 * Row types of every table, as both dialects return them: ids and instants are strings (ISO 8601 UTC),
 * flags are 0/1 integers (Flag) so one query works on SQLite and PostgreSQL alike.
 */

export type TenantsTable = { id: string; name: string; time_zone: string; created_at: string; updated_at: string; version: number };
export type TenantCountersTable = { tenant_id: string; name: string; value: number };

export type UsersTable = {
  id: string;
  tenant_id: string;
  email: string;
  password_hash: string;
  name: string;
  phone: string | null;
  role: string;
  access: string;
  status: string;
  photo_file_id: string | null;
  added_by: string | null;
  created_at: string;
  updated_at: string;
  password_changed_at: string;
  version: number;
};

export type UserTagsTable = { tenant_id: string; user_id: string; tag_id: string };
export type UserZonesTable = { tenant_id: string; user_id: string; zone_id: string };

export type SessionsTable = {
  id: string;
  tenant_id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  idle_seconds: number;
  user_agent: string | null;
  ip: string | null;
};

export type InvitationsTable = {
  id: string;
  tenant_id: string;
  email: string;
  role: string;
  access: string;
  token_hash: string;
  tag_ids: string;
  zone_ids: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: string | null;
  revoked_at: string | null;
};

export type AppFlagsTable = { key: string; created_at: string };
export type RateLimitsTable = { key: string; window_start: string; count: number };

export type ZonesTable = { id: string; tenant_id: string; name: string; created_at: string };
export type TagsTable = { id: string; tenant_id: string; name: string; type: string; created_at: string };

export type CustomersTable = {
  id: string;
  tenant_id: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  is_active: Flag;
  created_by: string | null;
  search_text: string;
  created_at: string;
  updated_at: string;
  version: number;
};
export type CustomerTagsTable = { tenant_id: string; customer_id: string; tag_id: string };
export type CustomerAddressesTable = {
  id: string;
  tenant_id: string;
  customer_id: string;
  address_line1: string;
  building_unit: string | null;
  full_address: string;
  position: number;
  archived_at: string | null;
};
export type CustomerContactsTable = {
  id: string;
  tenant_id: string;
  customer_id: string;
  name: string;
  email: string | null;
  mobile_number: string | null;
  is_billing: Flag;
  position: number;
  archived_at: string | null;
};

export type SubcontractorsTable = {
  id: string;
  tenant_id: string;
  name: string;
  kind: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  is_active: Flag;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};
export type SubcontractorTagsTable = { tenant_id: string; subcontractor_id: string; tag_id: string };
export type SubcontractorZonesTable = { tenant_id: string; subcontractor_id: string; zone_id: string };

export type ApiTokensTable = {
  id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  token_hash: string;
  prefix: string;
  scope: TokenScope;
  created_at: string;
  /** null: works until revoked. */
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
};

export type FilesTable = {
  id: string;
  tenant_id: string;
  content_type: string;
  size: number;
  data: Uint8Array;
  created_by: string | null;
  created_at: string;
};

export type LocationsTable = { id: string; tenant_id: string; name: string; full_address: string; kind: string; created_at: string };

export type CrmLeadsTable = {
  id: string;
  tenant_id: string;
  lead_number: number;
  customer_id: string;
  status: string;
  source: string;
  notes: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type JobsTable = {
  id: string;
  tenant_id: string;
  job_number: number;
  job_number_text: string;
  name: string;
  description: string | null;
  status: string;
  customer_id: string;
  site_address_id: string;
  building_unit_id: string | null;
  site_contact_id: string | null;
  requester_id: string | null;
  job_lead_id: string | null;
  sales_manager_id: string | null;
  crm_lead_id: string | null;
  open_estimates_count: Generated<number>;
  open_estimates_cents: Generated<number>;
  due_invoices_count: Generated<number>;
  due_invoices_cents: Generated<number>;
  paid_cents: Generated<number>;
  total_cost_cents: Generated<number>;
  open_balance_cents: Generated<number>;
  task_count: Generated<number>;
  estimate_count: Generated<number>;
  invoice_count: Generated<number>;
  cost_count: Generated<number>;
  note_count: Generated<number>;
  media_count: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};
export type JobTagsTable = { tenant_id: string; job_id: string; tag_id: string; status: string };
export type JobZonesTable = { tenant_id: string; job_id: string; zone_id: string; status: string };
export type JobCountsTable = { tenant_id: string; status: string; n: number };

export type NotesTable = {
  id: string;
  tenant_id: string;
  job_id: string;
  note_type: string;
  note: string;
  author_id: string | null;
  created_at: string;
  updated_at: string;
};

export type ActivityLogTable = {
  id: string;
  tenant_id: string;
  job_id: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  message: string;
  actor_id: string | null;
  /** JSON array of {field, oldValue, newValue}. */
  meta: string;
  created_at: string;
};

export type MediaTable = {
  id: string;
  tenant_id: string;
  job_id: string | null;
  session_token: string | null;
  file_name: string;
  content_type: string;
  media_type: string;
  size: number;
  storage_key: string;
  created_by: string | null;
  created_at: string;
};

export type TableConfigsTable = { tenant_id: string; user_id: string; type: string; config: string; updated_at: string };

/** A field action's idempotency key and, once answered, its stored response (migration 0007). */
export type IdempotencyKeysTable = {
  tenant_id: string;
  user_id: string;
  key: string;
  /** "METHOD /route/pattern" the key was first used on. */
  route: string;
  /** sha256 of the request body as validated. */
  request_hash: string;
  state: 'pending' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: string;
};

export type Database = DashboardTables &
  MessagingTables &
  PortalTables &
  PaymentTables &
  TextTables &
  VisitTables &
  PlanTables &
  NotificationTables &
  TaskTables & {
    tenants: TenantsTable & { financing_url: Generated<TenantFinancingColumns['financing_url']> } & {
      [K in keyof TenantBrandingColumns]: Generated<TenantBrandingColumns[K]>;
    } & TenantVerificationColumns &
      TenantPortalColumns;
    tenant_counters: TenantCountersTable;
    /** Migration 0010 adds the hourly labor cost rate (defaults to 0). */
    users: UsersTable & {
      cost_rate_cents: Generated<UserCostColumns['cost_rate_cents']>;
      /** 'off', 'email' or 'text': how they hear of a task assigned to them or moved (migration 0029). */
      assignment_notice: Generated<string>;
    };
    user_tags: UserTagsTable;
    user_zones: UserZonesTable;
    sessions: SessionsTable;
    invitations: InvitationsTable;
    app_flags: AppFlagsTable;
    rate_limits: RateLimitsTable;
    zones: ZonesTable;
    tags: TagsTable;
    customers: CustomersTable;
    customer_tags: CustomerTagsTable;
    customer_addresses: CustomerAddressesTable;
    customer_contacts: CustomerContactsTable;
    subcontractors: SubcontractorsTable;
    subcontractor_tags: SubcontractorTagsTable;
    subcontractor_zones: SubcontractorZonesTable;
    api_tokens: ApiTokensTable;
    files: FilesTable;
    locations: LocationsTable;
    crm_leads: CrmLeadsTable;
    jobs: JobsTable;
    job_tags: JobTagsTable;
    job_zones: JobZonesTable;
    job_counts: JobCountsTable;
    notes: NotesTable;
    activity_log: ActivityLogTable;
    media: MediaTable;
    table_configs: TableConfigsTable;
    idempotency_keys: IdempotencyKeysTable;
    estimates: EstimatesTable & { estimated_cost_cents: Generated<EstimateCostColumns['estimated_cost_cents']> } & Partial<EstimateAnswerColumns> &
      CreditColumns;
    estimate_lines: EstimateLinesTable;
    invoices: InvoicesTable & CreditColumns;
    invoice_lines: InvoiceLinesTable;
    invoice_payments: InvoicePaymentsTable;
    catalogue_items: CatalogueItemsTable;
    costs: CostsTable;
  };
