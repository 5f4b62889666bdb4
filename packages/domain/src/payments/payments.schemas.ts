import { z } from 'zod';
import { moneyField } from '../billing/billing.schemas.ts';
import { PAYMENT_MESSAGES } from './payments.rules.ts';

/** Contracts of online payments: the company's Stripe connection, checkout and what documents show of it. */

const secret = (label: string, pattern: RegExp, message: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(300, { error: `${label} must be at most 300 characters.` })
    .regex(pattern, { error: message });

/**
 * PUT /api/company/payments. Secrets are write-only: leave secretKey or webhookSecret out to keep the stored
 * one (answers show only their last four characters).
 */
export const paymentSettingsBody = z.strictObject({
  provider: z.literal('stripe', { error: 'provider must be stripe.' }),
  secretKey: secret('Secret Key', /^(sk|rk)_(test|live)_\w+$/, PAYMENT_MESSAGES.secretKeyShape).optional(),
  publishableKey: secret('Publishable Key', /^pk_(test|live)_\w+$/, PAYMENT_MESSAGES.publishableKeyShape),
  webhookSecret: secret('Webhook Signing Secret', /^whsec_\w+$/, PAYMENT_MESSAGES.webhookSecretShape).optional(),
  allowPartial: z.boolean({ error: 'allowPartial must be true or false.' }),
});
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;

export const paymentSettingsSchema = z.object({
  provider: z.literal('stripe').nullable(),
  connected: z.boolean(),
  secretKeyLast4: z.string().nullable(),
  webhookSecretLast4: z.string().nullable(),
  publishableKey: z.string().nullable(),
  allowPartial: z.boolean(),
  /** Stripe's test mode: no real money moves. */
  testMode: z.boolean(),
  /** Paste into Stripe → Developers → Webhooks. */
  webhookUrl: z.string(),
  /** The events the endpoint must receive. */
  webhookEvents: z.array(z.string()),
  /** Not connected, and the server runs the demo: the built-in test checkout takes payments. */
  demoProvider: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** Pay: the whole balance, or `amount` (dollars) where the company allows part-payments. */
export const payBody = z.strictObject({ amount: moneyField('Amount', undefined, 1).optional() });
export type PayBody = z.infer<typeof payBody>;

/** Where to send the payer: Stripe Checkout's hosted page (or the demo's test checkout). */
export const checkoutAnswer = z.object({ data: z.object({ url: z.string() }) });
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** What a portal invoice or estimate offers for paying online; null when the company takes no online payments. */
export const onlinePaySchema = z
  .object({
    canPay: z.boolean(),
    allowPartial: z.boolean(),
    /** Dollars: the smallest part-payment. */
    minimum: z.number(),
    testMode: z.boolean(),
  })
  .nullable();
export type OnlinePay = z.infer<typeof onlinePaySchema>;

/** One card payment as the office sees it (dollars). */
export const onlinePaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  refunded: z.number(),
  fee: z.number().nullable(),
  net: z.number().nullable(),
  payerEmail: z.string().nullable(),
  providerPaymentId: z.string(),
  paidAt: z.string(),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** The demo's test checkout page (no money moves). */
export const testCheckoutSchema = z.object({
  companyName: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(['open', 'complete']),
  returnUrl: z.string(),
  cancelUrl: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;
