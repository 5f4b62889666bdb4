import type Stripe from 'stripe';
import { AppError } from '@fieldwork/domain/common/errors.schemas';
import { PAYMENT_MESSAGES } from '@fieldwork/domain/payments/payments.rules';

/**
 * The one place the product talks to Stripe, always with the official SDK and the company's own secret key.
 * STRIPE_API_URL points the SDK elsewhere (tests run it against a fake Stripe on loopback). The SDK retries
 * network failures itself, re-sending the same idempotency key, so a retry never makes a second session.
 */
export type StripeGateway = {
  /** The key works: Stripe answers for its account. Refused keys and an unreachable Stripe say which. */
  checkKey: (secretKey: string) => Promise<void>;
  createCheckout: (secretKey: string, session: CheckoutRequest, idempotencyKey: string) => Promise<{ id: string; url: string }>;
  /** Stripe's fee and the net amount of a payment, once Stripe has them (null before). */
  feeOf: (secretKey: string, paymentIntentId: string) => Promise<{ feeCents: number; netCents: number } | null>;
  /** The event, when its signature over the raw body matches the secret and is recent; otherwise rejects. */
  verifyEvent: (rawBody: Buffer, signature: string, webhookSecret: string) => Promise<Stripe.Event>;
  /** A Stripe-Signature header for a payload: the demo's test checkout signs its events as Stripe would. */
  signature: (payload: string, webhookSecret: string) => Promise<string>;
};

export type CheckoutRequest = {
  amountCents: number;
  currency: string;
  description: string;
  payerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the PaymentIntent and its charge, so every later event names the company and the document. */
  metadata: Record<string, string>;
};

/**
 * The SDK is loaded on first use, not at start-up: it is the largest package the server imports and only
 * companies taking online payments need it, so every start (and restart after a crash) would pay for it.
 */
let sdk: Promise<typeof Stripe> | null = null;
const loadStripe = () => (sdk ??= import('stripe').then((m) => m.default));
let verifierClient: Promise<Stripe> | null = null;
const verifier = () => (verifierClient ??= loadStripe().then((StripeSdk) => new StripeSdk('sk_verify_only')));

const CLIENTS_KEPT = 500;

export function createStripeGateway(apiUrl: string | undefined): StripeGateway {
  const target = apiUrl ? new URL(apiUrl) : null;
  // One client per company key, kept: a client builds its ~100 resource objects when made, which was 2.8% of the
  // server's CPU time while card payments came in with their fee reads (bench/payments.mjs profile). The oldest key
  // is dropped past CLIENTS_KEPT, so a deployment of many companies holds a bounded number.
  const clients = new Map<string, Promise<Stripe>>();
  const clientFor = (secretKey: string) => {
    let client = clients.get(secretKey);
    if (client) return client;
    client = loadStripe().then(
      (StripeSdk) =>
        new StripeSdk(secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(target
            ? { host: target.hostname, port: target.port || (target.protocol === 'http:' ? 80 : 443), protocol: target.protocol === 'http:' ? 'http' : 'https' }
            : {}),
        }),
    );
    clients.set(secretKey, client);
    if (clients.size > CLIENTS_KEPT) clients.delete(clients.keys().next().value!);
    return client;
  };

  return {
    async checkKey(secretKey) {
      const StripeSdk = await loadStripe();
      try {
        await (await clientFor(secretKey)).accounts.retrieveCurrent();
      } catch (error) {
        if (error instanceof StripeSdk.errors.StripeAuthenticationError || error instanceof StripeSdk.errors.StripePermissionError) {
          throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.keyRefused);
        }
        throw new AppError('UPSTREAM_FAILED', PAYMENT_MESSAGES.keyUnreachable);
      }
    },

    async createCheckout(secretKey, session, idempotencyKey) {
      const created = await (
        await clientFor(secretKey)
      ).checkout.sessions
        .create(
          {
            mode: 'payment',
            line_items: [
              { quantity: 1, price_data: { currency: session.currency, unit_amount: session.amountCents, product_data: { name: session.description } } },
            ],
            success_url: session.successUrl,
            cancel_url: session.cancelUrl,
            metadata: session.metadata,
            payment_intent_data: { metadata: session.metadata, description: session.description },
            ...(session.payerEmail ? { customer_email: session.payerEmail } : {}),
          },
          { idempotencyKey },
        )
        .catch(() => {
          // A refused key or request, or Stripe unreachable after the SDK's retries: the payer is told, nothing is stored.
          throw new AppError('UPSTREAM_FAILED', PAYMENT_MESSAGES.checkoutRefused);
        });
      if (!created.url) throw new AppError('UPSTREAM_FAILED', 'Stripe did not return a checkout page.');
      return { id: created.id, url: created.url };
    },

    async feeOf(secretKey, paymentIntentId) {
      const intent = await (await clientFor(secretKey)).paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge.balance_transaction'] });
      const charge = intent.latest_charge;
      const balance = charge && typeof charge === 'object' ? charge.balance_transaction : null;
      if (!balance || typeof balance !== 'object') return null;
      return { feeCents: balance.fee, netCents: balance.net };
    },

    async verifyEvent(rawBody, signature, webhookSecret) {
      return (await verifier()).webhooks.constructEvent(rawBody, signature, webhookSecret);
    },

    async signature(payload, webhookSecret) {
      return (await verifier()).webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },
  };
}
