import type { Generated } from 'kysely';

/** Tables and columns of migration 0025: card payments through each company's own Stripe account. */
export type PaymentAccountsTable = {
  tenant_id: string;
  provider: string;
  secret_key_sealed: string;
  webhook_secret_sealed: string;
  secret_key_last4: string;
  webhook_secret_last4: string;
  publishable_key: string;
  /** 1 when the secret key is one of Stripe's test-mode keys. */
  test_mode: number;
  allow_partial: number;
  connected_at: string;
  updated_at: string;
};

export type PaymentCheckoutsTable = {
  id: string;
  tenant_id: string;
  /** 'stripe', or 'test' for the demo's built-in checkout. */
  provider: string;
  provider_session_id: string;
  invoice_id: string | null;
  estimate_id: string | null;
  amount_cents: number;
  url: string;
  /** 'open' until its payment is recorded ('complete'). */
  status: string;
  idempotency_key: string;
  /** Who opened it (the portal's signed-in address), for the receipt. */
  payer_email: string | null;
  return_url: string;
  cancel_url: string;
  created_at: string;
};

export type OnlinePaymentsTable = {
  id: string;
  tenant_id: string;
  provider: string;
  /** Stripe's PaymentIntent id. */
  provider_payment_id: string;
  invoice_id: string | null;
  estimate_id: string | null;
  amount_cents: number;
  /** The part that went against the balance or deposit; the rest became the document's credit. */
  applied_cents: number;
  refunded_cents: Generated<number>;
  fee_cents: number | null;
  net_cents: number | null;
  payer_email: string | null;
  /** The invoice_payments row carrying this payment's money on the invoice (null for deposits and full refunds). */
  invoice_payment_id: string | null;
  paid_at: string;
  created_at: string;
};

export type PaymentWebhookEventsTable = { tenant_id: string; event_id: string; type: string; received_at: string };

export type PaymentTables = {
  payment_accounts: PaymentAccountsTable;
  payment_checkouts: PaymentCheckoutsTable;
  online_payments: OnlinePaymentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
};

/** Money received beyond what the document asked for, to refund or apply. */
export type CreditColumns = { credit_cents: Generated<number> };
