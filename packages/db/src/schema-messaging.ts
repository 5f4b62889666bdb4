import type { Generated } from 'kysely';

/** Tables of migration 0020: the outbox, the messages it sends, templates and one-time links. */
export type BackgroundJobState = 'queued' | 'running' | 'done' | 'failed';
export type BackgroundJobsTable = {
  id: string;
  tenant_id: string;
  kind: string;
  /** JSON text of the job's payload. */
  payload: string;
  dedupe_key: string | null;
  state: BackgroundJobState;
  run_at: string;
  attempts: number;
  max_attempts: number;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

export type MessageState = 'queued' | 'sent' | 'partly_sent' | 'failed' | 'not_sent';
export type MessagesTable = {
  id: string;
  tenant_id: string;
  kind: string;
  subject: string;
  body_text: string;
  body_html: string;
  reply_to: string | null;
  customer_id: string | null;
  job_id: string | null;
  estimate_id: string | null;
  invoice_id: string | null;
  user_id: string | null;
  /** What the job attaches when it sends: 'estimate-pdf' or 'invoice-pdf' (rendered then), or null. */
  attachment: string | null;
  state: MessageState;
  error: string | null;
  provider_id: string | null;
  sent_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type RecipientState = 'queued' | 'sent' | 'failed' | 'not_sent';
export type MessageRecipientsTable = {
  id: string;
  tenant_id: string;
  message_id: string;
  address: string;
  role: 'to' | 'cc';
  state: RecipientState;
  error: string | null;
  updated_at: string;
};

export type EmailTemplatesTable = { tenant_id: string; kind: string; subject: string; message: string; updated_by: string | null; updated_at: string };

export type OneTimeLinksTable = {
  id: string;
  tenant_id: string;
  user_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
};

export type MessagingTables = {
  background_jobs: BackgroundJobsTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  email_templates: EmailTemplatesTable;
  password_resets: OneTimeLinksTable;
  email_verifications: OneTimeLinksTable;
};

/** Column migration 0020 adds to tenants. */
export type TenantVerificationColumns = { email_verified_at: Generated<string | null> };
