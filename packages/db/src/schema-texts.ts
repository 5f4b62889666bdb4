/** Tables of migration 0027: text messages through each company's own Twilio account. */
export type TextAccountsTable = {
  tenant_id: string;
  provider: string;
  account_sid: string;
  auth_token_sealed: string;
  auth_token_last4: string;
  from_number: string | null;
  messaging_service_sid: string | null;
  /** ISO 3166 alpha-2: the default country of the company's numbers. */
  country: string;
  connected_at: string;
  updated_at: string;
};

export type TextMessagesTable = {
  id: string;
  tenant_id: string;
  /** What the text is: 'test', later 'on_my_way', 'reminder', … */
  kind: string;
  to_e164: string;
  body: string;
  /** A TextStatus (packages/domain/src/texts/texts.rules.ts). */
  status: string;
  /** Twilio's message SID once Twilio accepted it. */
  provider_sid: string | null;
  error: string | null;
  customer_id: string | null;
  job_id: string | null;
  task_id: string | null;
  created_by: string | null;
  send_after: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
};

export type TextOptOutsTable = { tenant_id: string; phone_e164: string; opted_out_at: string };

/** Migration 0029: what a company texts its customers and when; no row means the product's defaults. */
export type TextPreferencesTable = {
  tenant_id: string;
  reminders_on: number;
  reminder_hours: number;
  quiet_hours_on: number;
  /** HH:MM in the company's zone. */
  quiet_start: string;
  quiet_end: string;
  booking_confirmation: number;
  job_completed: number;
  /** JSON: the company's wording per template kind; kinds it kept are absent. */
  templates: string;
  updated_at: string;
};

/** Migration 0029: a notice that went out for a reason ('reminder:{task}:{schedule version}', …), once. */
export type SentNoticesTable = { tenant_id: string; notice_key: string; created_at: string };

export type TextTables = {
  text_accounts: TextAccountsTable;
  text_messages: TextMessagesTable;
  text_opt_outs: TextOptOutsTable;
  text_preferences: TextPreferencesTable;
  sent_notices: SentNoticesTable;
};
