import type { Generated } from 'kysely';

/** Tables and columns of migration 0023: the customer portal's links and sessions. */
export type PortalLinksTable = {
  id: string;
  tenant_id: string;
  customer_id: string;
  estimate_id: string | null;
  invoice_id: string | null;
  /** The recipient the link was emailed to (lower case). */
  email: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  /** 'revoked' by the office, or 'replaced' by a fresh link emailed to the same address. */
  revoked_reason: string | null;
  last_opened_at: string | null;
  created_by: string | null;
  created_at: string;
};

export type PortalSessionsTable = {
  /** SHA-256 of the cookie's value. */
  id: string;
  tenant_id: string;
  customer_id: string;
  email: string;
  link_id: string | null;
  /** Set when the session may read only this one document (its link went to an address not on the customer). */
  only_estimate_id: Generated<string | null>;
  only_invoice_id: Generated<string | null>;
  created_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
};

/** Migration 0024: a photo (a row of `files`) a customer sent with a request for work, in the order sent. */
export type LeadPhotosTable = {
  tenant_id: string;
  lead_id: string;
  file_id: string;
  position: number;
  created_at: string;
};

export type PortalTables = { portal_links: PortalLinksTable; portal_sessions: PortalSessionsTable; lead_photos: LeadPhotosTable };

export type TenantPortalColumns = {
  portal_slug: string | null;
  portal_estimate_link_days: Generated<number>;
  portal_invoice_link_days: Generated<number>;
};

/** How an estimate was answered: 'onsite' (on the technician's device) or 'portal' (the customer's own). */
export type EstimateAnswerColumns = {
  approval_via: string | null;
  approval_user_agent: string | null;
  approval_signature_text: string | null;
  approval_document_hash: string | null;
  approval_request_key: string | null;
};
