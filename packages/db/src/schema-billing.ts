import type { Flag } from './schema-flag.ts';

/** Row types of the billing tables (estimates, invoices, their lines and payments, the catalogue); see schema.ts. */

/** Estimates and invoices (migration 0008). Money in cents, quantities in thousandths, tax percent in thousandths of a percent. */
export type DocumentColumns = {
  tenant_id: string;
  customer_id: string;
  job_id: string | null;
  building_unit_id: string | null;
  address_id: string | null;
  billing_contact_id: string | null;
  site_contact_id: string | null;
  payment_term: string | null;
  due_date: string | null;
  customer_message: string | null;
  sub_total_cents: number;
  taxable_sub_total_cents: number;
  tax_cents: number;
  freight_cents: number;
  deposit_required: Flag;
  deposit_cents: number;
  total_cents: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};
export type EstimatesTable = DocumentColumns & {
  id: string;
  estimate_number: number;
  status: string;
  estimate_date: string | null;
  previous_estimate_number: number | null;
  converted_invoice_id: string | null;
  approval_decision: string | null;
  approval_name: string | null;
  approval_at: string | null;
  approval_ip: string | null;
  approval_comment: string | null;
  approval_signature: string | null;
  deposit_paid_on?: string | null;
  deposit_method?: string | null;
  deposit_reference?: string | null;
};
export type InvoicesTable = DocumentColumns & {
  id: string;
  invoice_number: number;
  status: string;
  invoice_date: string | null;
  paid_cents: number;
  previous_invoice_number: number | null;
  converted_from_estimate_id: string | null;
  /** The invoice this draft was copied from by an edit (migration 0021); optional on insert. */
  copied_from_invoice_id?: string | null;
};
export type DocumentLineColumns = {
  id: string;
  tenant_id: string;
  position: number;
  name: string;
  description: string | null;
  qty_milli: number;
  rate_cents: number;
  service_id: string | null;
  is_taxable: Flag;
  tax_percent_milli: number;
  tax_cents: number;
  total_cents: number;
};
export type EstimateLinesTable = DocumentLineColumns & { estimate_id: string };
export type InvoiceLinesTable = DocumentLineColumns & { invoice_id: string };
export type InvoicePaymentsTable = {
  id: string;
  tenant_id: string;
  invoice_id: string;
  amount_cents: number;
  paid_on: string;
  method: string;
  reference: string | null;
  created_by: string | null;
  created_at: string;
};
export type CatalogueItemsTable = {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  rate_cents: number;
  is_taxable: Flag;
  tax_percent_milli: number;
  is_active: Flag;
  created_at: string;
  updated_at: string;
  version: number;
};
