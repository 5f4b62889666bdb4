import type { Db, DialectName } from '@fieldwork/db/connection';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { StripeGateway } from './stripe-gateway.ts';

/**
 * What every payment use case needs: the company's scope, the server key that opens its Stripe secrets, the
 * gateway, and — in the demo, for a company without keys — the built-in test checkout's signing secret (made
 * fresh per process: its events are signed and verified in the same process).
 */
export type PaymentsDeps = { gateway: StripeGateway; box: SecretBox; demo: boolean; testWebhookSecret: string };

export type PaymentsCtx = PaymentsDeps & { db: Db; dialect: DialectName; tenantId: string; origin: string };

/** The events a company's Stripe webhook endpoint must send. */
export const STRIPE_WEBHOOK_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded'] as const;

export const webhookUrlOf = (origin: string, tenantId: string) => `${origin}/api/webhooks/stripe/${tenantId}`;
