/**
 * Card payments through a company's own Stripe account. Money is integer cents; a payment is recorded only from
 * a verified webhook, so these rules decide what is offered and how money that moved lands on a document.
 */

/** Stripe refuses card charges below 50 cents in USD; offering a smaller part-payment would only fail there. */
export const MIN_ONLINE_PAYMENT_CENTS = 50;

export const PAYMENT_MESSAGES = {
  notConnected: 'Online payments are not set up for this company.',
  notPayable: 'This invoice has no balance to pay online.',
  depositNotPayable: 'This estimate has no deposit to pay online.',
  partialNotAllowed: 'This company takes the full balance only.',
  amountTooSmall: `The amount must be at least $${(MIN_ONLINE_PAYMENT_CENTS / 100).toFixed(2)}.`,
  amountOverBalance: 'The amount cannot be more than the balance.',
  keyRefused: 'Stripe refused this secret key. Check that you copied the whole key from your Stripe dashboard.',
  keyUnreachable: 'Stripe could not be reached to check this key. Try again in a minute.',
  secretKeyShape: 'Secret Key must start with sk_ or rk_.',
  publishableKeyShape: 'Publishable Key must start with pk_.',
  webhookSecretShape: 'Webhook Signing Secret must start with whsec_.',
  keyModesDiffer: 'Secret Key and Publishable Key must both be test keys or both live keys.',
  secretsRequired: 'Secret Key and Webhook Signing Secret are mandatory when connecting Stripe.',
  badSignature: 'The webhook signature is not valid.',
  checkoutRefused: 'Stripe could not open a checkout for this payment. Try again in a minute, or record the payment by hand.',
  testPayment: 'Test payment — no money moves',
  creditFlag: 'refund or apply',
} as const;

/** Where an invoice's money stands: paid never passes the total; money beyond it is a credit to refund or apply. */
export type InvoiceMoney = { status: string; totalCents: number; paidCents: number; creditCents: number };

/**
 * Money that moved is always recorded. It fills the balance first; what is left over (the office recorded cash
 * for the same balance meanwhile, or the invoice was voided) becomes a credit flagged "refund or apply" — never
 * refused, since the card was already charged. A Sent invoice reaching its total becomes Paid.
 */
export function applyOnlinePayment(money: InvoiceMoney, amountCents: number): InvoiceMoney & { appliedCents: number } {
  const open = money.status === 'SENT' || money.status === 'PAID' ? Math.max(0, money.totalCents - money.paidCents) : 0;
  const appliedCents = Math.min(open, amountCents);
  const paidCents = money.paidCents + appliedCents;
  const status = money.status === 'SENT' && paidCents >= money.totalCents ? 'PAID' : money.status;
  return { status, totalCents: money.totalCents, paidCents, creditCents: money.creditCents + amountCents - appliedCents, appliedCents };
}

/**
 * A refund takes back the credit first (that money was not owed), then reopens the balance: a Paid invoice
 * whose paid amount drops below its total is open (Sent) again.
 */
export function applyRefund(money: InvoiceMoney, refundCents: number): InvoiceMoney {
  const fromCredit = Math.min(money.creditCents, refundCents);
  const paidCents = Math.max(0, money.paidCents - (refundCents - fromCredit));
  const status = money.status === 'PAID' && paidCents < money.totalCents ? 'SENT' : money.status;
  return { status, totalCents: money.totalCents, paidCents, creditCents: money.creditCents - fromCredit };
}

/** Pay is offered on a Sent invoice with a balance. */
export function canPayInvoiceOnline(invoice: { status: string; totalCents: number; paidCents: number }): boolean {
  return invoice.status === 'SENT' && invoice.totalCents - invoice.paidCents > 0;
}

/** Pay deposit is offered on an Approved estimate that requires a deposit above zero and is not yet converted. */
export function canPayDepositOnline(estimate: { status: string; isDepositRequired: boolean; depositCents: number; isConverted: boolean }): boolean {
  return estimate.status === 'APPROVED' && estimate.isDepositRequired && estimate.depositCents > 0 && !estimate.isConverted;
}

/**
 * What one online invoice payment charges: the whole balance unless an amount is chosen, a chosen amount only
 * where the company allows part-payments, never below Stripe's minimum (a smaller balance is recorded by hand)
 * or above the balance.
 */
export function chosenAmount(
  balanceCents: number,
  requestedCents: number | undefined,
  allowPartial: boolean,
): { ok: true; amountCents: number } | { ok: false; message: string } {
  if (requestedCents === undefined || requestedCents === balanceCents) {
    return balanceCents < MIN_ONLINE_PAYMENT_CENTS ? { ok: false, message: PAYMENT_MESSAGES.amountTooSmall } : { ok: true, amountCents: balanceCents };
  }
  if (!allowPartial) return { ok: false, message: PAYMENT_MESSAGES.partialNotAllowed };
  if (requestedCents > balanceCents) return { ok: false, message: PAYMENT_MESSAGES.amountOverBalance };
  if (requestedCents < MIN_ONLINE_PAYMENT_CENTS) return { ok: false, message: PAYMENT_MESSAGES.amountTooSmall };
  return { ok: true, amountCents: requestedCents };
}

/** Answers show a secret only by its last four characters. */
export function lastFour(secret: string | null): string | null {
  return secret ? secret.slice(-4) : null;
}

/** A secret key from Stripe's test mode: the settings page says no real money moves. */
export function isTestKey(secretKey: string | null): boolean {
  return !!secretKey && /^(sk|rk)_test_/.test(secretKey);
}
